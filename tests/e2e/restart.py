#!/usr/bin/python3
"""The bot loses its server in the middle of a game and must find it again, with the game
intact. Scenarios, one per run with --only (all by default), each with its own ngircd
(throttle off) and bot (a fixed BRICKWOOD_SEED):

  kill    the server is killed (SIGKILL, no goodbye) after a roll and started again on the
          same port 7 s later; the players reconnect and rejoin; the bot's first retry (5 s)
          fails, the second (10 s later; each with up to 25% jitter) must get it back into
          the channel.
  silent  the server is stopped (SIGSTOP: it holds the connection open and says nothing); the
          bot's keepalive (5 s, 5 s) must give up on it, and after SIGCONT it reconnects,
          under its alternative nick if the stale connection still holds the first.
  stale   as silent, but the server stays stopped until the bot has connected again, so the
          server reads the new connection together with the end of the old one.
  tls_kill  kill, with the bot on the server's TLS port (players on the plain one): it must
          come back through OpenSSL, the restarted server verified by the test CA again.

Afterwards every player's `!hand` and the `!status` lines are what they were before, and the
game goes on for a few turns."""

import argparse
import os
import signal
import sys
import time

from hostile import check_retries
from harness import Bot, Ngircd, TestFailure, Workdir, check, join_all
from servers import NgircdTLS, make_certs
from play import Table
import scenarios
from scenarios import current, roll

BOT = "brickwood"
ALT = "brickwood_"
CHAN = "#r1"
SEED = 5
RECONNECT_S = 45
DOWN_S = 7
PING = {"ping_interval_s": 5, "ping_timeout_s": 5}


class World(scenarios.World):
    def __init__(self, args, work, network=None, tls=False, **kw):
        net = {"alt_nicks": [ALT]}
        net.update(network or {})
        server = None
        self.certs = None
        if tls:
            # The bot over TLS (verified by a test CA), the players on the plain port.
            self.certs = make_certs(work)
            server = NgircdTLS(args.ngircd, work, self.certs.server_cert,
                               self.certs.server_key)
            net.update({"host": "localhost", "port": server.tls_port, "tls": True,
                        "tls_ca_file": self.certs.ca})
        super().__init__(args, work, seed=SEED, network=net, chan=CHAN, level="debug",
                         server=server, **kw)
        self.port = self.server.port
        self.stopped = False       # the server is SIGSTOPped

    def restart_server(self):
        """The server again, on the same port (and TLS port)."""
        if self.certs:
            self.server = NgircdTLS(self.args.ngircd, self.work, self.certs.server_cert,
                                    self.certs.server_key, port=self.port,
                                    tls_port=self.server.tls_port, name="ngircd2")
        else:
            self.server = Ngircd(self.args.ngircd, self.work, throttle=False, port=self.port)

    def bot_here(self, nicks=(BOT, ALT)):
        """A predicate on a player's line: the bot's nick when the line shows the bot joining
        CHAN or listed in its NAMES, else None."""
        nicks = [n.lower() for n in nicks]

        def pred(m):
            if m.cmd == "JOIN" and m.nick.lower() in nicks and \
                    m.params and m.params[0].lower() == CHAN:
                return m.nick
            if m.cmd == "353" and m.params and m.params[-2].lower() == CHAN:
                for n in m.params[-1].split():
                    n = n.lstrip("@+")
                    if n.lower() in nicks:
                        return n
            return None
        return pred

    def table(self):
        players = [self.client(n) for n in ("alice", "bob", "carol")]
        join_all(players, CHAN, BOT)
        self.t = Table(CHAN, players, BOT, seed=7, log=self.log)
        self.t.start()
        return self.t

    def close(self):
        proc = self.server.proc
        if proc.poll() is None and self.stopped:
            os.kill(proc.pid, signal.SIGCONT)
        super().close()


def status(t):
    """The first two lines of !status: whose move it is, and the scores."""
    n = len(t.tr.lines)
    t.say(t.players[0], "!status")
    t.wait(lambda: any(l.startswith("scores:") for l in t.tr.lines[n:]), 20, "status")
    got = t.tr.lines[n:]
    head = next((l for l in got if l.startswith(("turn ", "setup:", "game over"))), None)
    check(head, "a status line naming the move: %s" % got)
    return head, next(l for l in got if l.startswith("scores:"))


