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
