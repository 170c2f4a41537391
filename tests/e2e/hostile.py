#!/usr/bin/python3
"""The bot against a scripted IRC server that sends it lines a real server should not (or
rarely does): no prefix, tags alone, over-long lines, a large burst, malformed commands, and a
server that goes silent. One scenario per run: --only NAME. Each starts its own server on a
free loopback port and its own bot, and after every hostile line probes the bot: a PING from
the server must come back as PONG on the same connection (within 15 s: the bot is neither dead
nor deaf), the bot must not have reconnected, and a user's `help` must still be answered.
Every line the bot sends must fit in 512 bytes with its CR LF and hold no NUL, and its messages
go only to the channel or to nicks that sent it something (byte for byte).

  noprefix   commands that name a user (NICK, JOIN, PRIVMSG, QUIT, KICK, ...) without a prefix
  tagonly    message tags and nothing else (`@a=b`, `@a=b `, `@`); tags before real lines
  long       lines of 512 bytes (answered), 513, 600, 1100 and 5000 bytes (dropped, never cut
             and passed on; the 5000 arrive slowly), 8000 and 8191 bytes of tags before a
             short line (answered), 9000 bytes of tags (dropped)
  burst      150 KiB of ordinary lines in one write, then twice that
  malformed  missing parameters, lone prefixes and numerics, NUL, CTCP marks, invalid UTF-8,
             CR without LF, empty and blank lines, a 433 after registration
  keepalive  (ping_interval_s 5, ping_timeout_s 5) the server goes silent: the bot PINGs,
             gives up, reconnects after its backoff; PINGs answered keep the connection
  cap421     the server answers CAP with 421 (unknown command)
  capnone    the server ignores CAP and registers on NICK and USER"""

import argparse
import datetime
import select
import socket
import sys
import threading
import time

from harness import Bot, TestFailure, Workdir, bot_config, check, parse, stop_process

CHAN = "#chan"
NICK = "brickwood"
SERVER = "srv"
PROBE_S = 15.0  # a generous bound for a loaded machine: the wait ends with the PONG
DROPPED = "dropped a line from the server"


class Conn:
    """One accepted connection: what the bot sent, and the registration it went through."""

    def __init__(self, sock, number, log, senders):
        self.sock = sock
        self.log = log
        self.senders = senders   # nicks (bytes, lower case) the server sent lines from
        self.number = number
        self.accepted = time.time()
        self.buf = b""
        self.lines = []          # (arrival time, raw line without CR LF)
        self.closed = False      # the bot closed it (or it broke)
        self.closed_at = None
        self.nick = None
        self.user = False
        self.cap_asked = False
        self.cap_ended = False
        self.registered = False
        self.joined = set()
        self.silent = False      # answer nothing, not even PING
        self.last_sent = time.time()
        self.lock = threading.Lock()

    def send(self, data):
        """Writes raw bytes (the caller adds line ends); False if the socket is gone."""
        with self.lock:
            try:
                self.sock.sendall(data)
            except OSError:
                return False
            self.last_sent = time.time()
            for line in data.split(b"\n"):
                if line.startswith(b"@"):
                    line = line.partition(b" ")[2]
                if line.startswith(b":"):
                    self.senders.add(line[1:].split(b" ")[0].split(b"!")[0].lower())
            self.log.write("%.3f %d > %r\n" % (self.last_sent, self.number, data[:300]))
            self.log.flush()
            return True

    def line(self, text):
        data = text.encode() if isinstance(text, str) else text
        return self.send(data + b"\r\n")

    def mask(self):
        return "%s!bw@127.0.0.1" % self.nick


