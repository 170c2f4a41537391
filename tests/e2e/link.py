#!/usr/bin/python3
"""The link to the server is part of the game's clock, through the real bot and a local
ngIRCd (ping_interval_s 5, ping_timeout_s 30, a 20 s turn timer, a fixed BRICKWOOD_SEED).

  hung    mid-game, after the current player's roll, the server is stopped (SIGSTOP) for 25 s:
          longer than the turn timer, shorter than the keepalive's timeout, so the bot stays
          connected. The log must say that the games' clocks stopped and went on again, and
          afterwards it is still the same player's move in the same turn (the timer did not
          run out while nobody could reach the bot). Then the player ends the turn and the
          server is stopped at once, until the bot gives it up: the lines of the next turn,
          said while the server was stopped, reach the channel after the reconnect, and every
          player gets their hand again. A client takes the bot's nick while it is away; once
          it quits, the bot takes its nick back.
About 2 minutes; every wait is bounded."""

import argparse
import os
import re
import signal
import socket
import sys
import time

from harness import TestFailure, Workdir, check
import scenarios
from restart import ALT, BOT, CHAN, World as RestartWorld, bot_back, midgame, set_bot_nick, \
    status
from scenarios import current

SEED = 5
TIMER_S = 20
HUNG_S = 25


class World(RestartWorld):
    def __init__(self, args, work):
        scenarios.World.__init__(self, args, work, seed=SEED,
                                 network={"alt_nicks": [ALT], "ping_interval_s": 5,
                                          "ping_timeout_s": 30},
                                 game={"turn_timeout_s": TIMER_S}, chan=CHAN, level="debug")
        self.port = self.server.port
        self.stopped = False
        self.certs = None

    def stop_server(self):
        os.kill(self.server.proc.pid, signal.SIGSTOP)
        self.stopped = True

    def cont_server(self):
        os.kill(self.server.proc.pid, signal.SIGCONT)
        self.stopped = False


def move(head):
    """A status line's move without the time left."""
    return re.sub(r" \(\d+:\d\d left\)", "", head)


def take_nick(port, nick, seconds):
    """A bare client registered as nick, trying again while the nick is in use; its socket,
    or None when it could not within seconds."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        sock = socket.create_connection(("127.0.0.1", port), 5)
        sock.settimeout(0.5)
        sock.sendall(("NICK %s\r\nUSER holder 0 * :holder\r\n" % nick).encode())
        buf = b""
        until = min(deadline, time.time() + 3)
        while time.time() < until:
            try:
                data = sock.recv(4096)
            except socket.timeout:
                continue
            if not data:
                break
            buf += data
            for line in buf.split(b"\r\n"):
                words = line.split(b" ")
                if len(words) > 1 and words[1] == b"001":
                    sock.settimeout(None)
                    return sock
                if len(words) > 1 and words[1] == b"433":
                    until = 0
        sock.close()
        time.sleep(0.3)
    return None


def s_hung(w):
    t = w.table()
    midgame(t, turns=2)
    before = status(t)
    p = current(t)
    print("%s has rolled: %s" % (p.nick, before[0]))
    pauses = w.bot.log_text().count("the games' clocks stop")
    w.stop_server()
    stopped = time.time()
    try:
        w.bot.wait_log("the games' clocks stop", 15, count=pauses + 1)
        print("the bot stopped the clocks %.1f s into the silence" % (time.time() - stopped))
        time.sleep(max(0, HUNG_S - (time.time() - stopped)))
    finally:
        w.cont_server()
    w.bot.wait_log("the server answers again", 15)
    check("disconnected:" not in w.bot.log_text(), "the bot stayed connected")
    after = status(t)
    print("after %d s stopped: %s" % (HUNG_S, after[0]))
    check(move(after[0]) == move(before[0]), "still the same move after the server was stopped for %d s "
          "(turn timer %d s): %r before, %r after" % (HUNG_S, TIMER_S, before[0], after[0]))
    check(t.tr.current == p.nick, "%s still to move (the timer did not act for them)" % p.nick)

    # The turn ends just before the server stops: what the bot says next is said to a server
    # that does not read, and must reach the channel after the reconnect.
    turn = t.tr.turn
    seen = len(t.tr.lines)
    t.say(p, "!end")
    time.sleep(0.5)
    w.stop_server()
    stopped = time.time()
    try:
        w.bot.wait_log("no reply to PING", 60)
        print("the bot gave up on the server %.1f s after it stopped" % (time.time() - stopped))
    finally:
        w.cont_server()
    resumed = time.time()
    hands = {q.nick: len(t.tr.seen_hands.get(q.nick, [])) for q in t.players}
    # The nick is free for a moment (the old connection is gone once the server reads its end):
    # a client takes it before the bot is back.
    holder = take_nick(w.port, BOT, 6)
    nick, at = bot_back(w, resumed, "SIGCONT")
    print("the bot is back as %s %.1f s after SIGCONT" % (nick, at - resumed))
    set_bot_nick(t, nick)
    t.wait(lambda: t.tr.turn != turn, 30, "the next turn's line in the channel after the "
           "reconnect")
    print("the next turn (%d) reached the channel; %d lines since the !end"
          % (t.tr.turn, len(t.tr.lines) - seen))
    # Every player gets their hand again once the bot has seen them back in the channel.
    t.wait(lambda: all(len(t.tr.seen_hands.get(q.nick, [])) > hands[q.nick] for q in t.players),
           30, "every player's hand again after the reconnect")
    print("every player got their hand again")
    if holder is not None and nick.lower() == ALT.lower():
        holder.sendall(("JOIN %s\r\n" % CHAN).encode())
        time.sleep(1)
        holder.sendall(b"QUIT :bye\r\n")
        time.sleep(0.5)
        holder.close()
        p0 = t.players[0]

        def regained():
            return any(m.cmd == "NICK" and m.nick.lower() == ALT.lower() and m.params and
                       m.params[-1].lower() == BOT.lower() for m in p0.seen)
        deadline = time.time() + 20
        while not regained() and time.time() < deadline:
            t.pump(0.2)
        check(regained(), "the bot took its nick %s back after its holder quit" % BOT)
        set_bot_nick(t, BOT)
        print("the bot took %s back" % BOT)
    else:
        print("the bot came back as %s (no holder): nick regain not exercised" % nick)
        raise TestFailure("the holder did not get the nick %s before the bot was back" % BOT)


SCENARIOS = {"hung": s_hung}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", required=True)
    ap.add_argument("--ngircd", required=True)
    ap.add_argument("--only", default="hung", choices=sorted(SCENARIOS))
    args = ap.parse_args()
    work = Workdir()
    w = None
    try:
        w = World(args, work)
        SCENARIOS[args.only](w)
        w.finish()
    except TestFailure as e:
        print("FAIL: %s: %s (logs in %s)" % (args.only, e, work.path))
        if w and w.bot:
            print("  the bot's log ends:\n" + "\n".join(
                "    | " + l for l in w.bot.log_text().splitlines()[-25:]))
        return 1
    finally:
        if w:
            w.close()
    print("ok: %s (logs in %s)" % (args.only, work.path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
