#!/usr/bin/env bash
# Runs every test: unit tests, random playouts and end-to-end tests built with
# AddressSanitizer and UndefinedBehaviorSanitizer, plus the fuzzers for a bounded time; and
# checks that everything, tests included, compiles with gcc too: the default build and the
# optimised build of contrib/run.sh.
# BW_FUZZ_SECONDS sets the time per fuzzer (default 30; 5 for the map parser).
set -euo pipefail
cd "$(dirname "$0")/.."

contrib/deps.sh

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"

CC=clang cmake -S . -B build/test -G Ninja -DBW_SANITIZE=ON -DBW_FUZZ=ON \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build/test

# gcc, the system compiler, warns about things clang does not, and its warnings depend on the
# optimisation level (-O3 gives some that -O2 does not, and nothing promises the reverse). So
# everything, tests included, is built with it, warnings as errors, twice: as a plain
# `cmake -S . -B build` builds it (RelWithDebInfo, -O2) and as contrib/run.sh does (Release,
# -O3). The compiler's output is shown when a build fails.
for type in RelWithDebInfo Release; do
    dir="build/ci-gcc-${type,,}"
    CC=gcc cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE="$type" -DBW_TESTS=ON >/dev/null
    cmake --build "$dir" >"$dir/build.log" || { cat "$dir/build.log"; exit 1; }
done

cd build/test
ctest --output-on-failure --timeout 900 -j"$(nproc)"
