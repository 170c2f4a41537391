#!/usr/bin/python3
"""Fair output under a flood, through a real ngircd with its throttle on and the bot paced as on a
real network (a burst of 4, then one line per 500 ms).

Three games run in #f1, #f2 and #f3, three scripted players each (play.py's Table), while
attackers send the cheap commands at once:
  - two connections send every cheap command (`!status`, `!board`, `!board text`, `!help` in the
    channels; `board`, `hand`, `spots`, `status`, `board text` in private) as fast as the
    server lets them through (about three lines a second);
  - one more stays just under the bot's rate limit (a command every 1.05 s), so it is never
    ignored and its replies keep coming;
  - three players seated in #f4, where the game waits for one of them forever, each ask for
    the board drawing privately (and their hand, spots, status) every 1.05 s: the private
    replies of the player the game waits for are urgent.
For FLOOD_S seconds the players at the three tables play on; the time from each of their
commands to the bot's first line to that table (its channel, or privately to the sender) is
measured: at least MIN_SAMPLES commands, and the 99th percentile stays under MAX_P99_S.
With --probe (the test e2e_flood_probe) the player on the move also asks for their hand
(`!hand` in the channel) every PROBE_S seconds, within the bot's rate limit, and the time to the
private answer is printed apart (median and p99): a player's own lines go urgent or in the
players' turn, not among the attackers' displays. Then every probe and every player command must
be answered (after the flood the test waits, bounded, for the last answers), and the times are
printed, not checked (the probes take some of the tables' commands and output, so the figures
for the players' commands are not those of the run without them). Always: the bot's resident
memory (VmRSS) stops growing (the last half of the flood adds at most RSS_GROWTH_KIB); the bot
connected once and was never dropped (one `connecting to` in its log, no `disconnected`); it
exits cleanly.

Every process is stopped by its PID, every wait is bounded, only 127.0.0.1 is used; the whole
run takes about 125 s."""

import argparse
import os
import selectors
import sys
import threading
import time

from harness import (Bot, Client, Ngircd, TestFailure, Workdir, bot_config, check, join_all,
                     rss_kib, stop_process)
from play import Table

BOT = "brickwood"
CHANNELS = ["#f1", "#f2", "#f3"]
SIT_CHAN = "#f4"
FLOOD_S = 70
PROBE_S = 2.5
PROBE_WAIT_S = 30
MIN_SAMPLES = 50
MAX_P99_S = 5.0
RSS_GROWTH_KIB = 8192

# What the attackers send: (target, text); None as the target means privately to the bot.
CHEAP = [("#f1", "!status"), ("#f2", "!board text"), ("#f3", "!board"), ("#f1", "!help"),
         (None, "#f2 board"), (None, "hand"), (None, "#f3 spots"), (None, "#f1 board text"),
         (None, "#f2 status"), ("#f2", "!status"), ("#f3", "!board text"), (None, "help"),
         ("#f1", "!board"), (None, "#f3 board"), ("#f3", "!status"), ("#f1", "!board text")]
SITTER = [(None, "#f4 board"), (None, "#f4 hand"), (None, "#f4 board"), (None, "#f4 spots"),
          (None, "#f4 status"), (SIT_CHAN, "!board text"), (None, "#f4 board"),
          (SIT_CHAN, "!status")]


class Stopped(Exception):
    pass


class TimedTable(Table):
    """A table that notes when its players sent each command and when the bot's lines for the
    table arrived, and stops at stop_at (its waits raise Stopped)."""

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.stop_at = float("inf")
        self.cmds = []      # (time sent, nick)
        self.arrived = []   # (time, nick or None for the channel)
        self.probe_from = None  # while set: players ask !hand now and then (see probe)
        self.probe_due = {}
        self.probes = []    # (time sent, nick) of those

    def probe(self):
        """(--probe) The player the game waits for asks for their hand every PROBE_S seconds
        between moves, within the share of the bot's rate limit the table leaves."""
        now = time.time()
        if self.probe_from is None or now < self.probe_from or now > self.stop_at:
            return
        for p in self.players:
            if p.nick != self.waited_for() or now < self.probe_due.get(p.nick, 0):
                continue
            tok, at = self.tokens.get(id(p), (self.BURST, now))
            tok = min(self.BURST, tok + (now - at) / self.REFILL)
            if tok < 2:
                continue
            self.tokens[id(p)] = (tok - 1, now)
            p.send("PRIVMSG %s :!hand" % self.chan)
            self.note("> %s: !hand (probe)" % p.nick)
            self.cmds.append((now, p.nick))
            self.probes.append((now, p.nick))
            self.probe_due[p.nick] = now + PROBE_S

    def waited_for(self):
        """The player on the move: in the setup, the one the last placement prompt names."""
        if self.tr.setup:
            return self.tr.prompts[-1][1] if self.tr.prompts else None
        return self.tr.current

    def pump(self, timeout):
        self.probe()
        super().pump(timeout)

    def say(self, player, text, where=None):
        t = super().say(player, text, where)
        self.cmds.append((t, player.nick))
        return t

    def feed(self, client, m):
        if m.nick.lower() == self.bot.lower() and m.cmd in ("PRIVMSG", "NOTICE") and m.params:
            target = m.params[0].lower()
            if target == self.chan.lower() and client is self.players[0]:
                self.arrived.append((m.time, None))
            elif target == client.nick.lower():
                self.arrived.append((m.time, client.nick))
        super().feed(client, m)

    def wait(self, cond, timeout, what):
        if time.time() > self.stop_at:
            raise Stopped()
        try:
            super().wait(cond, min(timeout, max(0.1, self.stop_at - time.time() + 0.1)), what)
        except TestFailure:
            if time.time() > self.stop_at:
                raise Stopped()
            raise

    def latencies(self, since, until, probes=None):
        """(answered latencies, commands never answered) for commands sent in [since, until):
        the players' moves (probes False), the probes (True; answered by a private line) or
        all (None)."""
        out, missing = [], 0
        probed = set(self.probes)
        for t0, nick in self.cmds:
            if not since <= t0 < until:
                continue
            is_probe = (t0, nick) in probed
            if probes is not None and probes != is_probe:
                continue
            ok = (nick,) if is_probe else (None, nick)
            t1 = next((t for t, who in self.arrived if t > t0 and who in ok), None)
            if t1 is None:
                missing += 1
            else:
                out.append(t1 - t0)
        return out, missing


