#!/usr/bin/env bash
# Runs every test: unit tests, random playouts and end-to-end tests built with
# AddressSanitizer and UndefinedBehaviorSanitizer, plus the fuzzers for a bounded time; and
# checks that the optimised build of contrib/run.sh compiles.
# BW_FUZZ_SECONDS sets the time per fuzzer (default 30; 5 for the map parser).
set -euo pipefail
cd "$(dirname "$0")/.."

contrib/deps.sh

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"

CC=clang cmake -S . -B build/test -G Ninja -DBW_SANITIZE=ON -DBW_FUZZ=ON \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build/test

# The optimised build that contrib/run.sh makes (the system compiler at -O3, warnings as
# errors) must compile too: its compiler warns about things the test build's does not.
cmake -S . -B build/ci-release -G Ninja -DCMAKE_BUILD_TYPE=Release -DBW_TESTS=OFF >/dev/null
cmake --build build/ci-release >/dev/null

cd build/test
ctest --output-on-failure --timeout 900 -j"$(nproc)"
