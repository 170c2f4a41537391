#!/usr/bin/python3
"""Computer players through the real bot and a local ngIRCd: a person opens a lobby, seats an
easy and a hard computer player, starts, and then stays silent. With game.takeover and a 10 s
turn timer, the person's first move runs out of time and a computer sits in for them; the three
computers then play the game to its end through the bot's own event loop (the hard one
thinking in slices), their lines marked "(bot)", to a winner and the game's summary. Nothing
is ever sent to a computer player's name (the server would answer that no such nick exists),
and the bot stays up and ends with a clean log."""

import argparse
import re
import shutil
import sys
import time

from harness import (Bot, Client, Ngircd, TestFailure, Workdir, bot_config, check, from_bot,
                     join_all)

BOT = "brickwood"
CHAN = "#robots"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", required=True)
    ap.add_argument("--ngircd", default="/usr/sbin/ngircd")
    ap.add_argument("--timeout", type=float, default=240)
    args = ap.parse_args()
    work = Workdir()
    server = Ngircd(args.ngircd, work, throttle=False)
    net = {"name": "local", "host": "127.0.0.1", "port": server.port, "tls": False, "nick": BOT,
           "channels": [CHAN], "flood": {"burst": 50, "interval_ms": 20}}
    game = {"victory_points": 4, "turn_timeout_s": 10, "takeover": True,
            "bot_delay_ms": 20, "bot_think_ms": 200}
    bot = Bot(args.bot, work, bot_config([net], game=game, bot={"colors": False}), seed=7)
    clients = []
    try:
        ann = Client(server.port, "ann")
        watcher = Client(server.port, "watcher")
        clients += [ann, watcher]
        join_all([watcher, ann], CHAN, BOT)  # the bot, started first, may be in before them
        ann.say(CHAN, "!new")
        ann.expect(from_bot(BOT, target=CHAN, contains="opened a lobby"), 30, "lobby")
        ann.say(CHAN, "!addbot easy")
        ann.expect(from_bot(BOT, target=CHAN, contains="(bot) joined, a computer player (easy)"),
                   30, "easy computer seated")
        ann.say(CHAN, "!addbot hard")
        ann.expect(from_bot(BOT, target=CHAN, contains="(bot) joined, a computer player (hard)"),
                   30, "hard computer seated")
        ann.say(CHAN, "!start")
        watcher.expect(from_bot(BOT, target=CHAN, contains="the game starts"), 30, "start")

        # The game, as the channel sees it, until someone wins and the summary that follows.
        lines, sat_in, winner = [], False, None
        deadline = time.time() + args.timeout
        while time.time() < deadline and not (
                winner and any(l.startswith("points: ") for l in lines)):
            watcher.pump(0.5)
            for m in watcher.seen:
                if m.nick != BOT or m.cmd != "PRIVMSG" or not m.params:
                    continue
                if m.params[0].lower() != CHAN:
                    continue
                text = m.params[-1]
                lines.append(text)
                if "ann is out of time: a computer player sits in" in text:
                    sat_in = True
                w = re.search(r"(\S+(?: \(bot\))?) wins with (\d+) victory points", text)
                if w:
                    winner = w.group(1)
            watcher.seen = []
        check(winner, "a winner within %.0f s (last lines: %s)" % (args.timeout, lines[-5:]))
        check(sat_in, "a computer sat in for ann: %s" % lines[:12])
        joined = " · ".join(lines)
        check(re.search(r"\w+ \(bot\) built a settlement at \d+", joined),
              "computer players' moves are marked (bot)")
        check(re.search(r"\w+ \(bot\) rolled \d+", joined), "computer players roll")
        check(any(l.startswith("points: ") for l in lines), "the end of the game is summed up")

        # Nothing ever went to a computer player's name: the server would have said so.
        bad = [m for c in clients for m in c.seen if m.cmd in ("401", "432")]
        check(not bad, "no line to a name that is no nick: %s" % bad)
        check(bot.alive(), "the bot is alive")
        rc = bot.stop()
        check(rc == 0, "bot exit status %s" % rc)
        bot.check_clean_log()
        print("ok: computer players played a game to its end (%s won, %d channel lines)"
              % (winner, len(lines)))
        return 0
    finally:
        for c in clients:
            c.close()
        if bot.alive():
            bot.stop()
        server.stop()
        shutil.rmtree(work.path, ignore_errors=True)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except TestFailure as e:
        print("FAIL:", e)
        sys.exit(1)
