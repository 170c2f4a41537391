#!/usr/bin/python3
"""Games through a real ngircd: the bot joins three channels, scripted players open a lobby in
each, join, start, and play the setup moves the bot offers them (asking !spots and !hand and
parsing the fixed forms of SPEC §5), all three channels at once. Bad input gets a short private
error and the bot keeps running."""

import argparse
import re
import sys

from harness import (Bot, Client, Ngircd, TestFailure, Workdir, bot_config, check, from_bot,
                     stop_process)

CHANNELS = ["#g1", "#g2", "#g3"]
BOT = "brickwood"
HAND_RE = re.compile(r"^(#\S+) hand: (.*)\((\d+) cards?\)")
SPOTS_RE = re.compile(r"^(#\S+) spots: (.*)$")


def private_from_bot(player, contains):
    return lambda m: (m.nick == BOT and m.cmd in ("PRIVMSG", "NOTICE") and
                      m.params and m.params[0] == player.nick and contains in m.params[-1])


def spots(player, chan):
    player.say(chan, "!spots")
    m = player.expect(private_from_bot(player, chan + " spots:"), 20, "spots in " + chan)
    body = SPOTS_RE.match(m.params[-1]).group(2)
    kinds = {}
    for part in body.split("|"):
        words = part.split()
        if words and words[0] in ("settlement", "road", "city"):
            kinds[words[0]] = words[1:]
    return kinds


def hand(player, chan):
    player.say(chan, "!hand")
    m = player.expect(private_from_bot(player, chan + " hand:"), 20, "hand in " + chan)
    match = HAND_RE.match(m.params[-1])
    check(match is not None, "hand line form: " + m.params[-1])
    return int(match.group(3))


def run(args, work):
    server = Ngircd(args.ngircd, work, throttle=True)
    clients, bot = [], None
    try:
        net = {"name": "local", "host": "127.0.0.1", "port": server.port, "tls": False,
               "nick": BOT, "channels": CHANNELS, "flood": {"burst": 5, "interval_ms": 300}}
        bot = Bot(args.bot, work, bot_config([net], game={"turn_timeout_s": 0}, level="info"))
        tables = {}
        for ci, chan in enumerate(CHANNELS):
            players = [Client(server.port, "p%d%s" % (ci, x)) for x in "abc"]
            clients += players
            for p in players:
                p.send("JOIN " + chan)
            # The bot joins after the players, or was there first (it shows in NAMES).
            players[0].expect(lambda m, c=chan: (m.cmd == "JOIN" and m.nick == BOT and
                                                 m.params[0] == c) or
                              (m.cmd == "353" and BOT in m.params[-1].replace("@", " ").split()),
                              20, "bot in " + chan)
            tables[chan] = players

        # Lobbies and starts in all three channels at once.
        for chan, players in tables.items():
            players[0].say(chan, "!new")
        for chan, players in tables.items():
            players[0].expect(from_bot(BOT, target=chan, contains="opened a lobby"), 20, "lobby")
            for p in players[1:]:
                p.say(chan, "!join")
                players[0].expect(from_bot(BOT, target=chan, contains=p.nick + " joined"), 20,
                                  p.nick + " seated")
        for chan, players in tables.items():
            players[0].say(chan, "!start")
        for chan, players in tables.items():
            for p in players:
                check(hand(p, chan) == 0, "empty hand before setup in " + chan)

        # Bad input in a running game: a short private error each, and the bot keeps going.
        p = tables["#g1"][0]
        for bad in [b"!build settlement banana", b"!roll",
                    b"!trade offer 2 wood\x01\x02 for ore", b"!" + b"x" * 450,
                    b"!join \xff\xfe\xc3"]:
            p.say("#g1", bad)
            m = p.expect(lambda m: m.nick == BOT and m.params and m.params[0] == p.nick, 20,
                         "private error for %r" % bad[:30])
            check(len(m.raw) <= 512, "short error line")
        check(bot.alive(), "bot alive after bad input")

        # Setup: whoever has a settlement spot places it, then a road from it.
        for _ in range(2):
            for chan, players in tables.items():
                mover = None
                for p in players:
                    s = spots(p, chan)
                    if s.get("settlement"):
                        mover, spot = p, s["settlement"][0]
                        break
                check(mover is not None, "someone may place a settlement in " + chan)
                mover.say(chan, "!build settlement " + spot)
                s = spots(mover, chan)
                check(s.get("road"), "a road spot after the settlement in " + chan)
                mover.say(chan, "!build road " + s["road"][0])
        check(bot.alive(), "bot alive after setup moves")
        rc = bot.stop()
        check(rc == 0, "bot exit status %s" % rc)
        bot.check_clean_log()
        bot = None
    finally:
        for c in clients:
            c.close()
        if bot:
            stop_process(bot.proc, "the bot", 15)
        server.stop()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", required=True)
    ap.add_argument("--ngircd", default="/usr/sbin/ngircd")
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
