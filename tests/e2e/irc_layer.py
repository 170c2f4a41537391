#!/usr/bin/python3
"""The IRC layer against a real ngircd, with a stand-in bot (tests/irc/echo_bot.c): alternate
nick on 433, joining, identities, nick tracking, CTCP, line splitting, pacing and urgency,
replacement by key, rejoin after a kick, reload on SIGHUP, reconnect, QUIT on SIGTERM."""

import argparse
import sys
import time

from harness import (Bot, Client, Ngircd, TestFailure, Workdir, bot_config, check, from_bot,
                     join_all, stop_process)

BURST, INTERVAL_MS = 4, 400


def net(port, channels):
    return {"name": "local", "host": "127.0.0.1", "port": port, "tls": False,
            "nick": "brickwood", "alt_nicks": ["brickwood_"], "channels": channels,
            "flood": {"burst": BURST, "interval_ms": INTERVAL_MS}}


def run(args, work):
    server = Ngircd(args.ngircd, work, throttle=True)
    clients, bot = [], None
    try:
        # Someone already has the bot's nick: it must register as the alternative.
        squatter = Client(server.port, "brickwood")
        alice = Client(server.port, "alice")
        clients += [squatter, alice]
        alice.send("JOIN #t1")  # first in: alice is channel operator
        alice.expect(lambda m: m.cmd == "JOIN", 15, "own join")
        bot = Bot(args.bot, work, bot_config([net(server.port, ["#t1"])]))
        me = "brickwood_"
        alice.wait_member("#t1", me)
        alice.expect(from_bot(me, target="#t1", contains="seen join " + me), 30, "join report")

        # Identity as the bot sees it.
        alice.say("#t1", "!who")
        m = alice.expect(from_bot(me, target="#t1", contains="who:"), 30, "who reply")
        check("who: alice!" in m.params[-1] and "@" in m.params[-1], "identity: " + m.text)

        # Private messages are answered privately.
        alice.say(me, "echo private hello")
        alice.expect(from_bot(me, target="alice", contains="private hello"), 30, "private echo")

        # CTCP: VERSION and PING answered, FINGER and USERINFO never.
        alice.say(me, "\x01FINGER\x01")
        alice.say(me, "\x01USERINFO\x01")
        alice.say(me, "\x01VERSION\x01")
        m = alice.expect(from_bot(me, cmd="NOTICE", contains="\x01VERSION brickwood"), 30,
                         "CTCP VERSION reply", consume=False)
        alice.say(me, "\x01PING 12345\x01")
        alice.expect(from_bot(me, cmd="NOTICE", contains="\x01PING 12345\x01"), 30, "CTCP PING",
                     consume=False)
        # Six more VERSIONs in one write, so that all reach the bot well within the 10 s its
        # allowance takes to come back (said a second apart, a loaded machine could stretch
        # them past it); then an echo, answered after whatever they brought.
        alice.send(b"\r\n".join([b"PRIVMSG %s :\x01VERSION\x01" % me.encode()] * 6 +
                                 [b"PRIVMSG %s :echo ctcp done" % me.encode()]))
        alice.expect(from_bot(me, target="alice", contains="ctcp done"), 30, "the echo after them",
                     consume=False)
        later = alice.collect(0)
        ping = next(i for i, x in enumerate(later) if "\x01PING 12345\x01" in x.text)
        replies = [x for x in later[ping + 1:] if x.nick == me and x.cmd == "NOTICE" and
                   "\x01" in x.text]
        check(len(replies) <= 1, "CTCP answers are rate-limited (%d answers)" % len(replies))
        check(not any("FINGER" in x.text or "USERINFO" in x.text for x in later),
              "no FINGER/USERINFO answer")

        # One logical line longer than the wire allows: split at spaces, valid UTF-8, <= 512.
        alice.say("#t1", "!long 300")
        words = 0
        deadline = time.time() + 30
        while words < 300 and time.time() < deadline:
            m = alice.expect(from_bot(me, target="#t1"), 30, "long line pieces")
            check(len(m.raw) + 2 <= 512, "line of %d bytes" % (len(m.raw) + 2))
            text = m.raw.decode("utf-8")  # raises on a cut inside a character
            check(all(w == "ééé" for w in text.split(" :", 1)[1].split(" ")), "words intact")
            words += len(text.split(" :", 1)[1].split(" "))
        check(words == 300, "all 300 words arrived (%d)" % words)

        # Pacing: a burst, then one line per interval; the urgent private line goes first.
        time.sleep(BURST * INTERVAL_MS / 1000.0 + 0.5)
        alice.say("#t1", "!urgent alice 10")
        got = []
        deadline = time.time() + 30
        while len(got) < 11 and time.time() < deadline:
            got.append(alice.expect(lambda m: m.nick == me and m.cmd == "PRIVMSG", 30, "paced"))
        check(len(got) == 11, "all paced lines arrived")
        check(got[0].params[0] == "alice" and "urgent for alice" in got[0].params[-1],
              "urgent line first: %s" % got[0])
        # The server relays in clumps of its own, so look at the whole span, not each gap.
        span, least = got[-1].time - got[0].time, (len(got) - BURST) * INTERVAL_MS / 1000.0
        check(span > least * 0.8, "paced after the burst: %.2fs for %d lines" % (span, len(got)))

        # An outdated keyed line still queued is replaced by the newer one.
        time.sleep(BURST * INTERVAL_MS / 1000.0 + 0.5)
        alice.say(me, "keyed 6")
        # The older versions, had they stayed queued, would have come before the newest.
        alice.expect(from_bot(me, contains="hand version 6"), 30, "the newest keyed line",
                     consume=False)
        lines = [x for x in alice.collect(0) if x.nick == me and "hand version" in x.text]
        check([x.params[-1] for x in lines] == ["hand version 6"], "only the newest: %s" % lines)

        # Nick changes are tracked; the new nick is what the bot reports.
        alice.send("NICK alicia")
        alice.expect(from_bot(me, target="#t1", contains="seen nick alice alicia"), 30,
                     "nick report")
        alice.say("#t1", "!who")
        alice.expect(from_bot(me, target="#t1", contains="who: alicia!"), 30, "who after nick")

        # Kicked: the bot rejoins after a short delay.
        alice.send("KICK #t1 %s :out" % me)
        alice.expect(lambda m: m.cmd == "KICK", 15, "kick echo")
        alice.wait_member("#t1", me)

        # SIGHUP: the new configuration's channels are joined and the removed ones parted.
        alice.send("JOIN #t2")
        bot.write_config(bot_config([net(server.port, ["#t2"])]))
        bot.reload()
        # ngircd may hold alice's JOIN back (its throttle) until after the bot's: a state.
        alice.wait_member("#t2", me)
        alice.expect(lambda m: m.cmd == "PART" and m.nick == me and m.params[0] == "#t1", 30,
                     "part of #t1 after reload")

        # The server goes away and comes back: the bot reconnects and rejoins.
        for c in clients:
            c.close()
        clients = []
        port = server.port
        server.stop()
        server = Ngircd(args.ngircd, work, throttle=True, port=port)
        bob = Client(server.port, "bob")
        clients.append(bob)
        # Whichever of bob and the bot comes first (the server is new: no old bot in it).
        join_all([bob], "#t2", ("brickwood", "brickwood_"), 60)

        # SIGTERM: QUIT, exit status 0.
        rc = bot.stop()
        bob.expect(lambda m: m.cmd == "QUIT" and m.nick.startswith("brickwood"), 30, "bot QUIT")
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
    print("ok: IRC layer (logs in %s)" % work.path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
