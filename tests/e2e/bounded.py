#!/usr/bin/python3
"""The bot against a scripted server that tries to make it grow without bound. One scenario
per run (--only NAME), each with its own server on a free loopback port and its own bot.

  saslflood  (sasl PLAIN, required) the server answers AUTHENTICATE PLAIN with "AUTHENTICATE +"
             again and again: on the first connection 50 at once, and it reads what the bot
             sends, which must hold the credentials once and then "AUTHENTICATE *" (the
             exchange aborted); on the second a flood for 12 s, reading nothing at all. The bot logs the failed login, closes each
             connection and tries again after its backoff; its memory (VmRSS) stays bounded.
  noread     the server registers the bot, then reads nothing and floods it with PINGs of
             400-byte tokens, each of which the IRC library answers: the bot logs that the
             server does not read and closes the connection, its memory bounded, and connects
             again.
About 30 s each; every wait is bounded."""

import argparse
import socket
import sys
import threading
import time

from harness import Bot, TestFailure, Workdir, bot_config, check, rss_kib, stop_process

NICK = "brickwood"
SERVER = "srv"
# What the bot may grow by while flooded (its baseline under ASan is some tens of MiB; without
# bounds it grew by hundreds of MiB within seconds).
GROWTH_KIB = 48 * 1024


class Conn:
    def __init__(self, sock, number):
        self.sock = sock
        self.number = number
        self.lines = []
        self.reading = True
        self.closed = False      # the bot closed it (seen while reading), or a write failed
        self.flooding = False
        self.done = False        # the script read all it will (first SASL connection)
        self.buf = b""


class Server:
    """Accepts connections and runs each with the scenario's script, one thread each."""

    def __init__(self, script):
        self.script = script
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        # Small buffers: a server that does not read shows it soon.
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(4)
        self.listener.settimeout(0.2)
        self.port = self.listener.getsockname()[1]
        self.conns = []
        self.stopping = False
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self):
        while not self.stopping:
            try:
                sock, _ = self.listener.accept()
            except OSError:
                continue
            with self.lock:
                conn = Conn(sock, len(self.conns) + 1)
                self.conns.append(conn)
            threading.Thread(target=self.script, args=(self, conn), daemon=True).start()

    def flood(self, conn, line, seconds):
        """Sends line again and again for seconds, or until the connection breaks."""
        data = (line + "\r\n").encode() * 200
        conn.flooding = True
        conn.sock.settimeout(1.0)
        end = time.time() + seconds
        while time.time() < end and not self.stopping:
            try:
                conn.sock.sendall(data)
            except socket.timeout:
                continue
            except OSError:
                conn.closed = True
                break
        conn.flooding = False

    def read_lines(self, conn, until):
        """Reads lines into conn.lines until until(line) is true or the bot closes."""
        end = time.time() + 30
        while time.time() < end:
            while b"\n" in conn.buf:
                raw, conn.buf = conn.buf.split(b"\n", 1)
                line = raw.rstrip(b"\r").decode("utf-8", "replace")
                conn.lines.append(line)
                if until(line):
                    return line
            try:
                data = conn.sock.recv(65536)
            except socket.timeout:
                continue
            except OSError:
                data = b""
            if not data:
                conn.closed = True
                return None
            conn.buf += data
        return None

    def send(self, conn, text):
        conn.sock.sendall((text + "\r\n").encode())

    def close(self):
        self.stopping = True
        self.thread.join(5)
        for c in self.conns:
            try:
                c.sock.close()
            except OSError:
                pass
        self.listener.close()


def sasl_script(srv, conn):
    if srv.read_lines(conn, lambda l: l.startswith("CAP LS")) is None:
        return
    srv.send(conn, ":%s CAP * LS :sasl=PLAIN" % SERVER)
    if srv.read_lines(conn, lambda l: l.startswith("CAP REQ")) is None:
        return
    srv.send(conn, ":%s CAP * ACK :sasl" % SERVER)
    if srv.read_lines(conn, lambda l: l == "AUTHENTICATE PLAIN") is None:
        return
    if conn.number == 1:
        # Fifty at once (a write the bot reads whole, so that it closes with nothing unread and
        # the kernel keeps what it sent for this thread to read), then read until it closes.
        srv.send(conn, "\r\n".join(["AUTHENTICATE +"] * 50))
        srv.read_lines(conn, lambda l: False)
        conn.done = True
    else:
        srv.flood(conn, "AUTHENTICATE +", 12)


