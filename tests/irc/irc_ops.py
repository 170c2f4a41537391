#!/usr/bin/python3
"""Channel operators as the IRC layer tracks them, against a real ngircd with the stand-in bot
(tests/irc/echo_bot.c, "!op NICK" asks the layer's member callback): the first to join a new
channel is operator (NAMES), MODE lines with other modes and their parameters among the status
changes, a halfop is no operator, a nick change keeps the status, a new JOIN clears it. Then a
scripted server sends what ngircd would not: a long ISUPPORT line naming a mode of its own,
unknown modes, missing parameters and a MODE longer than the library keeps; nobody may keep a
status the line could have taken away, and NAMES is asked for to learn them again."""

import argparse
import os
import socket
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "e2e"))

from harness import (Bot, Client, Ngircd, TestFailure, Workdir, bot_config, check,  # noqa: E402
                     from_bot, stop_process)

ME = "brickwood"


def net(port):
    return {"name": "local", "host": "127.0.0.1", "port": port, "tls": False, "nick": ME,
            "alt_nicks": ["brickwood_"], "channels": ["#ops"],
            "flood": {"burst": 10, "interval_ms": 300}}


def op_of(asker, nick):
    """What the bot says of nick: "yes", "no" or "unknown"."""
    asker.say("#ops", "!op " + nick)
    m = asker.expect(from_bot(ME, target="#ops", contains="op: %s " % nick), 30, "op of " + nick)
    return m.params[-1].split()[-1]


def expect_op(asker, nick, want, what):
    got = op_of(asker, nick)
    check(got == want, "%s: op of %s is %s, not %s" % (what, nick, got, want))


def mode(client, line, other):
    """Send a MODE and wait until another member sees it (the bot sees it no later)."""
    client.send("MODE #ops " + line)
    other.expect(lambda m: m.cmd == "MODE" and m.params[0] == "#ops", 30, "MODE " + line)


def run(args, work):
    server = Ngircd(args.ngircd, work, throttle=False)
    clients, bot = [], None
    try:
        alice = Client(server.port, "alice")
        bob = Client(server.port, "bob")
        clients += [alice, bob]
        alice.send("JOIN #ops")  # first in: ngircd makes her operator
        alice.expect(lambda m: m.cmd == "JOIN", 15, "alice's join")
        bob.send("JOIN #ops")
        bob.expect(lambda m: m.cmd == "JOIN", 15, "bob's join")
        bot = Bot(args.bot, work, bot_config([net(server.port)]))
        alice.wait_member("#ops", ME)
        alice.expect(from_bot(ME, target="#ops", contains="seen join " + ME), 30, "join report")

        # From NAMES (the bot's WHO tells user and host soon after).
        deadline = time.time() + 30  # asked a second apart at least
        while op_of(alice, "alice") == "unknown" and time.time() < deadline:
            pass
        expect_op(alice, "alice", "yes", "NAMES")
        expect_op(alice, "bob", "no", "NAMES")
        expect_op(alice, "nobody", "unknown", "not a member")

        # A ban mask and a key before the +o take their own parameters.
        mode(alice, "+bko *!*@evil.example sekrit bob", bob)
        expect_op(alice, "bob", "yes", "+bko")
        mode(bob, "-o+v alice alice", alice)
        expect_op(bob, "alice", "no", "-o+v")
        expect_op(bob, "bob", "yes", "-o+v")
        mode(bob, "+h alice", alice)
        expect_op(bob, "alice", "no", "halfop")
        mode(bob, "+l-h+o 20 alice alice", alice)
        expect_op(bob, "alice", "yes", "+l-h+o")

        # A nick change keeps the status.
        bob.send("NICK bobby")
        bob.expect(lambda m: m.cmd == "NICK", 15, "bob's nick change")
        alice.expect(from_bot(ME, target="#ops", contains="seen nick bob bobby"), 30,
                     "nick report")
        expect_op(alice, "bobby", "yes", "after NICK")

        # Leaving and joining again: no status any more.
        bob.send("PART #ops")
        alice.expect(from_bot(ME, target="#ops", contains="seen part bobby"), 30, "part report")
        expect_op(alice, "bobby", "unknown", "after PART")
        bob.send("JOIN #ops sekrit")  # the key set above
        alice.expect(from_bot(ME, target="#ops", contains="seen join bobby"), 30,
                     "bobby's join report")
        expect_op(alice, "bobby", "no", "after a new JOIN")

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