class Server:
    """A scripted IRC server on a free 127.0.0.1 port, served from its own thread.

    cap: "ls" answers CAP LS with an empty list and holds registration until CAP END; "421"
    answers CAP as an unknown command; "none" ignores CAP entirely."""

    def __init__(self, work, cap="ls", addr="127.0.0.1", nicklen=30, whox=False, members=None):
        self.cap = cap
        self.nicklen = nicklen
        # whox: ISUPPORT says WHOX and WHO with a %-field list is answered with 354 lines.
        # members: channel (lower case) -> [(nick, user, host, account or "0")] already in it
        # when the bot joins (in its NAMES and answers to WHO).
        self.whox = whox
        self.members = members or {}
        # Both directions of every connection, for reading after a failure.
        self.log = open(work.file("server.log"), "w")
        family = socket.AF_INET6 if ":" in addr else socket.AF_INET
        self.listener = socket.socket(family, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind((addr, 0))
        self.listener.listen(4)
        self.port = self.listener.getsockname()[1]
        self.conns = []
        self.problems = []       # lines from the bot that break the wire rules
        self.senders = set()
        self.answer_ping = True
        self.cond = threading.Condition()
        self.stopping = False
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    # The server's thread.
    def _run(self):
        while not self.stopping:
            socks = [self.listener] + [c.sock for c in self.conns if not c.closed]
            try:
                r, _, _ = select.select(socks, [], [], 0.1)
            except (OSError, ValueError):
                continue
            for s in r:
                if s is self.listener:
                    try:
                        sock, _ = self.listener.accept()
                    except OSError:
                        continue
                    with self.cond:
                        self.conns.append(Conn(sock, len(self.conns) + 1, self.log, self.senders))
                        self.cond.notify_all()
                    continue
                conn = next(c for c in self.conns if c.sock is s)
                try:
                    data = s.recv(65536)
                except OSError:
                    data = b""
                with self.cond:
                    if not data:
                        self.log.write("%.3f %d closed by the bot\n" % (time.time(), conn.number))
                        conn.closed = True
                        conn.closed_at = time.time()
                        s.close()
                    else:
                        self._data(conn, data)
                    self.cond.notify_all()

    def _data(self, conn, data):
        conn.buf += data
        now = time.time()
        while b"\n" in conn.buf:
            raw, conn.buf = conn.buf.split(b"\n", 1)
            self._check_line(conn, raw)
            line = raw[:-1] if raw.endswith(b"\r") else raw
            self.log.write("%.3f %d < %r\n" % (now, conn.number, line[:300]))
            conn.lines.append((now, line))
            self._react(conn, line)
        if len(conn.buf) > 512:
            self.problems.append("connection %d: %d bytes without a line end from the bot"
                                 % (conn.number, len(conn.buf)))
            conn.buf = b""

    def _check_line(self, conn, raw):
        shown = raw[:60]
        if len(raw) + 1 > 512:
            self.problems.append("connection %d: a line of %d bytes with CR LF: %r..."
                                 % (conn.number, len(raw) + 1, shown))
        if b"\0" in raw:
            self.problems.append("connection %d: a NUL in %r" % (conn.number, shown))
        if not raw.endswith(b"\r"):
            self.problems.append("connection %d: a line ended by LF alone: %r"
                                 % (conn.number, shown))
        if b"\r" in raw[:-1]:
            self.problems.append("connection %d: a CR inside %r" % (conn.number, shown))

    def _react(self, conn, line):
        if conn.silent or conn.closed:
            return
        _, _, cmd, params = parse(line.decode("utf-8", "replace"))
        if cmd == "CAP":
            sub = params[0].upper() if params else ""
            if self.cap == "421":
                conn.line(":%s 421 %s CAP :Unknown command" % (SERVER, conn.nick or "*"))
            elif self.cap == "ls":
                if sub == "LS":
                    conn.cap_asked = True
                    conn.line(":%s CAP * LS :" % SERVER)
                elif sub == "REQ":
                    conn.line(":%s CAP * NAK :%s" % (SERVER, params[-1] if params else ""))
                elif sub == "END":
                    conn.cap_ended = True
                    self._register(conn)
        elif cmd == "NICK" and params:
            if conn.registered:
                old = conn.mask()
                conn.nick = params[0]
                conn.line(":%s NICK :%s" % (old, conn.nick))
            else:
                conn.nick = params[0]
                self._register(conn)
        elif cmd == "USER":
            conn.user = True
            self._register(conn)
        elif cmd == "JOIN" and params and conn.registered:
            for chan in params[0].split(","):
                conn.joined.add(chan.lower())
                conn.line(":%s JOIN %s" % (conn.mask(), chan))
                names = " ".join([conn.nick] + [m[0] for m in self.members.get(chan.lower(), [])])
                conn.line(":%s 353 %s = %s :%s" % (SERVER, conn.nick, chan, names))
                conn.line(":%s 366 %s %s :End of NAMES list" % (SERVER, conn.nick, chan))
        elif cmd == "WHO" and params and conn.registered:
            self._who(conn, params)
        elif cmd == "PART" and params and conn.registered:
            for chan in params[0].split(","):
                conn.joined.discard(chan.lower())
                conn.line(":%s PART %s" % (conn.mask(), chan))
        elif cmd == "PING":
            if self.answer_ping:
                conn.line(":%s PONG %s :%s" % (SERVER, SERVER, params[-1] if params else ""))
        elif cmd == "QUIT":
            conn.line("ERROR :Closing link (quit)")
            try:
                conn.sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def _who(self, conn, params):
        """WHO #chan (352 lines) or, with whox, WHO #chan %tcuhnfa,TOKEN (354 lines: the
        fields in the order the WHOX specification gives, whatever the request's order)."""
        chan = params[0]
        fields = params[1] if len(params) > 1 and params[1].startswith("%") else None
        for nick, user, host, account in self.members.get(chan.lower(), []):
            if fields and self.whox:
                want, _, token = fields[1:].partition(",")
                out = []
                for f, value in (("t", token), ("c", chan), ("u", user), ("h", host),
                                 ("n", nick), ("f", "H"), ("a", account)):
                    if f in want and (f != "t" or token):
                        out.append(value)
                conn.line(":%s 354 %s %s" % (SERVER, conn.nick, " ".join(out)))
            else:
                conn.line(":%s 352 %s %s %s %s %s %s H :0 %s" % (SERVER, conn.nick, chan, user,
                                                               host, SERVER, nick, nick))
        conn.line(":%s 315 %s %s :End of WHO list" % (SERVER, conn.nick, chan))

    def _register(self, conn):
        if conn.registered or not conn.nick or not conn.user:
            return
        if self.cap == "ls" and conn.cap_asked and not conn.cap_ended:
            return
        conn.registered = True
        n = conn.nick
        for text in ("001 %s :Welcome to the scripted network %s" % (n, conn.mask()),
                     "002 %s :Your host is %s" % (n, SERVER),
                     "003 %s :This server was created today" % n,
                     "004 %s %s 1.0 iow ntk" % (n, SERVER),
                     "005 %s CHANTYPES=# PREFIX=(ov)@+ NICKLEN=%d CASEMAPPING=rfc1459%s "
                     ":are supported by this server" % (n, self.nicklen,
                                                        " WHOX" if self.whox else ""),
                     "375 %s :- %s Message of the day -" % (n, SERVER),
                     "372 %s :- hello" % n,
                     "376 %s :End of MOTD command" % n):
            conn.line(":%s %s" % (SERVER, text))

    # Called from the test.
    def wait(self, pred, timeout):
        """pred() under the server's lock until true or timeout; returns its last value."""
        deadline = time.time() + timeout
        with self.cond:
            while True:
                v = pred()
                if v or time.time() >= deadline:
                    return v
                self.cond.wait(min(0.2, deadline - time.time()))

    def close(self):
        self.stopping = True
        self.thread.join(5)
        for c in self.conns:
            try:
                c.sock.close()
            except OSError:
                pass
        self.listener.close()
        self.log.close()


def log_time(line):
    """The time of one log line ("2026-01-01T10:00:00.000Z info: ..."), or None."""
    try:
        stamp = datetime.datetime.strptime(line.split(" ", 1)[0], "%Y-%m-%dT%H:%M:%S.%fZ")
    except ValueError:
        return None
    return stamp.replace(tzinfo=datetime.timezone.utc).timestamp()


def retry_gaps(text, since=0):
    """Seconds from the first `disconnected:` log line at or after time since to the next
    `connecting to` line, then between each further `connecting to` line and the next."""
    gaps, last = [], None
    for line in text.splitlines():
        t = log_time(line)
        if t is None or t < since:
            continue
        if last is None:
            if "disconnected:" in line:
                last = t
        elif "connecting to " in line:
            gaps.append(t - last)
            last = t
    return gaps


# Retries come 5 s after a disconnect, then 10 s, ..., each plus up to 25% jitter.
RETRY = [(4.8, 6.6), (9.8, 12.8)]


def check_retries(text, since=0, count=1):
    """The first count retry gaps after time since follow the backoff; returns them."""
    gaps = retry_gaps(text, since)
    check(len(gaps) >= count, "the log shows a disconnect and %d new attempts (%s)"
          % (count, ["%.1f" % g for g in gaps]))
    for i, (lo, hi) in enumerate(RETRY[:count]):
        check(lo <= gaps[i] <= hi, "retry %d came %.1f s after the previous try (want "
              "%.1f..%.1f s)" % (i + 1, gaps[i], lo, hi))
    return gaps[:count]


def commands(conn, since=0):
    """(time, prefix nick, command, params) of the bot's lines on conn from index since."""
    out = []
    for t, raw in conn.lines[since:]:
        nick, _, cmd, params = parse(raw.decode("utf-8", "replace"))
        out.append((t, nick, cmd, params))
    return out


class Session:
    """The scripted server and the bot under test, with the probes."""

    def __init__(self, args, work, name, cap="ls", network=None):
        self.args, self.work, self.name = args, work, name
        host = (network or {}).get("host", "127.0.0.1")
        # An IPv6 address is served on ::1; a name (resolved by the bot) on 127.0.0.1.
        self.srv = Server(work, cap, "::1" if ":" in host else "127.0.0.1")
        net = {"name": "local", "host": host, "port": self.srv.port, "tls": False,
               "nick": NICK, "channels": [CHAN], "flood": {"burst": 5, "interval_ms": 0}}
        net.update(network or {})
        self.bot = Bot(args.bot, work, bot_config([net], bot={"colors": False}, level="debug"))
        self.probes = 0
        self.users = 0
        self.conn = None

    def log_tail(self, n=25):
        lines = self.bot.log_text().splitlines()
        return "\n".join("    | " + l for l in lines[-n:])

    def connected(self, number=1, timeout=30):
        """Waits for connection number to register and join CHAN; it becomes self.conn."""
        got = self.srv.wait(lambda: len(self.srv.conns) >= number, timeout)
        if not got:
            check(self.bot.alive(), "the bot exited (status %s) before connecting"
                  % self.bot.proc.returncode)
            raise TestFailure("no connection number %d within %ss" % (number, timeout))
        conn = self.srv.conns[number - 1]
        check(self.srv.wait(lambda: conn.registered, 30),
              "connection %d registered within 30 s (the bot sent %s)"
              % (number, [l for _, l in conn.lines][:8]))
        check(self.srv.wait(lambda: CHAN in conn.joined, 30),
              "the bot joined %s on connection %d within 30 s" % (CHAN, number))
        self.conn = conn
        return conn

    def expect_same_connection(self):
        check(self.bot.alive(), "the bot is running (exit status %s)" % self.bot.proc.returncode)
        check(len(self.srv.conns) == self.conn.number,
              "no reconnect: the bot opened connection %d" % len(self.srv.conns))
        check(not self.conn.closed, "connection %d still open" % self.conn.number)

    def send(self, data, end=b"\r\n"):
        if isinstance(data, str):
            data = data.encode()
        check(self.conn.send(data + end), "the server could write to the bot")

    def probe(self, after=""):
        """PING from the server; PONG with the same token on the same connection within
        PROBE_S."""
        self.probes += 1
        token = "probe%d" % self.probes
        conn = self.conn
        mark = len(conn.lines)
        self.send("PING :" + token)
        ok = self.srv.wait(lambda: any(cmd == "PONG" and token in params
                                       for _, _, cmd, params in commands(conn, mark))
                           or conn.closed, PROBE_S)
        where = " after %s" % after if after else ""
        if not ok or conn.closed:
            alive = self.bot.alive()
            raise TestFailure("no PONG %s%s within %ss (bot %s, connection %s, %d "
                              "connections)" % (token, where, PROBE_S,
                                                "running" if alive else
                                                "exited with %s" % self.bot.proc.returncode,
                                                "closed" if conn.closed else "open",
                                                len(self.srv.conns)))
        self.expect_same_connection()

    def ask(self, where="private", tags=b"", after=""):
        """A new user asks for help; some line to that user must come back within 30 s."""
        self.users += 1
        who = "user%d" % self.users
        self.say(who, where, tags)
        ok = self.srv.wait(lambda: self.answered(who, 0), 30)
        check(ok, "no answer to %s's help%s within 30 s (%s)"
              % (who, " after " + after if after else "", where))
        self.expect_same_connection()
        return who

    def say(self, who, where="private", tags=b"", text=None):
        if where == "private":
            msg = "PRIVMSG %s :%s" % (self.conn.nick, text or "help")
        else:
            msg = "PRIVMSG %s :%s" % (CHAN, text or "!help")
        self.send(tags + (":%s!%s@host.example %s" % (who, who, msg)).encode())

    def answered(self, who, since):
        return any(cmd in ("PRIVMSG", "NOTICE") and params and params[0].lower() == who.lower()
                   for _, _, cmd, params in commands(self.conn, since))

    def dropped(self):
        return self.bot.log_text().count(DROPPED)

    def survive(self, line, end=b"\r\n", what=None):
        """Sends one hostile line, then the PING probe."""
        self.send(line, end)
        self.probe(what or repr(line[:40]))

    def strangers(self):
        """Targets of the bot's messages that are neither CHAN nor a nick that sent a line."""
        out = []
        for conn in self.srv.conns:
            for _, raw in conn.lines:
                words = raw.split(b" ")
                if words[0].upper() in (b"PRIVMSG", b"NOTICE") and len(words) > 1:
                    target = words[1].lower()
                    if target != CHAN.encode() and target not in self.srv.senders:
                        out.append(raw[:60])
        return out

    def finish(self):
        check(not self.srv.problems, "bad lines from the bot: %s" % "; ".join(
            self.srv.problems[:5]))
        wrong = self.strangers()
        check(not wrong, "the bot wrote to nicks that never sent it a line: %s" % wrong[:3])
        check(self.bot.alive(), "the bot is running at the end")
        rc = self.bot.stop()
        check(rc == 0, "bot exit status %s" % rc)
        self.bot.check_clean_log()

    def close(self):
        if self.bot.alive():
            stop_process(self.bot.proc, "the bot", 15)
        self.srv.close()


def baseline(s):
    s.connected()
    s.probe("registration")
    s.ask("private", after="registration")


def s_noprefix(s):
    baseline(s)
    for line in ("NICK foo", "JOIN " + CHAN, "PRIVMSG %s :hi" % CHAN,
                 "PRIVMSG %s :hi" % s.conn.nick, "NOTICE %s :hi" % s.conn.nick, "QUIT :x",
                 "PART " + CHAN, "MODE %s +o %s" % (CHAN, s.conn.nick), "TOPIC %s :t" % CHAN,
                 "KICK %s %s" % (CHAN, s.conn.nick), "KICK %s %s :bye" % (CHAN, s.conn.nick),
                 "INVITE %s %s" % (s.conn.nick, CHAN)):
        s.survive(line)
    s.ask("private", after="lines without a prefix")


def s_tagonly(s):
    baseline(s)
    for line in (b"@a=b", b"@a=b ", b"@", b"@ ", b"@a=b  ", b"@a=b;c=d;e"):
        s.survive(line)
    s.ask("private", after="tag-only lines")
    # Tags in front of an ordinary line are stripped, and the line is processed.
    s.ask("private", tags=b"@time=2024-01-01T00:00:00.000Z;msgid=x ", after="a tagged line")
    s.ask("channel", tags=b"@a=b;c ", after="a tagged channel line")


def line_of(total, who, text, target=CHAN):
    """A PRIVMSG line from who padded to total bytes with its CR LF."""
    head = (":%s!%s@host.example PRIVMSG %s :%s " % (who, who, target, text)).encode()
    check(total - 2 >= len(head), "line_of: %d bytes is too short" % total)
    return head + b"x" * (total - 2 - len(head))


def tag_section(size):
    """'@k0=vvv;k1=vvv;... ' of exactly size bytes, its leading @ and trailing space included
    (IRCv3 allows 8191)."""
    body = b";".join(b"k%d=%s" % (i, b"v" * 90) for i in range(size // 90 + 1))[:size - 2]
    if body.endswith(b";"):
        body = body[:-1] + b"v"
    return b"@" + body + b" "


def s_long(s):
    baseline(s)
    # At the limit: 512 bytes with CR LF is a valid line and is answered.
    s.send(line_of(512, "edge512", "!help"))
    check(s.srv.wait(lambda: s.answered("edge512", 0), 30),
          "no answer to a line of exactly 512 bytes")
    s.probe("a 512-byte line")

    dropped = s.dropped()
    ignored = []
    for n in (513, 600, 1100):
        who = "long%d" % n
        ignored.append(who)
        s.send(line_of(n, who, "!help"))
        s.probe("a %d-byte line" % n)
    # 5000 bytes that arrive slowly, the line end last.
    big = line_of(5000, "long5000", "!help")
    ignored.append("long5000")
    for i in range(0, len(big), 1000):
        s.send(big[i:i + 1000], end=b"")
        time.sleep(0.5)
        check(s.bot.alive(), "the bot is running during a slow long line")
    time.sleep(1.5)
    s.expect_same_connection()
    s.send(b"")
    s.probe("a slow 5000-byte line")

    # Tags do not count towards the 512 bytes: with 8000 bytes of tags the line is valid.
    tags = tag_section(8000)
    s.ask("channel", tags=tags, after="8000 bytes of tags")
    s.ask("private", tags=tags, after="8000 bytes of tags")
    s.ask("private", tags=tag_section(8191), after="8191 bytes of tags (the most allowed)")
    # 9000 bytes of tags are more than any server may send: dropped.
    s.say("tags9000", "channel", tag_section(9000))
    ignored.append("tags9000")
    s.probe("9000 bytes of tags")
    # A tagged line whose message part alone is over 512 bytes: dropped.
    s.send(b"@a=b " + line_of(600, "tagged600", "!help"))
    ignored.append("tagged600")
    s.probe("a tagged 600-byte message")

    time.sleep(2)
    answered = [w for w in ignored if s.answered(w, 0)]
    check(not answered, "over-long lines were processed (cut and passed on?): answers to %s"
          % answered)
    s.bot.wait_log(DROPPED, 15, count=dropped + len(ignored))
    s.ask("private", after="over-long lines")


def s_burst(s):
    baseline(s)
    lines = []
    i = 0
    while sum(len(l) for l in lines) < 150 * 1024:
        i += 1
        if i % 2:
            lines.append(b":u%d!u@host.example PRIVMSG #other :%s\r\n" % (i, b"x" * 200))
        else:
            lines.append(b":u%d!u@host.example NOTICE %s :%s\r\n"
                         % (i, s.conn.nick.encode(), b"y" * 200))
    lines.append(b":burst!b@host.example PRIVMSG %s :help\r\n" % s.conn.nick.encode())
    data = b"".join(lines)
    s.send(data, end=b"")
    check(s.srv.wait(lambda: s.answered("burst", 0) or s.conn.closed, 30),
          "no answer to the help at the end of a %d-byte burst" % len(data))
    s.expect_same_connection()
    s.probe("a burst of %d bytes in %d lines" % (len(data), len(lines)))
    # Twice more, back to back, without waiting in between.
    s.send(data + data, end=b"")
    s.probe("two more bursts")
    s.ask("private", after="bursts")


def s_malformed(s):
    baseline(s)
    n = s.conn.nick
    cases = [
        "NOTICE x", "NOTICE", "PRIVMSG " + CHAN, "PRIVMSG", ":alice!a@h PRIVMSG " + CHAN,
        ":alice!a@h PRIVMSG", ":alice!a@h PRIVMSG %s :" % CHAN, ":alice!a@h PRIVMSG %s :" % n,
        ":nick!u@h", ":nick!u@h ", ":", ": ", "::", ": PRIVMSG %s :hi" % n, "001", "123",
        "999", "0", "00001 x", ":srv 001", ":srv 001 %s" % n, ":srv 005", ":srv 005 %s" % n,
        ":srv 353", ":srv 353 %s" % n, ":srv 353 %s = %s" % (n, CHAN), ":srv 366", ":srv 332",
        ":srv 332 %s %s" % (n, CHAN), ":srv 433", ":srv 433 %s %s :in use" % (n, n),
        ":srv 433 * %s :Nickname is already in use" % n, ":srv 376", ":srv 372",
        "ERROR", ":srv ERROR", ":alice!a@h NICK", ":alice!a@h NICK :", ":alice!a@h JOIN",
        ":alice!a@h JOIN :", ":alice!a@h PART", ":alice!a@h QUIT", ":alice!a@h KICK",
        ":alice!a@h KICK " + CHAN, ":alice!a@h MODE", ":alice!a@h MODE %s +o" % CHAN,
        ":alice!a@h TOPIC", ":alice!a@h INVITE", ":alice!a@h PING", "PING", "PONG",
        ":!@ PRIVMSG %s :help" % n, ":a!b!c@d@e PRIVMSG %s :hi" % n,
        ":alice!a@h " + "X" * 400, ":alice!a@h PRIVMSG %s a b c d e f g h i j k l m n o p q"
        % CHAN, " ", "     ", "\t", ":alice!a@h PRIVMSG  %s  :  hi" % CHAN,
        ":alice!a@h\tPRIVMSG %s :hi" % n, ":alice!a@h NO", ":alice!a@h JO", "NO", ":a!b@c P",
    ]
    for line in cases:
        s.survive(line)
    s.ask("private", after="malformed lines")
    binary = [
        b":alice!a@h PRIVMSG #chan :hel\x00lo",
        b":alice!a@h PRIVMSG " + n.encode() + b" :he\x00lp",
        b"\x00", b"PI\x00NG :x",
        b":alice!a@h PRIVMSG " + n.encode() + b" :\x01",
        b":alice!a@h PRIVMSG " + n.encode() + b" :\x01\x01",
        b":alice!a@h PRIVMSG " + n.encode() + b" :\x01\x01\x01",
        b":alice!a@h PRIVMSG " + n.encode() + b" :\x01 \x01",
        b":alice!a@h PRIVMSG " + n.encode() + b" :\x01VERSION",
        b":alice!a@h PRIVMSG " + n.encode() + b" :\x01PING\x01",
        b":alice!a@h PRIVMSG " + n.encode() + b" :\x01PING " + b"9" * 440 + b"\x01",
        b":alice!a@h PRIVMSG " + CHAN.encode() + b" :\x01ACTION\x01",
        b":alice!a@h NOTICE " + n.encode() + b" :\x01VERSION\x01",
        b":alice!a@h PRIVMSG " + n.encode() + b" :\xff\xfe\xc3",
        b":\xff\xfe!a@h PRIVMSG " + n.encode() + b" :help",
        b"\xc3\x28 \xa0\xa1",
    ]
    for line in binary:
        s.survive(line)
    s.ask("private", after="NUL, CTCP and invalid UTF-8 lines")
    # Line ends: a CR alone, CR inside a line, empty lines, LF alone.
    s.survive(b":alice!a@h NOTICE " + n.encode() + b" :a\rb")
    s.survive(b"", what="an empty line")
    s.survive(b"\r", what="CR CR LF")
    s.survive(b"\r\r\r", what="CRs")
    s.send(b":alice!a@h NOTICE " + n.encode() + b" :cr alone\r", end=b"")
    time.sleep(0.5)
    s.send(b"\n", end=b"")
    s.probe("a line ended by CR, then LF later")
    s.send(b":alice!a@h NOTICE " + n.encode() + b" :lf alone", end=b"\n")
    s.probe("a line ended by LF alone")
    s.probes += 1
    mark = len(s.conn.lines)
    s.send(b"PING :lfonly", end=b"\n")
    if not s.srv.wait(lambda: any(c == "PONG" and "lfonly" in p
                                  for _, _, c, p in commands(s.conn, mark)), PROBE_S):
        print("note: a PING ended by LF alone got no PONG")
    s.ask("private", after="odd line ends")


def s_cap421(s):
    baseline(s)


def s_capnone(s):
    baseline(s)


def s_address(s):
    """Reached by an IPv6 address, or by a name the bot resolves on its own thread."""
    baseline(s)


PING = {"ping_interval_s": 5, "ping_timeout_s": 5}


def s_keepalive(s):
    baseline(s)
    first = s.conn
    # The server goes silent: it keeps the socket open and answers nothing.
    first.silent = True
    quiet_from = first.last_sent
    mark = len(first.lines)
    check(s.srv.wait(lambda: any(c == "PING" for _, _, c, _ in commands(first, mark))
                     or first.closed, 9),
          "the bot sent no PING within 9 s of the server's last line")
    ping_at = next(t for t, _, c, _ in commands(first, mark) if c == "PING")
    print("bot's PING %.1f s after the server's last line" % (ping_at - quiet_from))
    check(ping_at - quiet_from <= 7.5, "the bot's PING came %.1f s after the server's last line"
          % (ping_at - quiet_from))
    check(s.srv.wait(lambda: len(s.srv.conns) >= 2, 22 - (time.time() - quiet_from)),
          "the bot did not reconnect within 22 s of the server going silent (connection "
          "%s)" % ("closed" if first.closed else "still open"))
    print("old connection closed %s; new connection %.1f s after the server went silent" % (
        "%.1f s after the PING" % (first.closed_at - ping_at) if first.closed else "never",
        s.srv.conns[1].accepted - quiet_from))
    check(first.closed, "the bot closed the silent connection")
    check(first.closed_at - ping_at >= 4, "the bot waited for the PONG (closed %.1f s after "
          "its PING)" % (first.closed_at - ping_at))
    s.bot.wait_log("no reply to PING within", 15)
    print("first retry %.1f s after the disconnect" % check_retries(s.bot.log_text())[0])
    s.connected(2)
    s.probe("the reconnect")
    # The server answers the bot's PINGs and says nothing else: the connection stays.
    second = s.conn
    mark = len(second.lines)
    quiet_from = time.time()
    pings = lambda: [t for t, _, c, _ in commands(second, mark) if c == "PING"]
    # 16 s of quiet at least, and two PINGs (interval 5 s) by then or soon after.
    s.srv.wait(lambda: len(pings()) >= 2 and time.time() >= quiet_from + 16 or second.closed,
               30)
    check(len(pings()) >= 2, "the bot sent %d PINGs in %.0f s of quiet (interval 5 s)"
          % (len(pings()), time.time() - quiet_from))
    s.expect_same_connection()
    s.probe("16 s of PINGs answered")
    s.ask("private", after="keepalive")


SCENARIOS = {
    "noprefix": (s_noprefix, "ls", None), "tagonly": (s_tagonly, "ls", None),
    "long": (s_long, "ls", None), "burst": (s_burst, "ls", None),
    "malformed": (s_malformed, "ls", None), "keepalive": (s_keepalive, "ls", PING),
    "cap421": (s_cap421, "421", None), "capnone": (s_capnone, "none", None),
    "ipv6": (s_address, "ls", {"host": "::1"}),
    "resolve": (s_address, "ls", {"host": "localhost"}),
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", required=True)
    ap.add_argument("--only", required=True, choices=sorted(SCENARIOS))
    args = ap.parse_args()
    fn, cap, network = SCENARIOS[args.only]
    work = Workdir()
    s = None
    try:
        s = Session(args, work, args.only, cap, network)
        fn(s)
        s.finish()
    except TestFailure as e:
        print("FAIL: %s: %s (logs in %s)" % (args.only, e, work.path))
        if s:
            print("  the bot's log ends:\n" + s.log_tail())
        return 1
    finally:
        if s:
            s.close()
    print("ok: %s (logs in %s)" % (args.only, work.path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