class Attackers:
    """Attacker connections driven from one thread: each sends its list of commands round and
    round every `gap` seconds and reads (and drops) what it gets."""

    def __init__(self):
        self.sel = selectors.DefaultSelector()
        self.plan = []      # (client, gap, commands)
        self.sent = 0
        self.errors = []

    def add(self, client, gap, commands):
        self.plan.append([client, gap, commands, 0, 0.0])
        self.sel.register(client.sock, selectors.EVENT_READ, client)

    def run(self, until):
        try:
            while time.time() < until:
                now = time.time()
                nxt = until
                for p in self.plan:
                    client, gap, commands, i, at = p
                    if client.closed:
                        continue
                    if now >= at:
                        target, text = commands[i % len(commands)]
                        client.send("PRIVMSG %s :%s" % (target or BOT, text))
                        self.sent += 1
                        p[3], p[4] = i + 1, now + gap
                    nxt = min(nxt, p[4])
                for key, _ in self.sel.select(max(0, min(0.05, nxt - time.time()))):
                    c = key.data
                    c.pump(0)
                    c.seen = []
        except Exception as e:  # reported by the main thread
            self.errors.append("attackers: %r" % e)


def run(args, work):
    server = Ngircd(args.ngircd, work, throttle=True)
    clients, bot, logs = [], None, []
    # A small ASan quarantine, so that resident memory follows what the bot holds.
    os.environ.setdefault("ASAN_OPTIONS", "detect_leaks=1:quarantine_size_mb=4")
    try:
        net = {"name": "local", "host": "127.0.0.1", "port": server.port, "tls": False,
               "nick": BOT, "channels": CHANNELS + [SIT_CHAN],
               "flood": {"burst": 4, "interval_ms": 500}}
        bot = Bot(args.bot, work, bot_config([net], bot={"colors": False},
                                             game={"turn_timeout_s": 0}, level="info"),
                  seed=args.seed)
        tables = []
        for ci, chan in enumerate(CHANNELS):
            players = [Client(server.port, "p%d%s" % (ci, x)) for x in "abc"]
            clients += players
            join_all(players, chan, BOT)
            logs.append(open(work.file(chan[1:] + ".log"), "w"))
            tables.append(TimedTable(chan, players, BOT, seed=ci + 1, log=logs[-1]))

        # #f4: a game that waits for one of its players forever.
        sitters = [Client(server.port, "sit%d" % i) for i in range(3)]
        clients += sitters
        join_all(sitters, SIT_CHAN, BOT)
        sitters[0].say(SIT_CHAN, "!new")
        sitters[0].expect(lambda m: m.nick == BOT and "opened a lobby" in m.params[-1], 20, "lobby")
        for s in sitters[1:]:
            s.say(SIT_CHAN, "!join")
        sitters[0].expect(lambda m: m.nick == BOT and "joined (3 seated" in m.params[-1], 20,
                          "three seated")
        sitters[0].say(SIT_CHAN, "!start")
        sitters[0].expect(lambda m: m.nick == BOT and "place" in m.params[-1], 20,
                          "first setup prompt")

        fast = [Client(server.port, "flood%d" % i, "fl%d" % i) for i in range(2)]
        rider = Client(server.port, "rider", "rd")
        clients += fast + [rider]
        for c in fast + [rider]:
            for chan in CHANNELS:
                c.send("JOIN " + chan)
        for t in tables:
            t.open_lobby()
        for t in tables:
            t.start()
        base_rss = rss_kib(bot.proc.pid)

        attack = Attackers()
        for i, c in enumerate(fast):
            attack.add(c, 0.3, CHEAP[i * 5:] + CHEAP[:i * 5])
        attack.add(rider, 1.05, CHEAP[3:] + CHEAP[:3])
        for i, c in enumerate(sitters):
            attack.add(c, 1.05, SITTER[i * 2:] + SITTER[:i * 2])

        flood_start = time.time()
        flood_end = flood_start + FLOOD_S
        errors = []

        def drive(t):
            t.stop_at = flood_end
            t.probe_from = flood_start if args.probe else None
            try:
                t.setup(timeout=FLOOD_S)
                for _ in range(200):
                    t.play_turn()
                    if t.tr.winner:
                        break
            except Stopped:
                pass
            except Exception as e:  # reported by the main thread
                errors.append("%s: %s" % (t.chan, e))

        threads = [threading.Thread(target=drive, args=(t,)) for t in tables]
        if not args.no_attack:
            threads.append(threading.Thread(target=attack.run, args=(flood_end,)))
        for th in threads:
            th.start()
        rss = []
        while time.time() < flood_end:
            time.sleep(1)
            check(bot.alive(), "bot alive during the flood")
            rss.append((time.time() - flood_start, rss_kib(bot.proc.pid)))
        for th in threads:
            th.join(max(1, flood_end + 40 - time.time()))
        check(not any(th.is_alive() for th in threads), "driver threads finished")
        check(not errors and not attack.errors, "; ".join(errors + attack.errors))
        # The answers to the last probes may still be on their way: waited for, bounded.
        deadline = time.time() + PROBE_WAIT_S
        while time.time() < deadline and any(
                t.latencies(flood_start, flood_end, probes=True)[1] for t in tables):
            for t in tables:
                t.pump(0.1)

        waits, missing, probes, probes_missing = [], 0, [], 0
        for t in tables:
            # A command sent in the last seconds may be answered after the end: not counted.
            w, m = t.latencies(flood_start, flood_end - 8, probes=False)
            waits += w
            missing += m
            w, m = t.latencies(flood_start, flood_end, probes=True)
            probes += w
            probes_missing += m
            check(not t.tr.problems, "; ".join(t.tr.problems[:5]))

        def quantiles(v):
            v = sorted(v)
            if not v:
                return float("nan"), float("nan")
            return v[len(v) // 2], v[min(len(v) - 1, int(len(v) * 0.99))]

        waits.sort()
        p50, p99 = quantiles(waits)
        if args.probe:
            print("flood: !hand asked by the player on the move (answered privately): %d "
                  "answered, %d not; median %.2fs, p99 %.2fs" % (
                      (len(probes), probes_missing) + quantiles(probes)))
        half = [kib for at, kib in rss if at < FLOOD_S / 2]
        late = [kib for at, kib in rss if at >= FLOOD_S / 2]
        growth = max(late) - max(half)
        print("flood: %d attacker commands in %ds; %d player commands answered, %d not; "
              "answer time median %.2fs, p99 %.2fs, max %.2fs" % (
                  attack.sent, FLOOD_S, len(waits), missing, p50, p99, waits[-1]))
        print("memory: VmRSS %d KiB before the flood, %d KiB at most in its first half, %d KiB "
              "in its second (growth %d KiB)" % (base_rss, max(half), max(late), growth))
        check(missing == 0, "%d player commands never answered" % missing)
        if args.probe:
            check(probes, "no probe was answered")
            check(probes_missing == 0, "%d of the probes' !hand never answered" % probes_missing)
        else:
            check(len(waits) >= MIN_SAMPLES, "player commands measured (%d)" % len(waits))
            check(p99 < MAX_P99_S, "p99 answer time %.2fs (limit %.1fs)" % (p99, MAX_P99_S))
        check(growth <= RSS_GROWTH_KIB,
              "VmRSS grew %d KiB in the second half of the flood" % growth)

        for c in fast + [rider] + sitters:
            c.close("bye")
        check(bot.alive(), "bot alive after the flood")
        rc = bot.stop()
        check(rc == 0, "bot exit status %s" % rc)
        text = bot.log_text()
        check(text.count("connecting to") == 1, "the bot connected %d times" %
              text.count("connecting to"))
        check("disconnected" not in text.split("signal 15")[0] and "Excess Flood" not in text,
              "the server did not drop the bot")
        bot.check_clean_log()
        bot = None
    finally:
        for c in clients:
            c.close()
        if bot:
            stop_process(bot.proc, "the bot", 15)
        server.stop()
        for f in logs:
            f.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", required=True)
    ap.add_argument("--ngircd", default="/usr/sbin/ngircd")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--probe", action="store_true",
                    help="the player on the move also asks !hand every PROBE_S seconds; their "
                    "answer times are printed apart, and every answer is awaited")
    ap.add_argument("--no-attack", action="store_true",
                    help="the games alone, for the figures to compare with")
    args = ap.parse_args()
    work = Workdir()
    try:
        run(args, work)
    except TestFailure as e:
        print("FAIL:", e, "(logs in %s)" % work.path)
        return 1
    print("ok: flood (logs in %s)" % work.path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
