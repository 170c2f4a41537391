#!/usr/bin/env bash
# Installs what is missing, builds, and plays one complete game between random legal
# players, printing its channel and private lines. Arguments go to the game: [SEED] [PLAYERS].
set -euo pipefail
cd "$(dirname "$0")/.."

contrib/deps.sh
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DBW_TESTS=OFF >/dev/null
cmake --build build/release >/dev/null
exec build/release/contrib/demo_game "$@"