class Scripted:
    """A one-connection IRC server that says what the test tells it to, for what ngircd would
    never send: modes it does not know, parameters missing, more than the library keeps."""

    def __init__(self):
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(1)
        self.port = self.listener.getsockname()[1]
        self.sock, self.buf = None, b""

    def accept(self, timeout):
        self.listener.settimeout(timeout)
        self.sock, _ = self.listener.accept()
        self.sock.settimeout(0.2)

    def send(self, line):
        self.sock.sendall(line.encode() + b"\r\n")

    def expect(self, pred, timeout, what):
        """The bot's next line for which pred is true (earlier ones are passed over)."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            while b"\n" in self.buf:
                raw, self.buf = self.buf.split(b"\n", 1)
                line = raw.rstrip(b"\r").decode("utf-8", "replace")
                if pred(line):
                    return line
            try:
                data = self.sock.recv(65536)
            except socket.timeout:
                continue
            if not data:
                break
            self.buf += data
        raise TestFailure("scripted server: no %s from the bot within %ss" % (what, timeout))

    def close(self):
        if self.sock:
            self.sock.close()
        self.listener.close()


def run_scripted(args, work):
    srv = Scripted()
    bot = None
    try:
        conf = net(srv.port)
        conf["channels"] = ["#c"]
        bot = Bot(args.bot, work, bot_config([conf]), name="scripted")
        srv.accept(30)
        srv.expect(lambda x: x.startswith("CAP LS"), 30, "CAP LS")
        srv.send(":srv CAP * LS :")
        srv.expect(lambda x: x.startswith("USER "), 30, "USER")
        srv.send(":srv 001 %s :Welcome" % ME)
        # More tokens than the library keeps: PREFIX and CHANMODES come after the eighth.
        srv.send(":srv 005 %s T1 T2 T3 T4 T5 T6 T7 T8 T9 PREFIX=(qaohv)~&@%%+ "
                 "CHANMODES=beIZ,k,l,imnst :are supported by this server" % ME)
        srv.send(":srv 376 %s :End of MOTD" % ME)
        srv.expect(lambda x: x == "JOIN #c", 30, "JOIN")
        srv.send(":%s!bw@bot.example JOIN #c" % ME)
        srv.send(":srv 353 %s = #c :%s @alice bob" % (ME, ME))
        srv.send(":srv 366 %s #c :End of NAMES" % ME)
        srv.expect(lambda x: x.startswith("WHO #c"), 30, "WHO")
        for nick in ("alice", "bob"):
            srv.send(":srv 352 %s #c %s %s.example srv %s H :0 %s" % (ME, nick, nick, nick, nick))
        srv.send(":srv 315 %s #c :End of WHO" % ME)

        def op(nick):
            srv.send(":alice!alice@alice.example PRIVMSG #c :!op " + nick)
            line = srv.expect(lambda x: x.startswith("PRIVMSG #c :op: %s " % nick), 30,
                              "op of " + nick)
            return line.split()[-1]

        def expect_op_s(nick, want, what):
            got = op(nick)
            check(got == want, "%s: op of %s is %s, not %s" % (what, nick, got, want))

        expect_op_s("alice", "yes", "NAMES")
        expect_op_s("bob", "no", "NAMES")
        # Z is a list mode only this server's CHANMODES names (read when 005 was long).
        srv.send(":alice!alice@alice.example MODE #c +Zo zzz bob")
        expect_op_s("bob", "yes", "+Zo")
        expect_op_s("alice", "yes", "+Zo")

        # An unknown mode: what came before it stands, but nobody holds a status until
        # NAMES tells again.
        srv.send(":alice!alice@alice.example MODE #c -oY bob whatever")
        srv.expect(lambda x: x == "NAMES #c", 30, "NAMES after an unknown mode")
        expect_op_s("alice", "no", "before the NAMES reply")
        srv.send(":srv 353 %s = #c :%s @alice +bob" % (ME, ME))
        srv.send(":srv 366 %s #c :End of NAMES" % ME)
        expect_op_s("alice", "yes", "after the NAMES reply")
        expect_op_s("bob", "no", "after the NAMES reply")

        # A MODE with more parameters than the library keeps: alice's -o is cut off.
        srv.send(":alice!alice@alice.example MODE #c +vvvvvvvvvo-o b b b b b b b b b bob alice")
        srv.expect(lambda x: x == "NAMES #c", 30, "NAMES after a cut MODE")
        expect_op_s("alice", "no", "cut MODE")
        srv.send(":srv 353 %s = #c :%s +alice @+bob" % (ME, ME))
        srv.send(":srv 366 %s #c :End of NAMES" % ME)
        expect_op_s("bob", "yes", "multi-prefix NAMES")

        # Missing parameter, more parameters than modes, a channel the bot is not in.
        srv.send(":alice!alice@alice.example MODE #c -o")
        srv.expect(lambda x: x == "NAMES #c", 30, "NAMES after a missing parameter")
        srv.send(":srv 353 %s = #c :%s @alice bob" % (ME, ME))
        srv.send(":srv 366 %s #c :End of NAMES" % ME)
        srv.send(":alice!alice@alice.example MODE #c +o bob alice extra")
        srv.send(":alice!alice@alice.example MODE #other -o alice")
        expect_op_s("bob", "yes", "extra parameters")
        expect_op_s("alice", "yes", "another channel")

        rc = stop_process(bot.proc, "the bot", 15)
        check(rc == 0, "bot exit status %s" % rc)
        bot = None
    finally:
        if bot:
            stop_process(bot.proc, "the bot", 15)
        srv.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", required=True)
    ap.add_argument("--ngircd", default="/usr/sbin/ngircd")
    args = ap.parse_args()
    work = Workdir()
    try:
        run(args, work)
        run_scripted(args, work)
    except TestFailure as e:
        print("FAIL:", e, "(logs in %s)" % work.path)
        return 1
    print("ok: channel operators (logs in %s)" % work.path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
