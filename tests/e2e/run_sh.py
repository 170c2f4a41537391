#!/usr/bin/python3
"""contrib/run.sh, run twice as a newcomer would, with XDG_STATE_HOME in a temporary folder
(BRICKWOOD_BIN names the built bot, so that nothing is installed or built; the first run's
ports are free loopback ones from BRICKWOOD_IRC_PORT and BRICKWOOD_WEB_PORT):

  1. The first run writes its configuration in $XDG_STATE_HOME/brickwood and names it, the
     store, the logs, the bot's and the server's PIDs and the web address (which answers).
     alice, connected from this machine, is an admin out of the box: in #catan she opens a
     lobby, seats two computer players, sets the channel's language to Ukrainian and starts
     the game; she waits for her first setup move. A second run.sh meanwhile refuses to start.
     SIGINT to run.sh (Ctrl-C) stops the bot (it says QUIT and exits 0) and then the server.
  2. An operator's edit of the configuration is kept; the web view's port, taken meanwhile by
     another program, moves to a free one (named, and written in the configuration). The second
     run restores the game: admin `status #catan` shows both computer players present, also
     after an admin's `part #catan force` and `join #catan` (the line saying the game resumes
     seen in Ukrainian); alice places her setup pieces and the computer players move on (lines
     in Ukrainian, never one calling a computer player away). SIGINT stops it all again.

Every process is stopped by its PID; every wait is bounded."""

import argparse
import glob
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request

from harness import SOURCE, Client, TestFailure, Workdir, check, free_port, from_bot

BOT = "brickwood"
CHAN = "#catan"
RUN_SH = os.path.join(SOURCE, "contrib", "run.sh")
COLOR_RE = re.compile(r"\x03(\d{1,2}(,\d{1,2})?)?|[\x02\x0f\x16\x1d\x1f]")


def plain(text):
    return COLOR_RE.sub("", text)


def catalogue(lang, names):
    """Regular expressions of the messages names in lang's catalogue (src/i18n), from their
    printf forms: the test follows the catalogue's words, whatever they are."""
    text = ""
    for path in glob.glob(os.path.join(SOURCE, "src", "i18n", lang + "_*.c")):
        text += open(path, encoding="utf-8").read()
    out = {}
    for name in names:
        m = re.search(r"\{%s,\s*((?:\"(?:[^\"\\]|\\.)*\"\s*)+)\}" % name, text)
        check(m is not None, "no %s in the %s catalogue" % (name, lang))
        form = "".join(re.findall(r"\"((?:[^\"\\]|\\.)*)\"", m.group(1)))
        parts = re.split(r"(%[sd])", form)
        rx = "".join({"%s": "(.+?)", "%d": r"\d+"}.get(p, re.escape(p)) for p in parts)
        out[name] = re.compile(rx)
    return out


