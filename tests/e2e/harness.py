"""Shared pieces of the end-to-end tests: a local ngircd on a free loopback port, the bot
process with a generated configuration, and raw-socket IRC clients.

Every process started here is stopped by its PID; every wait is bounded in time."""

import os
import select
import signal
import socket
import subprocess
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(os.path.dirname(HERE))
TEMPLATE = os.path.join(SOURCE, "contrib", "ngircd.conf.in")


class TestFailure(Exception):
    pass


def check(cond, what):
    if not cond:
        raise TestFailure(what)


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop_process(proc, name, grace=10.0):
    """SIGTERM, then SIGKILL after grace seconds; returns the exit status."""
    if proc.poll() is None:
        os.kill(proc.pid, signal.SIGTERM)
        try:
            proc.wait(grace)
        except subprocess.TimeoutExpired:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(5)
            raise TestFailure("%s did not stop on SIGTERM" % name)
    return proc.returncode


def rss_kib(pid):
    """Resident memory of a process, in KiB."""
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Workdir:
    def __init__(self):
        self.path = tempfile.mkdtemp(prefix="brickwood-e2e-")
        # ngircd started as root runs as nobody and writes its pid file here.
        os.chmod(self.path, 0o777)

    def file(self, name):
        return os.path.join(self.path, name)


class Ngircd:
    def __init__(self, ngircd, work, throttle=True, port=None):
        self.port = port or free_port()
        self.work = work
        conf = open(TEMPLATE).read()
        conf = (conf.replace("@PORT@", str(self.port))
                .replace("@PIDFILE@", work.file("ngircd.pid"))
                .replace("@PENALTY@", "-1" if throttle else "0"))
        self.conf = work.file("ngircd.conf")
        with open(self.conf, "w") as f:
            f.write(conf)
        self.log = open(work.file("ngircd.log"), "ab")
        self.proc = subprocess.Popen([ngircd, "-n", "-f", self.conf], stdout=self.log,
                                     stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        deadline = time.time() + 30
        while time.time() < deadline:
            check(self.proc.poll() is None, "ngircd exited; see %s" % work.file("ngircd.log"))
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.5).close()
                return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise TestFailure("ngircd did not listen on port %d" % self.port)

    def stop(self):
        stop_process(self.proc, "ngircd")
        self.log.close()


def bot_config(networks, game=None, bot=None, level="debug"):
    """A brickwood configuration; networks is a list of dicts of network keys."""

    def value(v):
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, int):
            return str(v)
        if isinstance(v, list):
            return "[ " + ", ".join(value(x) for x in v) + " ]"
        if isinstance(v, dict):
            return "{ " + " ".join("%s = %s;" % (k, value(x)) for k, x in v.items()) + " }"
        return '"%s"' % v

    def group(d):
        return "{\n" + "".join("  %s = %s;\n" % (k, value(v)) for k, v in d.items()) + "}"

    def paced(n):
        # Test servers are local: pacing past brickwood's floor (a burst over 10, or under
        # 300 ms a line) is meant here, and the configuration has to say so.
        flood = n.get("flood")
        if not isinstance(flood, dict) or "unsafe" in flood:
            return n
        if flood.get("burst", 4) > 10 or flood.get("interval_ms", 1500) < 300:
            n = dict(n, flood=dict(flood, unsafe=True))
        return n

    out = "networks = (\n" + ",\n".join(group(paced(n)) for n in networks) + "\n);\n"
    if bot:
        out += "bot = %s;\n" % group(bot)
    if game:
        out += "game = %s;\n" % group(game)
    out += 'log = { level = "%s"; };\n' % level
    return out