def snapshot(t):
    """Each player's hand line (exact text) and the status lines."""
    hands = {}
    for p in t.players:
        t.real_hand(p)
        hands[p.nick] = t.tr.seen_hands[p.nick][-1][2]
    return hands, status(t)


def midgame(t, turns=3):
    """Setup, a few whole turns, then the next player rolls: the game is in a turn's main
    phase."""
    t.setup()
    for _ in range(turns):
        t.play_turn()
    check(not t.tr.winner, "no winner yet")
    roll(t, current(t))


def set_bot_nick(t, nick):
    t.bot = nick
    t.tr.bot = nick.lower()


def goes_on(w, before, turns=3):
    """The hands and the status are as before; the current player ends the turn and the game
    plays a few more."""
    t = w.t
    t.quiet(0.5, 3)
    after = snapshot(t)
    for nick, text in before[0].items():
        check(after[0].get(nick) == text, "%s's hand: %r before, %r after"
              % (nick, text, after[0].get(nick)))
    check(after[1] == before[1], "status: %s before, %s after" % (before[1], after[1]))
    p = current(t)
    turn = t.tr.turn
    t.say(p, "!end")
    t.wait(lambda: t.tr.turn != turn, 20, "the next turn after the reconnect")
    for _ in range(turns):
        if t.tr.winner:
            break
        t.play_turn()
    print("hands and status unchanged; played on to turn %d" % t.tr.turn)


def bot_back(w, since, what):
    """Waits until players[0] sees the bot in CHAN again (as BOT or ALT); returns the nick.
    Only lines from since on count, not a NAMES asked now: a stale connection of the bot
    may still be listed (its JOIN or NAMES line after since cannot come before it is back)."""
    t = w.t
    p = t.players[0]
    pred = w.bot_here()
    deadline = since + RECONNECT_S
    while True:
        for m in p.seen:
            if m.time >= since and pred(m):
                return pred(m), m.time
        if time.time() > deadline:
            raise TestFailure("the bot was not back in %s within %d s of %s" % (
                CHAN, RECONNECT_S, what))
        t.pump(0.2)


def s_kill(w):
    t = w.table()
    midgame(t)
    before = snapshot(t)
    t.quiet(0.5, 2)
    connects = w.bot.log_text().count("connecting to ")
    old = w.server
    os.kill(old.proc.pid, signal.SIGKILL)
    old.proc.wait(10)
    killed = time.time()
    old.log.close()
    # Down long enough for the first retry (5 s) to fail, so the second (10 s later) counts.
    time.sleep(DOWN_S)
    w.restart_server()
    print("server killed and started again on port %d after %.1f s" % (w.port,
                                                                         time.time() - killed))
    t.wait(lambda: all(c.closed for c in t.players), 10, "every player losing the killed server")
    for i, c in enumerate(list(t.players)):
        n = w.client(c.nick)
        n.send("JOIN " + CHAN)
        t.players[i] = n
    nick, at = bot_back(w, killed, "the kill")
    print("the bot is back as %s %.1f s after the kill" % (nick, at - killed))
    set_bot_nick(t, nick)
    log = w.bot.log_text()
    check("disconnected:" in log, "the log says disconnected:")
    check(log.count("connecting to ") > connects, "the log says connecting to again")
    goes_on(w, before)
    gaps = check_retries(w.bot.log_text(), killed - 1, 2)
    print("retries %.1f s and %.1f s apart" % tuple(gaps))