class Run:
    """One run.sh, its output read until it says how to stop it."""

    def __init__(self, env, work, n):
        self.out_name = work.file("run%d.out" % n)
        self.out = open(self.out_name, "wb")
        # SIGINT as a terminal delivers it: a shell ignores it in what it starts in the
        # background, and a script cannot trap a signal ignored when it started.
        self.proc = subprocess.Popen([RUN_SH], stdout=self.out, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, env=env, start_new_session=True,
                                     preexec_fn=lambda: signal.signal(signal.SIGINT,
                                                                      signal.SIG_DFL))
        self.bot_pid = self.server_pid = None
        try:
            self.read_output()
        except BaseException:
            self.kill()
            raise

    def read_output(self):
        deadline = time.time() + 60
        while "Ctrl-C here stops" not in self.text():
            check(self.proc.poll() is None, "run.sh exited: %s" % self.text())
            check(time.time() < deadline, "run.sh said nothing within 60 s: %s" % self.text())
            time.sleep(0.1)
        text = self.text()
        m = re.search(r"server \(PID (\d+)\) runs on 127\.0\.0\.1 port (\d+), and the bot "
                      r"\(PID (\d+)\)", text.replace("\n", " "))
        check(m is not None, "run.sh names no PIDs and port: %s" % text)
        self.server_pid, self.port, self.bot_pid = int(m.group(1)), int(m.group(2)), int(m.group(3))
        self.paths = dict(re.findall(r"^(Configuration|Store|Logs): +(\S+)", text, re.M))
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", text)
        check(m is not None, "run.sh names no web address: %s" % text)
        self.web_port = int(m.group(1))

    def text(self):
        return open(self.out_name, "rb").read().decode("utf-8", "replace")

    def interrupt(self):
        """SIGINT, as Ctrl-C: the bot stops, then the server; run.sh exits 0."""
        os.kill(self.proc.pid, signal.SIGINT)
        try:
            rc = self.proc.wait(60)
        except subprocess.TimeoutExpired:
            raise TestFailure("run.sh did not stop within 60 s of SIGINT")
        check(rc == 0, "run.sh exited %s after SIGINT: %s" % (rc, self.text()))
        for pid, what in ((self.bot_pid, "the bot"), (self.server_pid, "the server")):
            check(not alive(pid), "%s (PID %d) still runs after run.sh stopped" % (what, pid))
        self.out.close()

    def kill(self):
        """After a failure: everything this run started, by PID."""
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                os.kill(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)
        for pid in (self.bot_pid, self.server_pid):
            if pid and alive(pid):
                os.kill(pid, signal.SIGKILL)


def quiet_port():
    """A free loopback port below the range the system hands out for outgoing connections
    (which may take a port from free_port() before the bot listens on it)."""
    low = 32768
    try:
        with open("/proc/sys/net/ipv4/ip_local_port_range") as f:
            low = int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        pass
    rng = random.Random()
    for _ in range(200):
        port = rng.randrange(max(1024, low - 12000), low)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
                return port
            except OSError:
                continue
    return free_port()


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A child of run.sh that has exited but is not yet reaped is gone for this purpose.
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def web_answers(port):
    """The web view answers on port (once the bot has opened it: polled, up to 30 s)."""
    deadline = time.time() + 30
    while True:
        try:
            with urllib.request.urlopen("http://127.0.0.1:%d/" % port, timeout=10) as r:
                check(r.status == 200, "the web view answered %d" % r.status)
                return
        except OSError as e:
            check(time.time() < deadline, "the web view on port %d: %s" % (port, e))
            time.sleep(0.2)


class Player(Client):
    """A client that also keeps every line it read (heard), consumed by expect() or not."""

    def __init__(self, port, nick):
        self.heard = []
        super().__init__(port, nick)

    def pump(self, timeout):
        n = len(self.seen)
        super().pump(timeout)
        self.heard.extend(self.seen[n:])


def join(port):
    """alice joins CHAN once the bot is there (NAMES from outside): the channel's operator is
    the bot, so what she may do beyond a player she may as an admin."""
    alice = Player(port, "alice")
    alice.wait_member(CHAN, BOT, 30)
    alice.send("JOIN " + CHAN)
    alice.wait_member(CHAN, "alice", 30)
    alice.send("NAMES " + CHAN)
    names = alice.expect(lambda m: m.cmd == "353" and m.params[-2].lower() == CHAN, 30, "NAMES")
    check("alice" in names.params[-1].split(), "alice is a channel operator: %r" % names)
    return alice


def said(alice, text, pred, what, timeout=20):
    alice.say(CHAN, text)
    return alice.expect(pred, timeout, what)


def to_chan(m):
    return from_bot(BOT, target=CHAN)(m)


def spots(alice):
    """alice's setup move from !spots, as a command ("!settle 12", "!road 12-13"), or None
    when the move is not hers."""
    m = said(alice, "!spots", lambda m: from_bot(BOT, target="alice")(m) and
             plain(m.params[-1]).startswith(CHAN + " "), "spots")
    text = plain(m.params[-1]).split(":", 1)[1]
    road = re.search(r"\b(\d+-\d+)\b", text)
    if road:
        return "!road " + road.group(1)
    corner = re.search(r"\b(\d+)\b", text)
    return "!settle " + corner.group(1) if corner else None