def noread_script(srv, conn):
    got = set()
    while not {"NICK", "USER", "END"} <= got:
        line = srv.read_lines(conn, lambda l: l.split(" ")[0] in ("NICK", "USER", "CAP"))
        if line is None:
            return
        words = line.split(" ")
        if words[0] == "CAP" and len(words) > 1 and words[1] == "LS":
            srv.send(conn, ":%s CAP * LS :" % SERVER)
        elif words[0] == "CAP" and len(words) > 1 and words[1] == "END":
            got.add("END")
        elif words[0] in ("NICK", "USER"):
            got.add(words[0])
    for text in ("001 %s :Welcome" % NICK, "005 %s CHANTYPES=# :are supported" % NICK,
                 "376 %s :End of MOTD" % NICK):
        srv.send(conn, ":%s %s" % (SERVER, text))
    conn.reading = False
    if conn.number == 1:
        srv.flood(conn, "PING :" + "x" * 400, 25)


def watch_rss(bot, seconds, stop):
    """The bot's largest VmRSS (KiB) sampled over seconds or until stop()."""
    peak = 0
    end = time.time() + seconds
    while time.time() < end and not stop():
        check(bot.alive(), "the bot is running")
        peak = max(peak, rss_kib(bot.proc.pid))
        time.sleep(0.2)
    return peak


def wait_for(pred, seconds, what):
    end = time.time() + seconds
    while not pred():
        if time.time() > end:
            raise TestFailure("not within %d s: %s" % (seconds, what))
        time.sleep(0.1)


def s_saslflood(work, srv, bot):
    wait_for(lambda: srv.conns, 30, "a connection")
    base = rss_kib(bot.proc.pid)
    wait_for(lambda: srv.conns[0].done, 40,
             "the bot closing the flooded first connection")
    first = srv.conns[0]
    creds = [l for l in first.lines
             if l.startswith("AUTHENTICATE ") and l not in ("AUTHENTICATE PLAIN",
                                                           "AUTHENTICATE *")]
    print("first connection: %d credential lines, then %s" % (
        len(creds), "AUTHENTICATE *" if "AUTHENTICATE *" in first.lines else "no abort"))
    check(len(creds) == 1, "the credentials went once, not %d times" % len(creds))
    check("AUTHENTICATE *" in first.lines, "the bot aborted the exchange (AUTHENTICATE *)")
    bot.wait_log("asked for the credentials again", 10)
    # The second connection, after the backoff: flooded and never read.
    peak = watch_rss(bot, 20, lambda: "retrying in 10 s" in bot.log_text())
    print("VmRSS %d KiB at the start, at most %d KiB through the floods" % (base, peak))
    check(peak - base < GROWTH_KIB, "the bot grew by %d KiB" % (peak - base))
    bot.wait_log("disconnected: SASL PLAIN failed", 5, count=2)
    check(len(srv.conns) >= 2, "a second connection")


def s_noread(work, srv, bot):
    wait_for(lambda: srv.conns and not srv.conns[0].reading, 30, "the bot registered")
    base = rss_kib(bot.proc.pid)
    log = "the server does not read what the bot sends"
    peak = watch_rss(bot, 25, lambda: log in bot.log_text())
    print("VmRSS %d KiB at the flood's start, at most %d KiB until the disconnect" % (base, peak))
    check(peak - base < GROWTH_KIB, "the bot grew by %d KiB" % (peak - base))
    bot.wait_log(log, 5)
    wait_for(lambda: len(srv.conns) >= 2, 20, "a new connection after the backoff")
    print("connected again")


SCENARIOS = {"saslflood": (s_saslflood, sasl_script), "noread": (s_noread, noread_script)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", required=True)
    ap.add_argument("--only", required=True, choices=sorted(SCENARIOS))
    args = ap.parse_args()
    fn, script = SCENARIOS[args.only]
    work = Workdir()
    srv = Server(script)
    net = {"name": "local", "host": "127.0.0.1", "port": srv.port, "tls": False, "nick": NICK,
           "channels": ["#chan"], "flood": {"burst": 5, "interval_ms": 0}}
    if args.only == "saslflood":
        net["sasl"] = {"mechanism": "PLAIN", "username": "bot", "password": "secret",
                       "required": True}
    bot = Bot(args.bot, work, bot_config([net], bot={"colors": False}, level="info"))
    try:
        fn(work, srv, bot)
        check(bot.alive(), "the bot is running at the end")
        rc = bot.stop()
        check(rc == 0, "bot exit status %s" % rc)
    except TestFailure as e:
        print("FAIL: %s: %s (logs in %s)" % (args.only, e, work.path))
        print("  the bot's log ends:\n" + "\n".join(
            "    | " + l for l in bot.log_text().splitlines()[-15:]))
        return 1
    finally:
        if bot.alive():
            stop_process(bot.proc, "the bot", 15)
        srv.close()
    print("ok: %s (logs in %s)" % (args.only, work.path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