class Bot:
    def __init__(self, binary, work, config_text, name="bot", seed=None, wrapper=(), args=(),
                 piped=False):
        self.work = work
        self.conf = work.file(name + ".conf")
        self.write_config(config_text)
        self.logname = work.file(name + ".log")
        self.log = open(self.logname, "ab")
        env = dict(os.environ)
        env.setdefault("ASAN_OPTIONS", "detect_leaks=1")
        if seed is not None:
            env["BRICKWOOD_SEED"] = str(seed)
        # wrapper: a command that ends by running its arguments (exec "$@"); args: more options.
        # piped: the output goes through a pipe, copied to the log by a thread, so that a file
        # size limit set on the bot limits its store, not its log.
        self.argv = list(wrapper) + [os.path.abspath(binary), "-c", self.conf] + list(args)
        self.env = env
        self.piped = piped
        self._start()

    def _start(self):
        self.proc = subprocess.Popen(self.argv, stdout=subprocess.PIPE if self.piped else self.log,
                                     stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                     cwd=self.work.path, env=self.env)
        self.copier = None
        if self.piped:
            self.copier = threading.Thread(target=self._copy, daemon=True)
            self.copier.start()

    def restart(self, name):
        """After the process has exited (and finished()): the same program, configuration and
        store again, logging to name.log."""
        self.logname = self.work.file(name + ".log")
        self.log = open(self.logname, "ab")
        self._start()

    def _copy(self):
        for chunk in iter(lambda: self.proc.stdout.read1(65536), b""):
            self.log.write(chunk)
            self.log.flush()

    def finished(self):
        """The process has exited: its log is complete and closed."""
        if self.copier:
            self.copier.join(10)
        self.log.close()

    def write_config(self, text):
        with open(self.conf, "w") as f:
            f.write(text)

    def reload(self):
        os.kill(self.proc.pid, signal.SIGHUP)

    def alive(self):
        return self.proc.poll() is None

    def stop(self):
        rc = stop_process(self.proc, "the bot", 15)
        self.finished()
        return rc

    def log_text(self):
        with open(self.logname, "rb") as f:
            return f.read().decode("utf-8", "replace")

    def log_tail(self, n=8):
        """The log's last n lines, for a failure message."""
        return "\n    ".join(self.log_text().strip().splitlines()[-n:])

    def wait_log(self, text, timeout, count=1):
        """Until the log holds text at least count times (polled; the bot must stay up);
        returns the log."""
        deadline = time.time() + timeout
        while True:
            log = self.log_text()
            if log.count(text) >= count:
                return log
            if time.time() > deadline or not self.alive():
                raise TestFailure("%r %s in the bot's log within %ss (%s); last lines:\n    %s"
                                  % (text, "not" if count == 1 else "not %d times" % count,
                                     timeout, "bot alive" if self.alive() else "bot exited",
                                     self.log_tail()))
            time.sleep(0.1)

    def check_clean_log(self):
        text = self.log_text()
        for bad in ("AddressSanitizer", "LeakSanitizer", "runtime error:"):
            check(bad not in text, "sanitizer report in %s" % self.logname)


def parse(line):
    """(prefix nick, prefix, command, params) of one raw IRC line (str)."""
    prefix = ""
    if line.startswith("@"):
        line = line.split(" ", 1)[1] if " " in line else ""
    if line.startswith(":"):
        prefix, _, line = line[1:].partition(" ")
    trailing = None
    if " :" in line:
        line, _, trailing = line.partition(" :")
    params = line.split()
    cmd = params.pop(0).upper() if params else ""
    if trailing is not None:
        params.append(trailing)
    return prefix.split("!")[0], prefix, cmd, params


class Msg:
    def __init__(self, raw, t):
        self.raw = raw
        self.time = t
        self.text = raw.decode("utf-8", "replace")
        self.nick, self.prefix, self.cmd, self.params = parse(self.text)

    def __repr__(self):
        return "<%s>" % self.text