def s_silent(w, hold=False):
    t = w.table()
    midgame(t)
    before = snapshot(t)
    t.quiet(0.5, 2)
    connects = w.bot.log_text().count("connecting to ")
    proc = w.server.proc
    os.kill(proc.pid, signal.SIGSTOP)
    w.stopped = True
    stopped = time.time()
    try:
        w.bot.wait_log("no reply to PING", stopped + 16 - time.time())
        print("the bot gave up on the silent server %.1f s after it stopped"
              % (time.time() - stopped))
        if hold:
            # Still stopped while the bot connects again: the kernel accepts the connection,
            # and the server reads it together with the end of the old one.
            tries = w.bot.log_text().count("connecting to ")
            w.bot.wait_log("connecting to ", 10, count=tries + 1)
            time.sleep(1)
            print("the bot tried again %.1f s after the server stopped"
                  % (time.time() - 1 - stopped))
    finally:
        os.kill(proc.pid, signal.SIGCONT)
        w.stopped = False
    resumed = time.time()
    nick, at = bot_back(w, resumed, "SIGCONT")
    check(w.bot.log_text().count("connecting to ") > connects, "the log says connecting to "
          "again")
    print("the bot is back as %s %.1f s after SIGCONT" % (nick, at - resumed))
    set_bot_nick(t, nick)
    goes_on(w, before)


def s_stale(w):
    s_silent(w, hold=True)


def s_bot(w, sig):
    """The bot itself is stopped (sig: SIGKILL, no goodbye; SIGTERM, QUIT) in the middle of a
    turn and started again with the same configuration: the game comes back from the store and
    resumes where it was."""
    t = w.table()
    midgame(t)
    before = snapshot(t)
    t.quiet(0.5, 2)
    whose = before[1][0]
    os.kill(w.bot.proc.pid, sig)
    w.bot.proc.wait(15)
    w.bot.check_clean_log()
    w.bot.log.close()
    stopped = time.time()
    w.bot = Bot(w.args.bot, w.work, open(w.bot.conf).read(), name="bot2", seed=SEED)
    # As ALT if the server has not yet read the end of the old connection.
    set_bot_nick(t, bot_back(w, stopped, "the restart")[0])
    t.wait(lambda: any("resumes" in l for l in t.tr.lines), 30, "a line saying the game resumes")
    line = next(l for l in t.tr.lines if "resumes" in l)
    check(any(p.nick in line and p.nick in whose for p in t.players),
          "the resume line names whose move it is: %r (status said %r)" % (line, whose))
    print("the game resumes %.1f s after the bot was stopped: %s" % (time.time() - stopped, line))
    goes_on(w, before)


def s_botkill(w):
    s_bot(w, signal.SIGKILL)


def s_botterm(w):
    s_bot(w, signal.SIGTERM)


def s_tls_kill(w):
    """kill, with the bot on the server's TLS port: it reconnects through OpenSSL, verifying
    the restarted server against the test CA again."""
    s_kill(w)
    log = w.bot.log_text()
    before = log[:log.index("disconnected:")]
    check(before.count("TLS handshake done") == 1, "one TLS handshake before the kill")
    after = log[log.rindex("disconnected:"):]
    check("connecting to localhost port %d (TLS)" % w.server.tls_port in after,
          "the reconnect goes to the TLS port")
    check("TLS handshake done" in after, "a new TLS handshake after the kill")
    check(log.count("TLS certificate verification is off") == 0, "verification stays on")
    print("reconnected over TLS (%d handshakes in all)" % log.count("TLS handshake done"))


SCENARIOS = {"kill": (s_kill, None), "silent": (s_silent, PING), "stale": (s_stale, PING),
             "botkill": (s_botkill, None), "botterm": (s_botterm, None),
             "tls_kill": (s_tls_kill, None)}


def run_one(args, name):
    fn, network = SCENARIOS[name]
    work = Workdir()
    w = None
    try:
        w = World(args, work, network, tls=name.startswith("tls_"))
        fn(w)
        w.finish()
    except TestFailure as e:
        print("FAIL: %s: %s (logs in %s)" % (name, e, work.path))
        if w and w.bot:
            print("  the bot's log ends:\n    " + w.bot.log_tail(25))
        return 1
    finally:
        if w:
            w.close()
    print("ok: %s (logs in %s)" % (name, work.path))
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", required=True)
    ap.add_argument("--ngircd", default="/usr/sbin/ngircd")
    ap.add_argument("--only", choices=sorted(SCENARIOS))
    args = ap.parse_args()
    names = [args.only] if args.only else sorted(SCENARIOS)
    return max(run_one(args, n) for n in names)


if __name__ == "__main__":
    sys.exit(main())