def robots_present(alice):
    """Admin status: both computer players' seats present."""
    alice.say(BOT, "status " + CHAN)
    seats = []
    while len(seats) < 3:
        m = alice.expect(lambda m: from_bot(BOT, target="alice")(m) and
                         " seat " in m.params[-1], 20, "the seats in status")
        seats.append(plain(m.params[-1]))
    for name in ("Ada", "Alan"):
        line = next((s for s in seats if name + " (bot)" in s), "")
        check("(a computer player), present" in line, "%s is not present: %s" % (name, seats))


def first_run(env, work):
    run = Run(env, work, 1)
    try:
        state = os.path.join(env["XDG_STATE_HOME"], "brickwood")
        conf = os.path.join(state, "brickwood.conf")
        check(run.paths.get("Configuration") == conf, "the configuration named: %s" % run.paths)
        check(run.paths.get("Store") == os.path.join(state, "brickwood.db"), "store: %s" % run.paths)
        check(run.paths.get("Logs") == os.path.join(state, "brickwood.log"), "logs: %s" % run.paths)
        check("Wrote the configuration" in run.text(), "no word of the new configuration")
        check(run.port == int(env["BRICKWOOD_IRC_PORT"]), "port %d" % run.port)
        check(run.web_port == int(env["BRICKWOOD_WEB_PORT"]), "web port %d" % run.web_port)
        check(alive(run.bot_pid) and alive(run.server_pid), "the PIDs named are not running")
        alice = join(run.port)
        web_answers(run.web_port)

        # A second run.sh with the same folder refuses, and changes nothing.
        again = subprocess.run([RUN_SH], env=env, stdin=subprocess.DEVNULL,
                               capture_output=True, timeout=30)
        check(again.returncode == 1 and b"already running" in again.stderr,
              "a second run.sh: %r" % (again,))

        said(alice, "!new", to_chan, "the lobby")
        for name in ("Ada", "Alan"):
            said(alice, "!addbot easy", lambda m: to_chan(m) and name + " (bot)" in m.params[-1],
                 name + " seated")
        # An admin out of the box: !lang is hers to set.
        said(alice, "!lang uk", lambda m: to_chan(m) and re.search("[а-яіїє]", m.params[-1]),
             "the channel's language set to Ukrainian")
        said(alice, "!start", to_chan, "the start")
        deadline = time.time() + 60
        while not spots(alice):
            check(time.time() < deadline, "alice's first setup move did not come within 60 s")
            alice.pump(1)
        alice.close("bye")
        run.interrupt()
    except BaseException:
        run.kill()
        raise

    log = open(os.path.join(state, "brickwood.log"), encoding="utf-8", errors="replace").read()
    check("signal 2: leaving" in log, "the bot was not stopped by SIGINT:\n" + log[-2000:])
    served = open(os.path.join(state, "ngircd.log"), errors="replace").read()
    quit_at = served.find('User "brickwood!')
    quit_at = served.find("Got QUIT command", quit_at)
    down_at = served.find("Server going down")
    check(0 <= quit_at < down_at, "the bot did not say QUIT before the server stopped")
    return conf


