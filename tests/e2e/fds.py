#!/usr/bin/python3
"""Descriptor numbers past FD_SETSIZE (1024). libircclient watches its socket with select(),
which cannot see a descriptor of 1024 or more; the bot's own sockets go through poll() and may
be anywhere. The test raises its RLIMIT_NOFILE soft limit to the hard one and starts the bot
holding some 1100 inherited descriptors (dups of /dev/null), so that the bot's numbers start
high. One scenario per run: --only NAME.

  window   every number from 3 to about 1100 is taken except the few the bot needs before
           the library's socket (its store's files, that socket, one spare): the library's
           socket must land below 1024, the transport's (resolver pipe, the server, the
           library's accepted connection) go above 1024. The bot must connect to ngIRCd, join,
           answer !help, with sockets above 1024 in /proc/PID/fd. (Before the bot held the
           library's number while the transport opened, this aborted in FD_SET.)
  crowded  every number from 3 to about 1100 is taken: the library's socket would be past
           FD_SETSIZE. The bot must refuse to connect with a clear line in its log, stay up,
           try again after its backoff (and refuse again), and stop cleanly.

If the hard limit does not allow numbers past 1024, both run with what it allows (the bot's
descriptors at the top of it) and check that the bot connects and answers."""

import argparse
import os
import resource
import sys
import time

from harness import Bot, Client, Ngircd, TestFailure, Workdir, bot_config, check

CHAN = "#fds"
NICK = "brickwood"
FD_SETSIZE = 1024
TARGET = 1100  # the highest number held
WINDOW = 6  # free numbers at 3.. in window: the store's 4 files, the library's socket, one spare
REFUSAL = "too many open descriptors for the IRC library"


def raise_limit():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        want = hard if hard != resource.RLIM_INFINITY else 65536
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def holder(first, last):
    """A wrapper for the bot's command: bash puts /dev/null on every number from first to
    last, then runs the bot in its place (same PID), which inherits them all."""
    script = ('for ((n = %d; n <= %d; n++)); do eval "exec $n</dev/null"; done; exec "$@"'
              % (first, last))
    return ["/bin/bash", "-c", script, "bash"]


def bot_fds(pid):
    """{number: target} of the bot's open descriptors."""
    out = {}
    for name in os.listdir("/proc/%d/fd" % pid):
        try:
            out[int(name)] = os.readlink("/proc/%d/fd/%s" % (pid, name))
        except OSError:
            pass
    return out


def answers(bot, alice, timeout=30):
    alice.say(CHAN, "!help")
    alice.expect(lambda m: m.nick == NICK and m.cmd in ("PRIVMSG", "NOTICE") and
                 m.params[0].lower() == "alice", timeout, "the bot's private !help reply")


def run(args, work, name):
    limit = raise_limit()
    top = min(TARGET, limit - 64)
    past = top >= FD_SETSIZE + 16
    print("RLIMIT_NOFILE soft limit %d: holding descriptors up to %d" % (limit, top))
    server = Ngircd(args.ngircd, work, throttle=False)
    bot, alice = None, None
    try:
        net = {"name": "local", "host": "127.0.0.1", "port": server.port, "tls": False,
               "nick": NICK, "channels": [CHAN], "flood": {"burst": 5, "interval_ms": 0}}
        crowded = name == "crowded" and past
        first = 3 if crowded else 3 + WINDOW
        numbers, held = range(first, top + 1), {}
        bot = Bot(args.bot, work, bot_config([net], level="debug"),
                  wrapper=holder(first, top))
        deadline = time.time() + 30
        while not all(n in held for n in numbers):
            check(time.time() < deadline and bot.alive(), "the bot holds every number from "
                  "%d to %d (see %s)" % (first, top, bot.logname))
            time.sleep(0.05)
            held = bot_fds(bot.proc.pid)
        alice = Client(server.port, "alice")
        alice.send("JOIN " + CHAN)
        alice.expect(lambda m: m.cmd == "JOIN" and m.nick == "alice", 15, "own join")
        if crowded:
            bot.wait_log(REFUSAL, 30, count=2)
            own = [n for n, t in bot_fds(bot.proc.pid).items() if n > 2 and t != "/dev/null"]
            lowest = min(own)
            check(lowest > top, "the bot's own descriptors start past %d (%d)" % (top, lowest))
            # The NAMES reply to our JOIN first, so that the 353 read is the one asked now.
            alice.expect(lambda m: m.cmd == "366", 15, "the end of the NAMES after our JOIN")
            alice.send("NAMES " + CHAN)
            m = alice.expect(lambda m: m.cmd == "353", 15, "NAMES")
            check(NICK not in m.params[-1].replace("@", " ").split(), "the bot is not in "
                  "the channel")
            what = "refused at descriptor %d+ with %r twice, the bot up" % (lowest, REFUSAL)
        else:
            # The bot may have joined before alice: a state, not its JOIN line.
            alice.wait_member(CHAN, NICK, 30)
            answers(bot, alice)
            fds = bot_fds(bot.proc.pid)
            sockets = sorted(n for n, t in fds.items() if t.startswith("socket:"))
            print("the bot's sockets: %s" % sockets)
            check(REFUSAL not in bot.log_text(), "no refusal")
            if past:
                check(any(n >= FD_SETSIZE for n in sockets), "sockets past %d" % FD_SETSIZE)
                check(any(n < FD_SETSIZE for n in sockets), "the library's socket below %d"
                      % FD_SETSIZE)
            for _ in range(3):
                answers(bot, alice)
            what = "connected and answered with sockets %s" % sockets
        check(bot.alive(), "the bot is running")
        rc = bot.stop()
        check(rc == 0, "the bot's exit status %s" % rc)
        bot.check_clean_log()
        bot = None
        return what
    finally:
        if alice:
            alice.close()
        if bot:
            bot.stop()
        server.stop()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", required=True)
    ap.add_argument("--ngircd", default="/usr/sbin/ngircd")
    ap.add_argument("--only", required=True, choices=("window", "crowded"))
    args = ap.parse_args()
    work = Workdir()
    try:
        what = run(args, work, args.only)
    except TestFailure as e:
        print("FAIL: %s: %s (logs in %s)" % (args.only, e, work.path))
        return 1
    print("ok: %s: %s (logs in %s)" % (args.only, what, work.path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
