#!/usr/bin/python3
"""TLS, IRCv3 capabilities and SASL through real servers, one scenario per run: --only NAME.
ngIRCd with a TLS port for the certificate checks; InspIRCd linked to Atheme services for
SASL PLAIN and EXTERNAL and the capabilities. Each scenario makes its own test CA, starts its
own servers and bot, and ends by stopping the bot (exit 0, no sanitizer report)."""

import argparse
import re
import socket
import sys
import time

from harness import Bot, TestFailure, Workdir, bot_config, check, join_all, stop_process
from servers import (InspircdAtheme, IrcClient, NgircdTLS, client_cert, fingerprint,
                     join_account, make_certs)

CHAN = "#tls"
PASSWORD = "correct-horse-7"


class World:
    """What one scenario started, stopped in close() whatever happened."""

    def __init__(self, args, work):
        self.args, self.work = args, work
        self.servers, self.clients, self.bots = [], [], []
        self.certs = make_certs(work)

    def ngircd(self, cert=None, key=None, **kw):
        s = NgircdTLS(self.args.ngircd, self.work, cert or self.certs.server_cert,
                      key or self.certs.server_key, **kw)
        self.servers.append(s)
        return s

    def services(self):
        s = InspircdAtheme(self.work, self.certs.server_cert, self.certs.server_key,
                           inspircd=self.args.inspircd, atheme=self.args.atheme)
        self.servers.append(s)
        return s

    def client(self, port, nick, **kw):
        c = IrcClient(port, nick, **kw)
        self.clients.append(c)
        return c

    def bot(self, networks, name="bot"):
        b = Bot(self.args.bot, self.work, bot_config(networks, level="debug"), name=name)
        self.bots.append(b)
        return b

    def finish(self, bot):
        """The bot is still running, stops with status 0 and left no sanitizer report."""
        check(bot.alive(), "bot alive at the end (see %s)" % bot.logname)
        rc = bot.stop()
        self.bots.remove(bot)
        check(rc == 0, "bot exit status %s (see %s)" % (rc, bot.logname))
        bot.check_clean_log()

    def close(self):
        for c in self.clients:
            c.close()
        for b in self.bots:
            stop_process(b.proc, "the bot", 15)
            b.log.close()
        for s in self.servers:
            s.stop()


def net(port, nick="brickwood", **kw):
    n = {"name": "local", "host": "localhost", "port": port, "tls": True, "nick": nick,
         "channels": [CHAN], "flood": {"burst": 5, "interval_ms": 0}}
    n.update(kw)
    return {k: v for k, v in n.items() if v is not None}


def expect_while(bot, client, pred, timeout, what):
    """client.expect, failing at once (with the bot's last log lines) when the bot exits."""
    deadline = time.time() + timeout
    while True:
        try:
            return client.expect(pred, min(0.5, max(0, deadline - time.time())), what)
        except TestFailure:
            if time.time() >= deadline or not bot.alive():
                raise TestFailure("%s: no %s within %ss (%s); its last lines:\n    %s"
                                  % (client.nick, what, timeout,
                                     "bot alive" if bot.alive() else
                                     "bot exited with %s" % bot.proc.returncode,
                                     bot.log_tail()))


def bot_joins(nick):
    return lambda m: m.cmd == "JOIN" and m.nick == nick


def never_joins(watcher, nick, seconds):
    """Nothing of nick reaches the channel within seconds, and the server does not know it."""
    lines = watcher.collect(seconds)
    check(not any(m.nick == nick for m in lines),
          "%s reached the channel: %s" % (nick, [m for m in lines if m.nick == nick][:2]))
    watcher.send("WHOIS " + nick)
    m = watcher.expect(lambda m: m.cmd in ("311", "401"), 15, "WHOIS reply")
    check(m.cmd == "401", "%s is registered on the server: %s" % (nick, m.text))


def answers_help(bot, watcher, nick):
    """The real bot answers !help in the channel privately."""
    watcher.say(CHAN, "!help")
    expect_while(bot, watcher, lambda m: m.nick == nick and m.cmd in ("PRIVMSG", "NOTICE") and
                   m.params[0].lower() == watcher.nick.lower(), 30, "private !help reply")


def plain_connections(server):
    """How many connections the ngIRCd plain port accepted (from its log)."""
    log = server.log_text()
    m = re.search(r"Now listening on \[127\.0\.0\.1\]:%d \(socket (\d+)\)" % server.port, log)
    check(m, "ngircd log names its plain listening socket")
    return len(re.findall(r"Accepted connection \d+ from \S+ on socket %s\." % m.group(1), log))


# ---------------------------------------------------------------------------------------
# TLS against ngIRCd


