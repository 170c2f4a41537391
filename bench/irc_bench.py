#!/usr/bin/python3
"""The bot under load through a real ngircd (throttle off, bot pacing off): N games, each in its
own channel with three players of their own (distinct users, so the per-user rate limit of one
command a second applies to each separately). Players open the lobbies, join, start, then each
player asks !spots / !hand about once a second; the time from sending a command to its private
reply is measured. Prints the median and 99th percentile latency, the bot's own time per line
(from reading it to its replies queued, as the bot logs it when it quits; the lines it acted on
apart from those its rate limit turned away, such as an attacker's), the bot's CPU time per
command (utime+stime from /proc) and its resident memory per game (VmRSS delta / games).

With --flood K, K attacker connections in the first channels send every cheap command (!status,
!board, !board text, !help, private board, hand, spots) as fast as the server takes them while
the players play; the players' latency is then what an attack leaves them.

    bench/irc_bench.py [--bot build/release/brickwood] [--games 10 100 500] [--seconds 20]
                       [--flood K]

One process, many sockets (selectors); every wait bounded; every process stopped by its PID."""

import argparse
import os
import re
import resource
import selectors
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "e2e"))
from harness import Bot, Ngircd, Workdir, bot_config, free_port, parse, stop_process  # noqa: E402
import socket  # noqa: E402

BOT = "brickwood"


class Conn:
    def __init__(self, port, nick, sel):
        self.nick = nick
        self.sock = socket.create_connection(("127.0.0.1", port), 10)
        self.sock.setblocking(False)
        self.buf = b""
        self.out = b""
        self.sel = sel
        self.lines = []
        self.pending = []   # send times of commands waiting for a reply
        sel.register(self.sock, selectors.EVENT_READ, self)
        self.send("NICK %s" % nick)
        self.send("USER %s 0 * :bench" % nick)

    def send(self, line):
        self.sock.setblocking(True)
        self.sock.sendall(line.encode() + b"\r\n")
        self.sock.setblocking(False)

    def read(self):
        try:
            data = self.sock.recv(65536)
        except BlockingIOError:
            return []
        if not data:
            self.sel.unregister(self.sock)
            return []
        self.buf += data
        out = []
        while b"\n" in self.buf:
            raw, self.buf = self.buf.split(b"\n", 1)
            nick, _, cmd, params = parse(raw.rstrip(b"\r").decode("utf-8", "replace"))
            if cmd == "PING":
                self.send("PONG :" + (params[0] if params else ""))
                continue
            out.append((nick, cmd, params))
        return out


def cpu_and_rss(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])
    rss = 0
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
    return ticks / os.sysconf("SC_CLK_TCK"), rss


def pump(sel, timeout, on_line):
    for key, _ in sel.select(timeout):
        c = key.data
        for m in c.read():
            on_line(c, m)


def wait_for(sel, cond, timeout, on_line):
    end = time.time() + timeout
    while not cond() and time.time() < end:
        pump(sel, 0.1, on_line)
    return cond()


