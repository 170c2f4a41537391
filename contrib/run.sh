#!/usr/bin/env bash
# Installs what running needs, builds, starts a local ngIRCd on 127.0.0.1 and the bot joined to
# #catan with its web view, and tells you how to connect and play. Ctrl-C stops the bot (it
# saves every game), then the server; run it again and the games go on.
#
#   contrib/run.sh            the bot on a local IRC server
#   contrib/run.sh --demo     instead, one game between random legal players, printed
#                             (further arguments: [SEED] [PLAYERS])
#
# Everything it keeps is in one folder, $XDG_STATE_HOME/brickwood (~/.local/state/brickwood
# when XDG_STATE_HOME is not set): the configuration (written on the first run, then only read:
# edit it freely), the store (games, ratings, channel languages) and the logs. Outside the
# source tree, a fresh checkout or `git clean` keeps them.
#
# Environment (for tests and the curious):
#   BRICKWOOD_BIN        run this brickwood binary; nothing is installed or built
#   BRICKWOOD_IRC_PORT   the local server's port a first run writes (default 6667, or the
#   BRICKWOOD_WEB_PORT   next free one), and the web view's (default 8080, or the next free)
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${BRICKWOOD_BIN:-}
if [ -z "$bin" ]; then
    contrib/deps.sh --run
    cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DBW_TESTS=OFF >/dev/null
    cmake --build build/release >/dev/null
    bin=build/release/brickwood
fi

if [ "${1:-}" = "--demo" ]; then
    shift
    exec "$(dirname "$bin")/contrib/demo_game" "$@"
fi

state=${XDG_STATE_HOME:-$HOME/.local/state}/brickwood
case $state in
*'"'* | *\\* | *$'\n'*)
    echo "run.sh: the folder $state has a quote, backslash or newline in its name" >&2
    exit 1
    ;;
esac
mkdir -p "$state"
chmod 700 "$state"
conf=$state/brickwood.conf
log=$state/brickwood.log

# One run at a time: the store is in use while the bot runs. The lock is held by the bot and
# the server too, so it is not free while either still runs.
exec 9>>"$state/run.lock"
if ! flock -n 9; then
    echo "run.sh: already running with $state (PID $(cat "$state/run.pid" 2>/dev/null || echo ?));" \
        "stop it with Ctrl-C there first" >&2
    exit 1
fi
echo $$ >"$state/run.pid"

port_free() {
    ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}
# The first free port from $1 on (at most 100 tried).
free_from() {
    local p=$1
    for _ in $(seq 100); do
        if port_free "$p"; then
            echo "$p"
            return
        fi
        p=$((p + 1))
    done
    echo "run.sh: no free port from $1 to $p" >&2
    exit 1
}

# The marks at the end of the two lines run.sh may change when their port is taken.
irc_mark="# run.sh: the local server's port"
web_mark="# run.sh: the web view's port"
if [ -e "$conf" ]; then
    echo "Keeping the configuration of an earlier run: $conf"
else
    port=$(free_from "${BRICKWOOD_IRC_PORT:-6667}")
    web_port=$(free_from "${BRICKWOOD_WEB_PORT:-8080}")
    cat >"$conf.new" <<CONF
# Written by contrib/run.sh on its first run; it keeps it from then on: edit it freely.
# brickwood.conf(5) and README.md ("Command line and configuration") describe every key.
networks = (
  {
    name = "local";
    host = "127.0.0.1";
    port = $port; $irc_mark
    tls = false;
    nick = "brickwood";
    alt_nicks = [ "brickwood_" ];
    channels = [ "#catan" ];
    flood = { burst = 4; interval_ms = 1000; };
  }
);
bot = {
  # The local server takes connections from this machine only, and reports their host as
  # 127.0.0.1: whoever connects to it is an admin (!lang, !stop, !kick, join, status...).
  # On a server others can reach, name people instead: "account:NAME" or "*!*@their.host".
  admins = [ "*!*@127.0.0.1" ];
};
store = { path = "$state/brickwood.db"; };
log = { level = "info"; file = "$log"; };
web = { listen = "127.0.0.1:$web_port"; }; $web_mark
CONF
    mv "$conf.new" "$conf"
    echo "Wrote the configuration: $conf"
fi

# The ports as the configuration has them now. One taken since (another program) is moved to
# a free one in the configuration when run.sh's line is still there; otherwise run.sh stops.
port=$(sed -n 's/^ *port = \([0-9]*\);.*/\1/p' "$conf" | head -1)
web_port=$(sed -n 's/^ *web = { listen = "127\.0\.0\.1:\([0-9]*\)".*/\1/p' "$conf" | head -1)
if [ -z "$port" ]; then
    echo "run.sh: no \"port = N;\" line in $conf: the local server needs one" >&2
    exit 1
