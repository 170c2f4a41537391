#!/usr/bin/env bash
# Runs every test: unit tests, random playouts and end-to-end tests built with
# AddressSanitizer and UndefinedBehaviorSanitizer, plus the fuzzers for a bounded time; and
# checks that everything, tests included, compiles with gcc too (the default build), and the
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
# optimisation level. Built with it, warnings as errors (the compiler's output shown when a
# build fails): everything, tests included, as a plain `cmake -S . -B build` builds it
# (RelWithDebInfo, -O2, what packagers build), and the optimised build of contrib/run.sh
# (Release, -O3 with link-time optimisation, which each test program's link would redo).
gcc_build() {
    local dir=$1
    shift
    CC=gcc cmake -S . -B "$dir" -G Ninja "$@" >/dev/null
    cmake --build "$dir" >"$dir/build.log" || { cat "$dir/build.log"; exit 1; }
}
gcc_build build/ci-gcc -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBW_TESTS=ON
gcc_build build/ci-release -DCMAKE_BUILD_TYPE=Release -DBW_TESTS=OFF

# The end-to-end tests mostly wait on the network, so many run at once; the tests that keep a
# core busy (the playouts, the fuzzers) take one "cpus" slot each from this file, one slot a
# core, so that they never outnumber the cores (tests/CMakeLists.txt, bw_cpu_bound).
cd build/test
cores=$(nproc)
jobs=$((cores * 6 > 16 ? 16 : cores * 6))
slots=""
for ((i = 0; i < cores; i++)); do
    slots+="${slots:+, }{ \"id\": \"$i\", \"slots\": 1 }"
done
printf '{ "version": { "major": 1, "minor": 0 }, "local": [ { "cpus": [ %s ] } ] }\n' \
    "$slots" >resources.json

status=0
ctest --output-on-failure --timeout 900 -j"$jobs" --resource-spec-file resources.json 2>&1 |
    tee ctest.log || status=$?

# The slowest tests and the whole time, then the count in one line.
echo
echo "slowest tests:"
sed -nE 's/^ *[0-9]+\/[0-9]+ Test +#[0-9]+: ([^ ]+) .* ([0-9.]+) sec$/\2 \1/p' ctest.log |
    sort -rn | head -5 | awk '{ printf "  %7.1f s  %s\n", $1, $2 }'
echo "total time of the test command: $((SECONDS / 60)) min $((SECONDS % 60)) s"
passed=$(grep -cE '^ *[0-9]+/[0-9]+ Test +#[0-9]+: .* Passed +[0-9.]+ sec$' ctest.log || true)
skipped=$(grep -cE '^ *[0-9]+/[0-9]+ Test +#[0-9]+: .*\*\*\*Skipped' ctest.log || true)
ran=$(grep -cE '^ *[0-9]+/[0-9]+ Test +#[0-9]+: ' ctest.log || true)
echo "tests: $passed passed, $((ran - passed - skipped)) failed, $skipped skipped"
exit "$status"