def tls_ca(w):
    server = w.ngircd()
    alice = w.client(server.port, "alice")
    alice.send("JOIN " + CHAN)
    alice.expect(lambda m: m.cmd == "JOIN", 15, "own join")
    before = plain_connections(server)
    # The certificate names both localhost and 127.0.0.1: each works as the host.
    for host, nick in (("localhost", "bw_name"), ("127.0.0.1", "bw_addr")):
        bot = w.bot([net(server.tls_port, nick, host=host, tls_ca_file=w.certs.ca)], nick)
        expect_while(bot, alice, bot_joins(nick), 30, "%s JOIN over TLS to %s" % (nick, host))
        log = bot.wait_log("TLS handshake done", 15)
        check("connecting to %s port %d" % (host, server.tls_port) in log,
              "log names the connection to %s port %d" % (host, server.tls_port))
        check("TLS certificate verification is off" not in log, "no verification warning")
        answers_help(bot, alice, nick)
        w.finish(bot)
        alice.expect(lambda m: m.cmd == "QUIT" and m.nick == nick, 30, nick + " QUIT")
    check(plain_connections(server) == before, "the bots never used the plain port")
    return "the bot verifies the server by the test CA, as localhost and as 127.0.0.1"


def refused(w, cert, key, ca, reason):
    """The bot gives up on the handshake with reason in its log, tries again after the
    backoff, and never reaches the server in plain text."""
    server = w.ngircd(cert, key)
    alice = w.client(server.port, "alice")
    alice.send("JOIN " + CHAN)
    alice.expect(lambda m: m.cmd == "JOIN", 15, "own join")
    before = plain_connections(server)
    bot = w.bot([net(server.tls_port, tls_ca_file=ca)])
    connecting = "connecting to localhost port %d" % server.tls_port
    bot.wait_log(connecting, 20)
    bot.wait_log(reason, 20)
    check("TLS handshake done" not in bot.log_text(), "no handshake reported done")
    bot.wait_log(connecting, 20, count=2)
    bot.wait_log(reason, 20, count=2)
    never_joins(alice, "brickwood", 1)
    check(plain_connections(server) == before, "the bot never used the plain port")
    check('User "brickwood!' not in server.log_text(), "ngircd never registered the bot")
    w.finish(bot)


def tls_untrusted(w):
    refused(w, None, None, None, "certificate is not trusted")
    return "a server certificate from an unknown CA is refused, the bot retries, no plain text"


def tls_wrong_host(w):
    refused(w, w.certs.other_cert, w.certs.other_key, w.certs.ca,
            "certificate does not match the host name")
    return "a certificate for another host name is refused, the bot retries"


def tls_noverify(w):
    server = w.ngircd()
    alice = w.client(server.port, "alice")
    alice.send("JOIN " + CHAN)
    alice.expect(lambda m: m.cmd == "JOIN", 15, "own join")
    bot = w.bot([net(server.tls_port, tls_verify=False)])
    expect_while(bot, alice, bot_joins("brickwood"), 30, "bot JOIN over unverified TLS")
    log = bot.wait_log("TLS handshake done", 15)
    warning = "TLS certificate verification is off"
    check(log.count(warning) == 1, "the log warns verification is off, once per connection")
    answers_help(bot, alice, "brickwood")
    # The server goes away and comes back on the same ports: the warning again at the new
    # connection, not only at the first.
    server.stop()
    server = w.ngircd(name="ngircd2", port=server.port, tls_port=server.tls_port)
    alice = w.client(server.port, "alice")
    # The bot, reconnecting meanwhile, may be in before alice (a new server: no old bot there).
    join_all([alice], CHAN, "brickwood", 60)
    log = bot.wait_log("TLS handshake done", 15, count=2)
    # A loaded machine may start the new server after the bot's first retry, which then finds
    # the port closed (no connection, no warning) and tries again.
    attempts = log.count("connecting to localhost port %d" % server.tls_port)
    refused = log.count("cannot connect: ")
    check(attempts - refused == 2, "two connections (%d attempts, %d refused)"
          % (attempts, refused))
    check(log.count(warning) == 2, "the warning at each of the two connections (%d times)"
          % log.count(warning))
    answers_help(bot, alice, "brickwood")
    w.finish(bot)
    return "tls_verify = false connects to an untrusted server and warns at every connection"


# ---------------------------------------------------------------------------------------
# SASL and capabilities against InspIRCd + Atheme


def watcher(w, server):
    alice = w.client(server.port, "alice", caps=("extended-join", "account-notify"))
    check({"extended-join", "account-notify"} <= alice.caps, "alice got extended-join")
    alice.send("JOIN " + CHAN)
    alice.expect(lambda m: m.cmd == "JOIN", 15, "own join")
    return alice


