#!/usr/bin/python3
"""Complete games through a real ngircd with its flood throttle on: the bot joins three channels,
three scripted players in each open a lobby, start, place their setup pieces and play to a winner,
all three channels at once, using only channel and private commands. Every hand line a player
gets is checked against the hand tracked from the game's lines; no hand line reaches a channel.

Pacing: the server never drops the bot (no ERROR / Excess Flood), and a private reply to the
current player never waits behind more than the configured burst of lines to other targets.

ngIRCd's throttle (measured on 26.1): lines that reach it one or two per read pass at once, even
a few dozen a second; when four or more wait in one read it handles three and the rest a second
later, and a client that keeps more than three lines a second coming stays in that state (lines
then arrive three a second, in clumps). So the bot's pacing here is a burst of 2, then one line
per 350 ms: whatever ngircd reads at once stays under four, and the rate under three a second.
(A burst of 3 every 250 ms passed most runs but once fell into the clumps from the first lines.)

BRICKWOOD_SEED and lobbies opened in a fixed order make the boards, seat orders and dice the same
every run; the players' choices depend only on what they are told, so every run plays the same
three games."""

import argparse
import sys
import threading
import time

from harness import (Bot, Client, Ngircd, TestFailure, Workdir, bot_config, check, join_all,
                     stop_process)
from play import Table

CHANNELS = ["#g1", "#g2", "#g3"]
BOT = "brickwood"


def run(args, work):
    server = Ngircd(args.ngircd, work, throttle=True)
    clients, bot, logs = [], None, []
    try:
        net = {"name": "local", "host": "127.0.0.1", "port": server.port, "tls": False,
               "nick": BOT, "channels": CHANNELS,
               "flood": {"burst": args.burst, "interval_ms": args.interval}}
        bot = Bot(args.bot, work, bot_config([net], bot={"colors": False},
                                             game={"turn_timeout_s": 0,
                                                   "victory_points": args.vp}, level="info"),
                  seed=args.seed if args.seed >= 0 else None)
        tables = []
        for ci, chan in enumerate(CHANNELS):
            players = [Client(server.port, "p%d%s" % (ci, x)) for x in "abc"]
            clients += players
            join_all(players, chan, BOT)
            logs.append(open(work.file(chan[1:] + ".log"), "w"))
            tables.append(Table(chan, players, BOT, seed=ci + 1, log=logs[-1]))
        lines = []       # (arrival time, target) of every bot line the clients saw
        for t in tables:
            feed = t.feed

            def logged(client, m, t=t, feed=feed):
                if m.nick == BOT and m.cmd in ("PRIVMSG", "NOTICE") and m.params:
                    target = m.params[0]
                    if not target.startswith("#") or client is t.players[0]:
                        lines.append((m.time, target.lower()))
                feed(client, m)
            t.feed = logged

        started = time.time()
        for t in tables:
            t.open_lobby()
        errors = []

        def drive(t):
            try:
                t.start()
                t.setup()
                t.play(max_turns=args.turns, timeout=args.timeout)
                t.done_at = time.time()
            except Exception as e:  # reported by the main thread
                errors.append("%s: %s" % (t.chan, e))

        threads = [threading.Thread(target=drive, args=(t,)) for t in tables]
        for th in threads:
            th.start()
        for th in threads:
            th.join(max(1, started + args.timeout + 60 - time.time()))
        check(not any(th.is_alive() for th in threads), "game threads finished")
        check(not errors, "; ".join(errors))
        elapsed = time.time() - started
        checked = 0
        for t in tables:
            t.quiet(0.5, 3)
            checked += t.tr.verify_hands()
            check(not t.tr.problems, "; ".join(t.tr.problems[:5]))
            print("%s: %s wins with %d points after %d turns in %.0fs; %d channel lines; "
                  "%d moves refused" % (t.chan, t.tr.winner[0], t.tr.winner[1], t.tr.turn,
                                        t.done_at - started, len(t.tr.lines), len(t.refused)))
        counts = {}
        for t in tables:
            for kind, (n, d) in t.tr.line_counts().items():
                c = counts.setdefault(kind, [0, 0])
                c[0] += n
                c[1] += d
        avg = {k: (n / d if d else 0.0, d) for k, (n, d) in counts.items()}
        print("channel lines: %.2f per setup placement (%d), %.2f per ordinary turn (%d), "
              "%.2f per turn with trades (%d), %.2f per turn with a 7 (%d)" % (
                  avg["setup"] + avg["ordinary"] + avg["trade"] + avg["seven"]))
        check(checked > 20, "hand lines checked (%d)" % checked)
        print("checked %d hand lines; three games in %.0fs" % (checked, elapsed))

        # Pacing: lines to other targets that arrived between a command of the current player
        # and the first private line it got after it.
        lines.sort()
        worst, waits, at = 0, [], None
        measures = [m for t in tables for m in t.measures]
        for nick, t0, t1, what in measures:
            n = sum(1 for t, target in lines if t0 < t < t1 and target != nick.lower())
            if n > worst:
                worst, at = n, "%s %s at %.3f" % (nick, what, t0)
            waits.append(t1 - t0)
        waits.sort()
        print("pacing: %d bot lines; %d replies to the current player measured, at most %d "
              "other lines ahead (burst %d); reply time median %.2fs, max %.2fs" % (
                  len(lines), len(measures), worst, args.burst,
                  waits[len(waits) // 2] if waits else 0, waits[-1] if waits else 0))
        check(len(measures) >= 10, "replies measured (%d)" % len(measures))
        check(worst <= args.burst, "a reply waited behind %d lines (burst %d): %s" % (
            worst, args.burst, at))
        for c in clients:
            check(not c.closed, "%s still connected" % c.nick)
        check(bot.alive(), "bot alive after the games")
        rc = bot.stop()
        check(rc == 0, "bot exit status %s" % rc)
        text = bot.log_text()
        check("Excess Flood" not in text and "ERROR :" not in text and
              "disconnected" not in text.split("signal 15")[0],
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
    ap.add_argument("--vp", type=int, default=3)
    ap.add_argument("--burst", type=int, default=2)
    ap.add_argument("--interval", type=int, default=350)
    ap.add_argument("--seed", type=int, default=11,
                    help="BRICKWOOD_SEED for the bot; -1 leaves it unset (random games)")
    ap.add_argument("--turns", type=int, default=60)
    ap.add_argument("--timeout", type=int, default=200)
    args = ap.parse_args()
    work = Workdir()
    try:
        run(args, work)
    except TestFailure as e:
        print("FAIL:", e, "(logs in %s)" % work.path)
        return 1
    print("ok: games (logs in %s)" % work.path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