class Client:
    """A raw IRC client. Lines arrive into a buffer as they are read; expect() searches it."""

    def __init__(self, port, nick, user=None):
        self.nick = nick
        self.sock = socket.create_connection(("127.0.0.1", port), 10)
        self.sock.setblocking(False)
        self.buf = b""
        self.seen = []
        self.closed = False
        self.send("NICK " + nick)
        self.send("USER %s 0 * :test player" % (user or nick))
        self.expect(lambda m: m.cmd == "001", 30, "welcome for " + nick)

    def send(self, line):
        data = line.encode() if isinstance(line, str) else line
        self.sock.setblocking(True)
        self.sock.sendall(data + b"\r\n")
        self.sock.setblocking(False)

    # The bot takes at most one command a second from each user.
    SAY_GAP = 1.1

    def say(self, target, text):
        wait = getattr(self, "last_say", 0) + self.SAY_GAP - time.time()
        if wait > 0:
            self.pump(0)
            time.sleep(wait)
        self.last_say = time.time()
        if isinstance(text, str):
            text = text.encode()
        self.send(b"PRIVMSG " + target.encode() + b" :" + text)

    # What a read that finds nothing yet raises (a TLS client adds its own).
    WOULD_BLOCK = (BlockingIOError, InterruptedError)

    def readable(self, timeout):
        """Whether something can be read within timeout seconds."""
        r, _, _ = select.select([self.sock], [], [], max(0, timeout))
        return bool(r)

    def pump(self, timeout):
        """Read what arrives within timeout seconds; answers PING."""
        if self.closed:
            time.sleep(timeout)
            return
        if not self.readable(timeout):
            return
        try:
            data = self.sock.recv(65536)
        except self.WOULD_BLOCK:
            return
        except OSError:
            data = b""
        if not data:
            self.closed = True
            return
        self.buf += data
        now = time.time()
        while b"\n" in self.buf:
            raw, self.buf = self.buf.split(b"\n", 1)
            raw = raw.rstrip(b"\r")
            m = Msg(raw, now)
            if m.cmd == "PING":
                self.send("PONG :" + (m.params[0] if m.params else ""))
                continue
            self.seen.append(m)

    def expect(self, pred, timeout, what, consume=True):
        """The first buffered or arriving line for which pred is true, within timeout."""
        deadline = time.time() + timeout
        while True:
            for i, m in enumerate(self.seen):
                if pred(m):
                    if consume:
                        del self.seen[: i + 1]
                    return m
            left = deadline - time.time()
            if left <= 0 or self.closed:
                raise TestFailure("%s: no %s within %ss (last lines: %s)"
                                  % (self.nick, what, timeout, self.seen[-5:]))
            self.pump(min(left, 0.5))

    def wait_member(self, chan, nick, timeout=30, pump=None):
        """Until nick (or one of a tuple of nicks) is in chan, a state: from the JOIN and NAMES
        lines buffered or arriving (PART, KICK, QUIT, NICK undo them), NAMES asked again each
        second (each 5 s while a NAMES reply in the buffer already tells: on a throttled server
        every NAMES holds the client's next lines back a second). Returns the line that showed
        it; the JOIN, 353 and 366 lines of chan read are taken out of the buffer. pump: how to
        read (a Table's, to feed it)."""
        want = {n.lower() for n in ((nick,) if isinstance(nick, str) else nick)}
        chan = chan.lower()
        deadline = time.time() + timeout
        asked = time.time()
        while True:
            here, listed, keep, known = {}, {}, [], False   # nick -> the line that showed it
            for m in self.seen:
                p = [x.lower() for x in m.params]
                who = m.nick.lower()
                if m.cmd == "JOIN" and p[:1] == [chan] and who in want:
                    here[who] = m
                elif m.cmd == "353" and len(p) >= 3 and p[-2] == chan:
                    for n in want & {x.lstrip("~&@%+").split("!")[0] for x in p[-1].split()}:
                        here[n] = listed[n] = m
                elif m.cmd == "366" and len(p) >= 2 and p[1] == chan:
                    here, listed, known = listed, {}, True
                else:
                    keep.append(m)
                    gone = (who if m.cmd in ("QUIT", "NICK") or m.cmd == "PART" and
                            p[:1] == [chan] else p[1] if m.cmd == "KICK" and p[:1] == [chan]
                            and len(p) > 1 else None)
                    here.pop(gone, None)
            if here:
                self.seen = keep
                return max(here.values(), key=lambda m: m.time)
            left = deadline - time.time()
            if left <= 0 or self.closed:
                raise TestFailure("%s: %s not in %s within %ss (last lines: %s)"
                                  % (self.nick, "/".join(sorted(want)), chan, timeout,
                                     self.seen[-5:]))
            if time.time() >= asked + (5 if known else 1):
                self.send("NAMES " + chan)  # asked again: the state, whatever was missed
                asked = time.time()
            (pump or self.pump)(min(left, 0.2))

    def collect(self, seconds):
        """Everything that arrives within seconds (and what was buffered)."""
        deadline = time.time() + seconds
        while time.time() < deadline and not self.closed:
            self.pump(deadline - time.time())
        out, self.seen = self.seen, []
        return out

    def close(self, quit_msg=None):
        if not self.closed and quit_msg is not None:
            try:
                self.send("QUIT :" + quit_msg)
            except OSError:
                pass
        self.sock.close()
        self.closed = True


def join_all(clients, chan, nick, timeout=30, pump=None):
    """Every client joins chan; returns once the first sees nick there (wait_member)."""
    for c in clients:
        c.send("JOIN " + chan)
    return clients[0].wait_member(chan, nick, timeout, pump)


def from_bot(bot_nick, cmd="PRIVMSG", target=None, contains=None):
    def pred(m):
        if m.nick.lower() != bot_nick.lower() or m.cmd != cmd:
            return False
        if target is not None and (not m.params or m.params[0].lower() != target.lower()):
            return False
        return contains is None or (len(m.params) > 1 and contains in m.params[-1])

    return pred