fi
# The port $2 of the $1 is taken: move it to a free one on the line run.sh marked with $3.
move_port() {
    local new
    if ! grep -qF "$3" "$conf"; then
        echo "run.sh: the $1 port $2 is taken; change it in $conf" >&2
        exit 1
    fi
    new=$(free_from $(($2 + 1)))
    sed -i "/${3#\# }/s/\([ :]\)$2\([;\"]\)/\1$new\2/" "$conf"
    echo "Port $2 is taken; the $1 moves to port $new (changed in $conf)." >&2
    echo "$new"
}
if ! port_free "$port"; then
    port=$(move_port "IRC server's" "$port" "$irc_mark")
fi
if [ -n "$web_port" ] && ! port_free "$web_port"; then
    web_port=$(move_port "web view's" "$web_port" "$web_mark")
fi

# ngIRCd started as root runs as "nobody" and must write its pid file: a folder of its own,
# removed at the end.
run_dir=$(mktemp -d -t brickwood-run.XXXXXX)
chmod 777 "$run_dir"
sed -e "s/@PORT@/$port/" -e "s#@PIDFILE@#$run_dir/ngircd.pid#" -e "s/@PENALTY@/-1/" \
    contrib/ngircd.conf.in >"$state/ngircd.conf"

ngircd_pid=""
bot_pid=""
# The bot first (SIGINT: it saves every game and says goodbye), then the server. Each runs in a
# session of its own, so that Ctrl-C in this terminal reaches only this script, which stops
# them in that order.
# shellcheck disable=SC2317 # called by the traps
stop_all() {
    trap - INT TERM HUP EXIT
    if [ -n "$bot_pid" ] && kill -0 "$bot_pid" 2>/dev/null; then
        echo "Stopping the bot (PID $bot_pid)..."
        kill -INT "$bot_pid" 2>/dev/null || true
        wait "$bot_pid" 2>/dev/null || true
    fi
    if [ -n "$ngircd_pid" ]; then
        kill -TERM "$ngircd_pid" 2>/dev/null || true
        wait "$ngircd_pid" 2>/dev/null || true
    fi
    rm -rf "$run_dir"
    rm -f "$state/run.pid"
}
trap 'stop_all; exit 0' INT TERM HUP
trap stop_all EXIT

ngircd_path=$(command -v ngircd || echo /usr/sbin/ngircd)
setsid "$ngircd_path" -n -f "$state/ngircd.conf" >>"$state/ngircd.log" 2>&1 </dev/null &
ngircd_pid=$!
for _ in $(seq 100); do
    kill -0 "$ngircd_pid" 2>/dev/null || break
    port_free "$port" || break
    sleep 0.1
done
if ! kill -0 "$ngircd_pid" 2>/dev/null || port_free "$port"; then
    echo "run.sh: ngIRCd did not start on port $port; see $state/ngircd.log" >&2
    exit 1
fi

setsid "$bin" -c "$conf" </dev/null &
bot_pid=$!

web_line="(the web view is off in the configuration)"
if [ -n "$web_port" ]; then
    web_line="Watch the games in a browser:  http://127.0.0.1:$web_port/   (!board web gives a game's page)"
fi
admin_line="Admins are those bot.admins names in the configuration: they set !lang and more."
if grep -qF '"*!*@127.0.0.1"' "$conf"; then
    admin_line="Everyone connected to this server is an admin (bot.admins in the configuration): !lang uk
sets the channel's language, and  /msg brickwood status  tells how the bot is doing."
fi
cat <<MSG

A local IRC server (PID $ngircd_pid) runs on 127.0.0.1 port $port, and the bot (PID $bot_pid)
joins #catan.
Connect with any IRC client, for example:
    irssi -c 127.0.0.1 -p $port -n alice        (or weechat, HexChat: server 127.0.0.1/$port)
then:  /join #catan   and type  !new  (friends type !join, or !addbot seats a computer
player), then  !start.  !help lists the commands.
$admin_line
$web_line

Configuration:  $conf
Store:          $state/brickwood.db   (games, ratings and languages: run.sh again resumes them)
Logs:           $log   and   $state/ngircd.log
Ctrl-C here stops the bot, then the server.

MSG

status=0
wait "$bot_pid" || status=$?
bot_pid=""
if [ "$status" -ne 0 ]; then
    echo "run.sh: the bot stopped (exit status $status); see $log" >&2
fi
exit "$status"