def whois_account(alice, nick):
    alice.send("WHOIS " + nick)
    account = None
    while True:
        m = alice.expect(lambda m: m.cmd in ("330", "318", "401"), 15, "WHOIS " + nick)
        if m.cmd == "330":
            account = m.params[2]
        if m.cmd != "330":
            return account


def sasl_plain(w):
    server = w.services()
    server.register("catbot", PASSWORD)
    alice = watcher(w, server)
    bot = w.bot([net(server.tls_port, tls_ca_file=w.certs.ca,
                     sasl={"mechanism": "PLAIN", "username": "catbot", "password": PASSWORD})])
    m = expect_while(bot, alice, bot_joins("brickwood"), 30, "bot JOIN")
    check(join_account(m) == "catbot", "extended JOIN names account catbot: " + m.text)
    check(whois_account(alice, "brickwood") == "catbot", "WHOIS 330 names catbot")
    log = bot.wait_log("SASL: logged in as catbot", 15)
    check("TLS handshake done" in log, "over TLS")
    answers_help(bot, alice, "brickwood")
    w.finish(bot)
    return "SASL PLAIN over TLS logs the bot in as catbot before it joins"


def sasl_plain_bad(w):
    server = w.services()
    server.register("catbot", PASSWORD)
    alice = watcher(w, server)
    sasl = {"mechanism": "PLAIN", "username": "catbot", "password": "wrong-" + PASSWORD}
    bot = w.bot([net(server.tls_port, tls_ca_file=w.certs.ca, sasl=sasl)], "bot_required")
    connecting = "connecting to localhost port %d" % server.tls_port
    bot.wait_log("SASL PLAIN failed", 20)
    bot.wait_log(connecting, 20, count=2)
    log = bot.wait_log("SASL PLAIN failed", 20, count=2)
    check("going on without the login" not in log, "required login not skipped")
    check("SASL: logged in" not in log, "no login reported")
    never_joins(alice, "brickwood", 1)
    w.finish(bot)

    sasl["required"] = False
    bot = w.bot([net(server.tls_port, tls_ca_file=w.certs.ca, sasl=sasl)], "bot_optional")
    m = expect_while(bot, alice, bot_joins("brickwood"), 30, "bot JOIN without the login")
    check(join_account(m) is None, "extended JOIN names no account: " + m.text)
    log = bot.wait_log("going on without the login", 15)
    check("SASL PLAIN failed" in log, "the failure is logged")
    check(whois_account(alice, "brickwood") is None, "WHOIS shows no account")
    w.finish(bot)
    return "a wrong SASL password keeps the bot out and retrying; with required = false it joins"


def sasl_external(w):
    server = w.services()
    server.register("certbot", PASSWORD, cert=w.certs.client_pem)
    alice = watcher(w, server)
    bot = w.bot([net(server.tls_port, tls_ca_file=w.certs.ca,
                     tls_client_cert=w.certs.client_pem, sasl={"mechanism": "EXTERNAL"})])
    m = expect_while(bot, alice, bot_joins("brickwood"), 30, "bot JOIN")
    check(join_account(m) == "certbot", "extended JOIN names account certbot: " + m.text)
    bot.wait_log("SASL: logged in as certbot", 15)
    check(whois_account(alice, "brickwood") == "certbot", "WHOIS 330 names certbot")
    w.finish(bot)
    return "SASL EXTERNAL with the client certificate logs the bot in as certbot"


def sasl_external_bad(w):
    # certbot's account knows one certificate; the bot shows another, unknown to services.
    server = w.services()
    server.register("certbot", PASSWORD, cert=w.certs.client_pem)
    stranger = client_cert(w.work, "stranger", "certbot")
    check(fingerprint(stranger) != w.certs.client_fp, "a second, different certificate")
    alice = watcher(w, server)
    bot = w.bot([net(server.tls_port, tls_ca_file=w.certs.ca, tls_client_cert=stranger,
                     sasl={"mechanism": "EXTERNAL", "required": True})])
    connecting = "connecting to localhost port %d" % server.tls_port
    failed = "SASL EXTERNAL failed: "
    log = bot.wait_log(failed, 20)
    why = log[log.index(failed):].splitlines()[0].split(" network=")[0]
    check(re.search(r"\(90[2-6]\)", why), "the log gives the server's reason and numeric: %r"
          % why)
    bot.wait_log(connecting, 20, count=2)
    log = bot.wait_log(failed, 20, count=2)
    check("TLS handshake done" in log, "over TLS")
    check("going on without the login" not in log, "required login not skipped")
    check("SASL: logged in" not in log, "no login reported")
    never_joins(alice, "brickwood", 1)
    w.finish(bot)
    return "SASL EXTERNAL with an unregistered certificate: %s; the bot retries, never joins" \
        % why.split(failed, 1)[1]