def second_run(env, work, conf):
    # The operator edits the configuration; another program takes the web view's port.
    with open(conf, "a") as f:
        f.write("# alice's note: keep this\n")
    before = open(conf).read()
    old_web = int(re.search(r"127\.0\.0\.1:(\d+)", before).group(1))
    taken = socket.socket()
    taken.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    taken.bind(("127.0.0.1", old_web))
    taken.listen(1)
    run = None
    try:
        run = Run(env, work, 2)
        taken.close()
        text = run.text()
        check("Keeping the configuration" in text, "the kept configuration not named: " + text)
        check(run.web_port != old_web and "Port %d is taken" % old_web in text,
              "the taken web port was not moved: " + text)
        after = open(conf).read()
        check("# alice's note: keep this" in after, "the operator's edit is gone")
        check(after == before.replace("127.0.0.1:%d" % old_web, "127.0.0.1:%d" % run.web_port),
              "the configuration changed beyond the web port:\n" + after)
        web_answers(run.web_port)
        state = os.path.dirname(conf)
        log = open(os.path.join(state, "brickwood.log"), encoding="utf-8", errors="replace")
        check(re.search(r"\d+ (lobby or game|lobbies and games) restored", log.read()),
              "the bot restored no game")
        log.close()

        alice = join(run.port)
        # Both computer players sit at the table, present; also after the bot was out of the
        # channel (an admin's part: every seat away, the game paused) and is back, saying the
        # game resumes.
        robots_present(alice)
        uk = catalogue("uk", ["MSG_EV_BUILD_SETTLEMENT", "MSG_EV_BUILD_ROAD", "MSG_BOT_AWAY",
                              "MSG_BOT_AWAY_MORE", "MSG_BOT_GAVE_UP", "MSG_BOT_AWAY_SITS_IN",
                              "MSG_BOT_BACK_GAME"])
        alice.say(BOT, "part %s force" % CHAN)
        alice.expect(lambda m: m.cmd == "PART" and m.nick == BOT, 30, "the bot parting")
        alice.say(BOT, "join " + CHAN)
        back = alice.expect(lambda m: to_chan(m) and
                            uk["MSG_BOT_BACK_GAME"].search(plain(m.params[-1])), 30,
                            "the line saying the game resumes, in Ukrainian")
        print("back in the channel: %s" % plain(back.params[-1]))
        robots_present(alice)

        moved = None
        deadline = time.time() + 90
        while moved is None:
            check(time.time() < deadline, "no computer player moved within 90 s")
            move = spots(alice)
            if move:
                alice.say(CHAN, move)
            alice.pump(1.5)
            for m in alice.heard:
                text = plain(m.params[-1]) if to_chan(m) else ""
                for key in ("MSG_BOT_AWAY", "MSG_BOT_AWAY_MORE", "MSG_BOT_GAVE_UP",
                            "MSG_BOT_AWAY_SITS_IN"):
                    hit = uk[key].search(text)
                    check(not (hit and "(bot)" in hit.group(1)), "called away: " + text)
                for key in ("MSG_EV_BUILD_SETTLEMENT", "MSG_EV_BUILD_ROAD"):
                    hit = uk[key].search(text)
                    if hit and hit.group(1).endswith("(bot)"):
                        moved = text
        print("after the restart, in Ukrainian: %s" % moved)
        alice.close("bye")
        run.interrupt()
    except BaseException:
        taken.close()
        if run:
            run.kill()
        raise
    log = open(os.path.join(os.path.dirname(conf), "brickwood.log"), errors="replace").read()
    for bad in ("AddressSanitizer", "LeakSanitizer", "runtime error:"):
        check(bad not in log, "sanitizer report in the bot's log")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", required=True)
    ap.add_argument("--ngircd", required=True)
    args = ap.parse_args()
    work = Workdir()
    env = dict(os.environ)
    env.update({
        "XDG_STATE_HOME": work.file("state"),
        "HOME": work.file("home"),
        "BRICKWOOD_BIN": os.path.abspath(args.bot),
        "BRICKWOOD_IRC_PORT": str(quiet_port()),
        "BRICKWOOD_WEB_PORT": str(quiet_port()),
        "PATH": os.path.dirname(os.path.abspath(args.ngircd)) + ":" + env.get("PATH", ""),
    })
    env.setdefault("ASAN_OPTIONS", "detect_leaks=1")
    try:
        conf = first_run(env, work)
        second_run(env, work, conf)
    except TestFailure as e:
        print("FAIL: %s (files in %s)" % (e, work.path))
        return 1
    shutil.rmtree(work.path, ignore_errors=True)
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
