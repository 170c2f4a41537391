#!/usr/bin/env bash
# Installs the Debian packages that brickwood needs to build, test and run, when missing.
#   contrib/deps.sh           everything: the build, the tests (IRC servers included), fuzzers
#   contrib/deps.sh --build   only what building and running the bot need (for a server):
#                             the compiler and build tools, and the six libraries (libpq for a
#                             PostgreSQL store; the PostgreSQL server itself is only for tests)
#   contrib/deps.sh --run     what contrib/run.sh needs: --build, and ngIRCd for its local
#                             IRC server
set -euo pipefail

packages=(
    build-essential cmake ninja-build pkg-config clang libclang-rt-dev clang-format
    libircclient-dev libconfig-dev libssl-dev libsqlite3-dev libpq-dev libcmocka-dev
    libmicrohttpd-dev ngircd python3 python3-irc openssl
    # The PostgreSQL store's tests start a server of their own (initdb, pg_ctl).
    postgresql
    # The web view's end-to-end test loads a game page in a headless browser.
    chromium
    # Manual page checks (mandoc -T lint) and the man pages' own reader.
    mandoc man-db
    # Test servers: InspIRCd with Atheme services for SASL and IRCv3 capabilities.
    inspircd atheme-services
)
build=(
    build-essential cmake ninja-build pkg-config
    libircclient-dev libconfig-dev libssl-dev libsqlite3-dev libpq-dev libmicrohttpd-dev
)
case "${1:-}" in
--build) packages=("${build[@]}") ;;
--run) packages=("${build[@]}" ngircd) ;;
"") ;;
*)
    echo "usage: contrib/deps.sh [--build | --run]" >&2
    exit 2
    ;;
esac

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done

if ((${#missing[@]})); then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        sudo="sudo"
    fi
    echo "installing: ${missing[*]}" >&2
    # The IRC and database servers run only when run.sh or a test starts one: keep their
    # packages from starting system services (a daemon on port 6667 or 5432) while they install.
    policy=/usr/sbin/policy-rc.d
    own_policy=""
    if [ ! -e "$policy" ]; then
        printf '#!/bin/sh\nexit 101\n' | $sudo tee "$policy" >/dev/null
        $sudo chmod 755 "$policy"
        own_policy=1
    fi
    $sudo apt-get update
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}" ||
        { [ -n "$own_policy" ] && $sudo rm -f "$policy"; exit 1; }
    if [ -n "$own_policy" ]; then
        $sudo rm -f "$policy"
    fi
fi