def run_n(args, n):
    work = Workdir()
    server = Ngircd(args.ngircd, work, throttle=False)
    bot = None
    sel = selectors.DefaultSelector()
    conns = []
    try:
        chans = ["#b%d" % i for i in range(n)]
        net = {"name": "local", "host": "127.0.0.1", "port": server.port, "tls": False,
               "nick": BOT, "channels": chans, "flood": {"burst": 5, "interval_ms": 0}}
        bot = Bot(args.bot, work, bot_config([net], bot={"colors": False},
                                             game={"turn_timeout_s": 0}, level="info"))
        state = {"welcome": 0, "botjoins": 0, "opened": 0, "joined": 0, "started": 0}
        latencies = []

        def on_line(c, m):
            nick, cmd, params = m
            if cmd == "001":
                state["welcome"] += 1
            elif c.nick.endswith("a") and ((nick == BOT and cmd == "JOIN") or (
                    cmd == "353" and BOT in params[-1].replace("@", " ").split())):
                state["botjoins"] += 1
            elif nick == BOT and cmd in ("PRIVMSG", "NOTICE") and params:
                text = params[-1]
                if params[0].startswith("#"):
                    if c.nick.endswith("a"):
                        if "opened a lobby" in text:
                            state["opened"] += 1
                        elif "joined (3 seated" in text:
                            state["joined"] += 1
                        elif "the game starts" in text:
                            state["started"] += 1
                elif c.pending:
                    latencies.append(time.time() - c.pending.pop(0))

        t0 = time.time()
        tables = []
        for i in range(n):
            ps = [Conn(server.port, "u%d%s" % (i, x), sel) for x in "abc"]
            conns += ps
            tables.append(ps)
            pump(sel, 0, on_line)
        wait_for(sel, lambda: state["welcome"] >= 3 * n, 60, on_line)
        for i, ps in enumerate(tables):
            for p in ps:
                p.send("JOIN " + chans[i])
        wait_for(sel, lambda: state["botjoins"] >= n, 60, on_line)
        time.sleep(0.5)
        pump(sel, 0, on_line)
        base_cpu, base_rss = cpu_and_rss(bot.proc.pid)
        for i, ps in enumerate(tables):
            ps[0].send("PRIVMSG %s :!new" % chans[i])
        wait_for(sel, lambda: state["opened"] >= n, 60, on_line)
        for i, ps in enumerate(tables):
            for p in ps[1:]:
                p.send("PRIVMSG %s :!join" % chans[i])
        wait_for(sel, lambda: state["joined"] >= n, 60, on_line)
        for i, ps in enumerate(tables):
            ps[0].send("PRIVMSG %s :!start" % chans[i])
        wait_for(sel, lambda: state["started"] >= n, 60, on_line)
        setup_s = time.time() - t0
        time.sleep(1.2)
        pump(sel, 0, on_line)
        _, rss_games = cpu_and_rss(bot.proc.pid)
        cpu0, _ = cpu_and_rss(bot.proc.pid)
        attackers = []
        for a in range(args.flood):
            x = Conn(server.port, "evil%d" % a, sel)
            attackers.append(x)
        wait_for(sel, lambda: state["welcome"] >= 3 * n + args.flood, 30, on_line)
        for a, x in enumerate(attackers):
            x.send("JOIN " + chans[a % n])
        cheap = ["!status", "!board", "!board text", "!help"]
        commands = 0
        end = time.time() + args.seconds
        nxt = time.time()
        k = 0
        while time.time() < end:
            if time.time() >= nxt:
                # Every player sends one command a round; a round lasts 1.1 s.
                for i, ps in enumerate(tables):
                    for p in ps:
                        if not p.pending:
                            p.pending.append(time.time())
                            p.send("PRIVMSG %s :%s" % (chans[i], "!spots" if k % 2 else "!hand"))
                            commands += 1
                k += 1
                nxt = time.time() + 1.1
            for a, x in enumerate(attackers):
                # A few lines each pass: as fast as the socket takes them.
                for j in range(4):
                    x.send("PRIVMSG %s :%s" % (chans[a % n], cheap[(k + j) % len(cheap)]))
                x.send("PRIVMSG %s :%s" % (BOT, ["board", "hand", "spots"][k % 3]))
            pump(sel, max(0, min(0.05 if not attackers else 0.01, nxt - time.time())),
                 on_line)
        wait_for(sel, lambda: not any(p.pending for p in conns), 10, on_line)
        cpu1, rss_end = cpu_and_rss(bot.proc.pid)
        latencies.sort()
        med = latencies[len(latencies) // 2] if latencies else float("nan")
        p99 = latencies[int(len(latencies) * 0.99)] if latencies else float("nan")
        reconnects = bot.log_text().count("connecting to") - 1
        bot.stop()
        log = bot.log_text()
        own = re.search(r"handled (\d+) lines from users: median (\d+) us, p99 (\d+) us", log)
        away = re.search(r"turned away (\d+) lines from users \(rate limit\): median (\d+) us, "
                         r"p99 (\d+) us", log)
        bot = None
        print("N=%4d games%s: %6d commands, %6d replies; latency median %.1f ms, p99 %.1f ms; "
              "bot's own time per line acted on (%s lines) median %s us, p99 %s us%s; "
              "CPU %.1f us/command; RSS %.1f KiB/game%s; lobbies+starts took %.1fs" % (
                  n, " (%d attackers flooding)" % args.flood if args.flood else "", commands,
                  len(latencies), med * 1000, p99 * 1000, own.group(1) if own else "?",
                  own.group(2) if own else "?", own.group(3) if own else "?",
                  "; per line turned away by the rate limit (%s lines) median %s us, p99 %s us"
                  % away.groups() if away else "", (cpu1 - cpu0) * 1e6 / max(1, commands),
                  (rss_games - base_rss) / n,
                  "; RSS at the end %d KiB, reconnects %d" % (rss_end, reconnects)
                  if args.flood else "", setup_s))
        sys.stdout.flush()
    finally:
        for c in conns:
            try:
                c.sock.close()
            except OSError:
                pass
        if bot:
            stop_process(bot.proc, "the bot", 15)
        server.stop()


def raise_fd_limit(n):
    """Three client sockets a game, plus the server's and the bot's ends."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(hard, max(soft, 8 * n + 256))
    if want > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                                  "build", "release", "brickwood"))
    ap.add_argument("--ngircd", default="/usr/sbin/ngircd")
    ap.add_argument("--games", type=int, nargs="+", default=[10, 100, 500])
    ap.add_argument("--seconds", type=int, default=20)
    ap.add_argument("--flood", type=int, default=0, help="attacker connections")
    args = ap.parse_args()
    raise_fd_limit(max(args.games))
    for n in args.games:
        run_n(args, n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
