#!/usr/bin/env bash
# Installs what is missing, builds, starts a local ngIRCd on 127.0.0.1 and the bot joined to
# #catan with its web view on 127.0.0.1:8080 (or a free port), and tells you how to connect
# and play. Ctrl-C stops the bot, then the server.
#
#   contrib/run.sh            the bot on a local IRC server
#   contrib/run.sh --demo     instead, one game between random legal players, printed
#                             (further arguments: [SEED] [PLAYERS])
set -euo pipefail
cd "$(dirname "$0")/.."

contrib/deps.sh
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DBW_TESTS=OFF >/dev/null
cmake --build build/release >/dev/null

if [ "${1:-}" = "--demo" ]; then
    shift
    exec build/release/contrib/demo_game "$@"
fi

port_free() {
    ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}
port=6667
if ! port_free "$port"; then
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    echo "Port 6667 is taken; using port $port instead."
fi

web_port=8080
if ! port_free "$web_port"; then
    web_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
fi

work=$(mktemp -d -t brickwood-run.XXXXXX)
# ngIRCd started as root runs as "nobody" and must write its pid file here.
chmod 777 "$work"
sed -e "s/@PORT@/$port/" -e "s#@PIDFILE@#$work/ngircd.pid#" -e "s/@PENALTY@/-1/" \
    contrib/ngircd.conf.in >"$work/ngircd.conf"
cat >"$work/brickwood.conf" <<CONF
networks = (
  {
    name = "local";
    host = "127.0.0.1";
    port = $port;
    tls = false;
    nick = "brickwood";
    alt_nicks = [ "brickwood_" ];
    channels = [ "#catan" ];
    flood = { burst = 4; interval_ms = 1000; };
  }
);
store = { path = "$work/brickwood.db"; };
log = { level = "info"; };
web = { listen = "127.0.0.1:$web_port"; };
CONF

ngircd_path=$(command -v ngircd || echo /usr/sbin/ngircd)
"$ngircd_path" -n -f "$work/ngircd.conf" >"$work/ngircd.log" 2>&1 &
ngircd_pid=$!
stop_server() {
    kill "$ngircd_pid" 2>/dev/null || true
    wait "$ngircd_pid" 2>/dev/null || true
}
trap stop_server EXIT
for _ in $(seq 50); do
    port_free "$port" || break
    sleep 0.1
done

cat <<MSG

A local IRC server runs on 127.0.0.1 port $port, and the bot joins #catan.
Connect with any IRC client, for example:
    irssi -c 127.0.0.1 -p $port -n alice        (or weechat, HexChat: server 127.0.0.1/$port)
then:  /join #catan   and type  !new  (friends type !join), then  !start
Type  !help  for the commands. Ctrl-C here stops the bot and the server.
Watch the games in a browser:  http://127.0.0.1:$web_port/   (!board web gives a game's page)
Files (configuration, logs) are in $work

MSG
build/release/brickwood -c "$work/brickwood.conf" || true
