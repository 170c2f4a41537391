#!/usr/bin/python3
"""Admin "status" and "games" through the real bot and a local ngIRCd: the network line
(connected, server, nick, TLS, SASL, lag, queue), each channel (joined or not, its lobby or
game), the store's size; "status #chan" for one channel; "games" across networks (two networks,
both on the same server, so one process answers for both). With 101 lobbies, more lines than
the 64 the bot queues for one nick, both answers come whole: every lobby once, the status up to
its store line. A user who is no admin gets nothing of it."""

import argparse
import os
import re
import shutil
import sys
import time

from harness import (Bot, Client, Ngircd, TestFailure, Workdir, bot_config, check, from_bot,
                     join_all)

BOT = "brickwood"


# Lobbies opened in channels of their own, beside the one in #s1: more than the 64 lines the
# bot queues for one place, so that "games" and "status" must be sent whole.
LOBBIES = ["#g%03d" % i for i in range(100)]
OPENERS = 10


def ask(client, text, want, timeout=30, done=None):
    """Send text to the bot privately; the private lines that follow, once want matches (and
    done(lines) holds, when given)."""
    client.say(BOT, text)
    lines = []
    deadline = time.time() + timeout
    while time.time() < deadline:
        client.pump(0.3)
        got = [m for m in client.seen if m.nick == BOT and m.cmd in ("PRIVMSG", "NOTICE") and
               m.params and m.params[0].lower() == client.nick.lower()]
        client.seen = [m for m in client.seen if m not in got]
        lines += [m.params[-1] for m in got]
        if any(re.search(want, t) for t in lines) and (done is None or done(lines)):
            # The rest of the answer, if any (want is its last line).
            lines += [m.params[-1] for m in client.collect(1.0) if m.nick == BOT]
            return lines
    raise TestFailure("no %r after %r within %d s (%d lines): %s"
                      % (want, text, timeout, len(lines), lines[-5:]))


def open_lobbies(port, clients):
    """A lobby in each of LOBBIES, opened by OPENERS players (one command a second each)."""
    openers = [Client(port, "p%d" % i) for i in range(OPENERS)]
    clients += openers
    mine = [LOBBIES[i::OPENERS] for i in range(OPENERS)]
    for c, chans in zip(openers, mine):
        c.send("JOIN " + ",".join(chans))

    for c, chans in zip(openers, mine):
        for chan in chans:
            c.wait_member(chan, BOT)
    for k in range(len(mine[0])):
        for c, chans in zip(openers, mine):
            c.say(chans[k], "!new")
    for c, chans in zip(openers, mine):
        for chan in chans:
            c.expect(from_bot(BOT, target=chan, contains="opened a lobby"), 60,
                     "the lobby in " + chan, consume=False)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", required=True)
    ap.add_argument("--ngircd", default="/usr/sbin/ngircd")
    args = ap.parse_args()
    work = Workdir()
    server = Ngircd(args.ngircd, work, throttle=False)
    nets = [{"name": "first", "host": "127.0.0.1", "port": server.port, "tls": False,
             "nick": BOT, "channels": ["#s1", "#s2"] + LOBBIES,
             "flood": {"burst": 20, "interval_ms": 50}},
            {"name": "second", "host": "127.0.0.1", "port": server.port, "tls": False,
             "nick": "otherbot", "channels": ["#t1"], "flood": {"burst": 20, "interval_ms": 50}}]
    bot = Bot(args.bot, work, bot_config(nets, bot={"admins": ["boss!*@127.0.0.1"]}))
    clients = []
    try:
        boss = Client(server.port, "boss")
        ann = Client(server.port, "ann")
        clients += [boss, ann]
        # The status below says whether each channel is joined, and the second network is
        # connected: both bots in their channels first (they may be in before ann and boss).
        join_all([ann], "#s1", BOT)
        join_all([ann], "#s2", BOT)
        join_all([boss], "#t1", "otherbot")
        ann.say("#s1", "!new")
        ann.expect(from_bot(BOT, target="#s1", contains="opened a lobby"), 30, "lobby")
        open_lobbies(server.port, clients)

        lines = ask(boss, "status", r"^store: ", timeout=30)
        for chan in LOBBIES:
            check(sum(1 for t in lines if re.search(r"^first %s: joined; lobby: p\d \(1 seated\); "
                                                    r"idle \d+ s$" % chan, t)) == 1,
                  "status: %s once (%d lines)" % (chan, len(lines)))
        check(lines[-1].startswith("store: "), "status ends with the store: %s" % lines[-3:])
        net = [t for t in lines if t.startswith("first: ")]
        check(net and re.search(r"^first: connected to 127\.0\.0\.1:%d as %s; plain text; "
                                r"no SASL; lag (unknown|\d+ ms); \d+ lines queued$"
                                % (server.port, BOT), net[0]), "network line: %s" % lines)
        check(any(t.startswith("second: connected to ") for t in lines),
              "the other network too: %s" % lines)
        check(any(re.search(r"^first #s1: joined; lobby: ann \(1 seated\); idle \d+ s$", t)
                  for t in lines), "#s1 and its lobby: %s" % lines)
        check(any(re.search(r"^first #s2: joined; no game$", t) for t in lines),
              "#s2: %s" % lines)
        store = [t for t in lines if t.startswith("store: ")][0]
        size = int(re.search(r", (\d+) bytes", store).group(1))
        db = os.path.join(work.path, "brickwood.db")
        check(size > 0 and os.path.exists(db), "store line: %s" % store)

        lines = ask(boss, "status #s1", r"#s1 seat 1: ")
        check(any(t.startswith("first #s1: joined; lobby: ann") for t in lines) and
              all(t.startswith(("first #s1: ", "#s1 seat ")) for t in lines if "#" in t) and
              not any(t.startswith("store") for t in lines), "one channel: %s" % lines)
        check(any(re.search(r"^#s1 seat 1: ann \(ann!~?ann@127\.0\.0\.1\), present$", t)
                  for t in lines), "the seat in detail: %s" % lines)

        def every_lobby(lines):
            return all(any(t.startswith("first %s: " % c) for t in lines) for c in LOBBIES)

        lines = ask(boss, "games", r"#s1: lobby", timeout=30, done=every_lobby)
        check(any(t == "first #s1: lobby: ann (1 seated); idle %s s" % t.split()[-2]
                  for t in lines), "games: %s" % lines)
        check(len(lines) == 1 + len(LOBBIES) and
              all(re.search(r"^first #(s1|g\d{3}): lobby: ", t) for t in lines),
              "games: every lobby once, nothing else (%d lines): %s" % (len(lines), lines[:3]))

        # Not an admin: no status of the bot (a private "status" is the game's, and ann has
        # none running), no list of games.
        ann.collect(0.5)
        ann.say(BOT, "games")
        ann.say(BOT, "status")
        got = [m.params[-1] for m in ann.collect(4.0) if m.nick == BOT]
        check(not any("connected to" in t or "lobby:" in t or "store:" in t for t in got),
              "a user sees no admin status: %s" % got)
        check(bot.alive(), "the bot is alive")
        print("ok: admin status and games")
        return 0
    finally:
        for c in clients:
            c.close()
        bot.stop()
        server.stop()
        shutil.rmtree(work.path, ignore_errors=True)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except TestFailure as e:
        print("FAIL:", e)
        sys.exit(1)