class CapServer:
    """A scripted server for one connection: offers capabilities over two CAP LS 302 lines,
    records what the client asks for, acknowledges it, welcomes the client after CAP END."""

    OFFER = [":cap.test CAP * LS * :multi-prefix batch server-time away-notify",
             ":cap.test CAP * LS :extended-join account-notify sasl=PLAIN,EXTERNAL chghost"]

    def __init__(self):
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(1)
        self.port = self.listener.getsockname()[1]
        self.lines, self.requested = [], []

    def serve(self, timeout=30):
        self.listener.settimeout(timeout)
        conn, _ = self.listener.accept()
        conn.settimeout(1)
        deadline, buf, nick = time.time() + timeout, b"", "*"

        def send(text):
            conn.sendall(text.encode() + b"\r\n")

        try:
            while time.time() < deadline:
                try:
                    data = conn.recv(4096)
                except socket.timeout:
                    continue
                if not data:
                    break
                buf += data
                while b"\n" in buf:
                    raw, buf = buf.split(b"\n", 1)
                    line = raw.rstrip(b"\r").decode("utf-8", "replace")
                    self.lines.append(line)
                    words = line.split(" ")
                    cmd = words[0].upper()
                    if cmd == "NICK":
                        nick = words[1]
                    elif cmd == "CAP" and words[1:2] == ["LS"]:
                        for offer in self.OFFER:
                            send(offer)
                    elif cmd == "CAP" and words[1:2] == ["REQ"]:
                        asked = line.split(" ", 2)[2].lstrip(":")
                        self.requested += asked.split()
                        send(":cap.test CAP %s ACK :%s" % (nick, asked))
                    elif cmd == "CAP" and words[1:2] == ["END"]:
                        send(":cap.test 001 %s :Welcome" % nick)
                        send(":cap.test 376 %s :End of MOTD" % nick)
                    elif cmd == "JOIN":
                        return
        finally:
            conn.close()
            self.listener.close()


def cap(w):
    # The capabilities asked for: exactly the wanted ones among those offered, never sasl
    # without a login configured.
    fake = CapServer()
    bot = w.bot([net(fake.port, tls=False)], "bot_fake")
    fake.serve()
    wanted = {"account-notify", "extended-join", "away-notify", "multi-prefix"}
    check(fake.requested, "the bot asked for capabilities; it sent %s" % fake.lines[:6])
    check(set(fake.requested) == wanted, "asked for %s" % fake.requested)
    check(any(x.upper().startswith("CAP END") for x in fake.lines), "CAP END sent")
    check(any(x.upper().startswith("JOIN") for x in fake.lines), "joined after the welcome")
    w.finish(bot)

    # A real server with those capabilities, and SASL: all of it together still registers.
    server = w.services()
    server.register("catbot", PASSWORD)
    alice = watcher(w, server)
    bot = w.bot([net(server.port, tls=False,
                     sasl={"mechanism": "PLAIN", "username": "catbot", "password": PASSWORD})])
    m = expect_while(bot, alice, bot_joins("brickwood"), 30, "bot JOIN")
    check(join_account(m) == "catbot", "extended JOIN names account catbot: " + m.text)
    bot.wait_log("SASL: logged in as catbot", 15)
    answers_help(bot, alice, "brickwood")
    w.finish(bot)
    return "the bot asks for %s where offered and registers with them" % " ".join(sorted(wanted))


SCENARIOS = {
    "tls_ca": tls_ca,
    "tls_untrusted": tls_untrusted,
    "tls_wrong_host": tls_wrong_host,
    "tls_noverify": tls_noverify,
    "sasl_plain": sasl_plain,
    "sasl_plain_bad": sasl_plain_bad,
    "sasl_external": sasl_external,
    "sasl_external_bad": sasl_external_bad,
    "cap": cap,
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", required=True)
    ap.add_argument("--ngircd", default="/usr/sbin/ngircd")
    ap.add_argument("--inspircd", default="/usr/sbin/inspircd")
    ap.add_argument("--atheme", default="/usr/bin/atheme-services")
    ap.add_argument("--only", required=True, choices=sorted(SCENARIOS))
    args = ap.parse_args()
    work = Workdir()
    w = None
    try:
        w = World(args, work)
        what = SCENARIOS[args.only](w)
    except TestFailure as e:
        print("FAIL: %s: %s (logs in %s)" % (args.only, e, work.path))
        return 1
    finally:
        if w:
            w.close()
    print("ok: %s: %s (logs in %s)" % (args.only, what, work.path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
