#!/usr/bin/python3
"""No secret in the log, at any level: a whole game through ngIRCd with the bot at log level
"debug", its log going to log.file, on a server that wants a password (PASS), with a SASL
password configured (ngIRCd offers no SASL, so with required = false the bot goes on without
the login). Afterwards neither password, nor any line the bot sent privately to a player
(hands, spots, what was stolen or bought, replies), is anywhere in the log file or on stderr.

The event lines are checked on the way: every line about joining a channel ends with the
key=value fields network=, channel= and action=join.

One server, one bot, one channel of three players; BRICKWOOD_SEED fixes the game."""

import argparse
import os
import re
import shutil
import sys
import time

import harness
from harness import (Bot, Client, Ngircd, TestFailure, Workdir, bot_config, check, join_all,
                     stop_process)
from play import Table

BOT = "brickwood"
CHAN = "#secrets"
SERVER_PASS = "srv-Pa55-7d1e0c"
SASL_PASS = "sasl-Pa55-93b2af"
SASL_USER = "brickwood-account"


class PassClient(Client):
    """A player on a server with a password: PASS goes before NICK and USER."""

    def send(self, line):
        if not getattr(self, "pass_sent", False):
            self.pass_sent = True
            super().send("PASS " + SERVER_PASS)
        super().send(line)


def server_with_password(ngircd, work):
    template = open(harness.TEMPLATE).read()
    check("[Global]\n" in template, "no [Global] in the ngIRCd template")
    path = work.file("ngircd-pass.conf.in")
    with open(path, "w") as f:
        f.write(template.replace("[Global]\n", "[Global]\nPassword = %s\n" % SERVER_PASS, 1))
    saved = harness.TEMPLATE
    harness.TEMPLATE = path
    try:
        return Ngircd(ngircd, work, throttle=False)
    finally:
        harness.TEMPLATE = saved


def run(args, work):
    server = server_with_password(args.ngircd, work)
    bot, players = None, []
    try:
        net = {"name": "local", "host": "127.0.0.1", "port": server.port, "tls": False,
               "nick": BOT, "password": SERVER_PASS, "channels": [CHAN],
               "sasl": {"mechanism": "PLAIN", "username": SASL_USER, "password": SASL_PASS,
                        "required": False},
               "flood": {"burst": 50, "interval_ms": 0}}
        text = bot_config([net], bot={"colors": False},
                          game={"turn_timeout_s": 0, "victory_points": args.vp}, level="debug")
        text = text.replace('log = { level = "debug"; };',
                            'log = { level = "debug"; file = "bot-file.log"; };')
        check("bot-file.log" in text, "log.file in the configuration")
        bot = Bot(args.bot, work, text, seed=args.seed)
        log_file = work.file("bot-file.log")

        players = [PassClient(server.port, nick) for nick in ("alice", "bob", "carol")]
        join_all(players, CHAN, BOT)

        table = Table(CHAN, players, BOT, seed=7)
        private = set()
        feed = table.feed

        def noted(client, m):
            if (m.nick == BOT and m.cmd in ("PRIVMSG", "NOTICE") and len(m.params) > 1 and
                    m.params[0].lower() == client.nick.lower()):
                private.add(m.params[-1])
            feed(client, m)
        table.feed = noted

        started = time.time()
        table.start()
        table.setup()
        table.play(max_turns=200, timeout=args.timeout)
        check(table.tr.winner, "the game ended with a winner")
        table.quiet(0.3, 2)
        print("%s wins with %d points after %d turns in %.0fs; %d private lines" % (
            table.tr.winner[0], table.tr.winner[1], table.tr.turn, time.time() - started,
            len(private)))
        hands = [t for t in private if " hand: " in t]
        check(len(hands) >= 6, "hand lines seen (%d)" % len(hands))

        bot_proc, bot = bot, None
        rc = bot_proc.stop()
        check(rc == 0, "exit status %d" % rc)
        stderr = bot_proc.log_text()
        logged = open(log_file, errors="replace").read()
        check(logged.count("\n") >= 5, "the log file has the bot's lines")
        check("SASL PLAIN failed" in logged, "the SASL attempt is not in the log")
        for name, text_ in (("the log file", logged), ("stderr", stderr)):
            for secret in (SERVER_PASS, SASL_PASS):
                check(secret not in text_, "a password is in %s" % name)
            for line in private:
                if len(line) >= 12:
                    check(line not in text_, "a private line is in %s: %r" % (name, line))
            # The hand's contents in the line's own words, in case only a part leaked.
            for h in hands:
                m = re.search(r" hand: (.+)", h)
                if m and len(m.group(1)) >= 12:
                    check(m.group(1) not in text_, "a hand is in %s: %r" % (name, h))
        for bad in ("AddressSanitizer", "LeakSanitizer", "runtime error:"):
            check(bad not in stderr, "sanitizer report")

        joins = [l for l in logged.splitlines() if ": joined %s" % CHAN in l]
        check(joins, "no join line")
        for l in joins:
            check(l.endswith(" network=local channel=%s action=join" % CHAN),
                  "the join line has no key=value tail: %r" % l)
        print("checked %d private lines (%d hands) and two passwords against %d log lines" % (
            len(private), len(hands), logged.count("\n") + stderr.count("\n")))
    finally:
        for p in players:
            p.close()
        if bot:
            stop_process(bot.proc, "the bot", 15)
        server.stop()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", required=True)
    ap.add_argument("--ngircd", required=True)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--vp", type=int, default=4)
    ap.add_argument("--timeout", type=float, default=100)
    args = ap.parse_args()
    args.bot = os.path.abspath(args.bot)
    work = Workdir()
    try:
        run(args, work)
    except TestFailure as e:
        print("FAIL: %s (files in %s)" % (e, work.path))
        return 1
    shutil.rmtree(work.path, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
