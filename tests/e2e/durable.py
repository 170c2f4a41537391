#!/usr/bin/python3
"""Durable before visible, through a real ngircd: what the store could not keep is never
announced. One scenario per run (--only NAME, all by default):

  diskfull    the store's disk fills in the middle of a turn: the current player's !end is
              refused with "the game in #r1 could not be saved; it is paused until it can be",
              the channel is told that (and nothing of the turn), the log says store_paused and
              !status gives the same reason. Space freed, the game resumes within the retry
              (a line saying so) and the turn ends. The disk fills again: the next player's
              roll is refused, and SIGTERM makes the bot exit 1 (log action unsaved). Started
              again with space, the game resumes with every hand and the status as the players
              last saw them, and the roll goes through. The disk: a 16 MiB tmpfs mounted for
              the test when it runs as root and mount works (filled with a file), else (or with
              --disk fsize) a soft file size limit on the bot (prlimit --fsize, the store's
              largest file's size; the bot ignores SIGXFSZ, its log goes through a pipe). The
              test prints which.
  deleted     the store file is deleted during play: the next command is refused as above,
              the log names the file as gone; after kill -9 the bot refuses to start (exit 1,
              the file named as missing: its lock file shows a brickwood used it), the
              directory unchanged; with --start-empty it starts on a new, empty file.
  unreadable  a store whose table of channels cannot be read: the bot exits 1 naming the file
              and the reason, the file unchanged; with --start-empty it starts.

Every bot is stopped by its PID; its log must hold no sanitizer report."""

import argparse
import errno
import hashlib
import os
import signal
import sqlite3
import subprocess
import sys
import time

from harness import Bot, TestFailure, Workdir, bot_config, check, free_port
import restart
from restart import SEED, bot_back, midgame, set_bot_nick, snapshot
from scenarios import current, roll

FAILED = "could not be saved; it is paused until it can be"
RETRY_S = 5


def PipedBot(binary, work, config_text, name="bot", seed=None, args=()):
    return Bot(binary, work, config_text, name=name, seed=seed, args=args, piped=True)


class Disk:
    """Where the store lives, and a way to fill it and free it again."""

    def __init__(self, work, mount=True):
        self.dir = work.file("fs")
        os.mkdir(self.dir)
        self.store = os.path.join(self.dir, "brickwood.db")
        self.mounted = False
        self.limited = None
        if mount and os.geteuid() == 0 and subprocess.call(
                ["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", self.dir],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) == 0:
            self.mounted = True
            print("the store's disk: a 16 MiB tmpfs, filled with a file")
        else:
            print("the store's disk: a file size limit on the bot (prlimit --fsize)")

    def fill(self, pid):
        if self.mounted:
            with open(os.path.join(self.dir, "filler"), "wb") as f:
                try:
                    while True:
                        f.write(b"\0" * 65536)
                        f.flush()
                except OSError as e:
                    check(e.errno == errno.ENOSPC, "filling the tmpfs: %s" % e)
            return
        size = max(os.path.getsize(os.path.join(self.dir, n)) for n in os.listdir(self.dir))
        subprocess.check_call(["prlimit", "--pid", str(pid), "--fsize=%d:" % size])
        self.limited = pid

    def free(self):
        filler = os.path.join(self.dir, "filler")
        if self.mounted and os.path.exists(filler):
            os.remove(filler)
        elif self.limited is not None:
            try:
                subprocess.check_call(["prlimit", "--pid", str(self.limited),
                                       "--fsize=unlimited:"], stderr=subprocess.DEVNULL)
            except subprocess.CalledProcessError:
                pass  # the bot is gone; a new one has no limit
            self.limited = None

    def close(self):
        if self.mounted:
            subprocess.call(["umount", "-l", self.dir])
            self.mounted = False


def world(args, work, disk):
    return restart.World(args, work, extra='store = { path = "%s"; };\n' % disk.store,
                         bot_class=PipedBot)


def refused_move(t, p, text, turn):
    """p's text is refused with the store's reason; the channel hears that once and nothing
    else; the turn stays."""
    t.clear_replies(p)
    n = len(t.tr.lines)
    t.say(p, text)
    t.reply(p, lambda x: FAILED in x, 20, "the refusal")
    t.quiet(0.6, 3)
    said = t.tr.lines[n:]
    check(sum(FAILED in l for l in said) <= 1 and all(FAILED in l for l in said),
          "the channel heard only that the game is paused: %s" % said)
    check(t.tr.turn == turn, "the turn stays")


def restarted(w, since, why, args=()):
    t = w.t
    w.bot = PipedBot(w.args.bot, w.work, open(w.bot.conf).read(), name="bot2", seed=SEED,
                     args=args)
    set_bot_nick(t, bot_back(w, since, why)[0])


def in_turn(w):
    """A game past its first turn, the roll of the next made: its table, current player, turn."""
    t = w.table()
    midgame(t, turns=1)
    t.quiet(0.5, 2)
    return t, current(t), t.tr.turn


def s_diskfull(w, disk):
    t, p, turn = in_turn(w)
    disk.fill(w.bot.proc.pid)
    refused_move(t, p, "!end", turn)
    check(any(FAILED in l for l in t.tr.lines[-3:]), "the channel is told the game is paused")
    w.bot.wait_log("action=store_paused", 10)
    t.clear_replies(p)
    t.say(p, "!status")
    t.reply(p, lambda x: FAILED in x, 20, "!status saying why")
    # Space again: the game goes on within the retry, from where the channel saw it.
    n = len(t.tr.lines)
    freed = time.time()
    disk.free()
    t.wait(lambda: any("resumes" in l for l in t.tr.lines[n:]), 3 * RETRY_S, "the resume line")
    print("resumed %.1f s after the disk had room again" % (time.time() - freed))
    t.say(p, "!end")
    t.wait(lambda: t.tr.turn != turn, 20, "the turn ends once the store works")
    t.quiet(0.5, 2)
    # Full again, and the bot stopped while a game waits: exit status 1.
    before = snapshot(t)
    q = current(t)
    turn = t.tr.turn
    disk.fill(w.bot.proc.pid)
    refused_move(t, q, "!roll", turn)
    stopped = time.time()
    rc = w.bot.stop()
    check(rc == 1, "SIGTERM while the game could not be saved: exit status %s, not 1" % rc)
    check("action=unsaved" in w.bot.log_text(), "the log says what was not saved")
    w.bot.check_clean_log()
    print("SIGTERM with the store failing: exit status %d" % rc)
    disk.free()
    restarted(w, stopped, "the restart")
    t.wait(lambda: any("resumes" in l for l in t.tr.lines), 30, "the game resuming")
    t.quiet(0.5, 3)
    after = snapshot(t)
    check(after == before, "after the restart: %s, before: %s" % (after, before))
    roll(t, q)
    print("nothing the channel saw was lost; %s rolled after the restart" % q.nick)


def s_deleted(w, disk):
    t, p, turn = in_turn(w)
    for tail in ("", "-wal", "-shm"):
        if os.path.exists(disk.store + tail):
            os.remove(disk.store + tail)
    refused_move(t, p, "!end", turn)
    log = w.bot.wait_log("action=store_paused", 10)
    check("the store file is gone" in log, "the log says the store file is gone")
    os.kill(w.bot.proc.pid, signal.SIGKILL)
    w.bot.proc.wait(15)
    w.bot.finished()
    w.bot.check_clean_log()
    # Started again as before: refused, nothing created where the store was.
    listing = sorted(os.listdir(os.path.dirname(disk.store)))
    out = refused_start(w.args.bot, w.bot.conf, w.work)
    for want in (disk.store, "missing", "--start-empty"):
        check(want in out, "no %r in the message:\n%s" % (want, out))
    check(sorted(os.listdir(os.path.dirname(disk.store))) == listing,
          "the refused start changed the store's directory")
    print("refused: %s" % out.strip().splitlines()[-1])
    killed = time.time()
    restarted(w, killed, "the restart", args=("--start-empty",))
    n = len(t.tr.lines)
    t.clear_replies(p)
    t.say(p, "!status")
    text, _ = t.any_reply(p, 20, "!status")
    print("with --start-empty on a deleted store the bot starts empty; !status: %s" % text)
    check(not any("resumes" in l for l in t.tr.lines[n:]), "no game comes back from nowhere")


def refused_start(binary, conf, work):
    """The bot started on conf must exit 1 at once: its output."""
    proc = subprocess.Popen([os.path.abspath(binary), "-c", conf], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=work.path)
    try:
        out, _ = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(5)
        raise TestFailure("the bot started where it must refuse")
    out = out.decode("utf-8", "replace")
    check(proc.returncode == 1, "exit status %s:\n%s" % (proc.returncode, out))
    check("Sanitizer" not in out and "runtime error" not in out, "a sanitizer report:\n%s" % out)
    return out


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def s_unreadable(w, disk):
    # A store with the table of channels gone: the bot refuses it rather than starting empty
    # and writing over the games it holds.
    store = os.path.join(disk.dir, "unreadable.db")
    port = free_port()
    text = bot_config([{"name": "local", "host": "127.0.0.1", "port": port, "tls": False,
                        "nick": "brickwood", "channels": ["#c"]}], level="info")
    text += 'store = { path = "%s"; };\n' % store
    first = PipedBot(w.args.bot, w.work, text, name="maker")
    first.wait_log("connecting to", 30)
    check(first.stop() == 0, "the first bot stops cleanly")
    db = sqlite3.connect(store)
    db.execute("DROP TABLE channels")
    db.commit()
    db.close()
    before = digest(store)
    out = refused_start(w.args.bot, first.conf, w.work)
    for want in (store, "no such table: channels", "--start-empty"):
        check(want in out, "no %r in the message:\n%s" % (want, out))
    check(digest(store) == before, "the store was changed")
    print("refused: %s" % out.strip().splitlines()[-1])
    empty = PipedBot(w.args.bot, w.work, text, name="empty", args=("--start-empty",))
    empty.wait_log("connecting to", 30)
    check("starting empty as told" in empty.log_text(), "the log says it starts empty")
    check(empty.stop() == 0, "the bot started empty stops cleanly")
    empty.check_clean_log()
    print("--start-empty starts")


SCENARIOS = {"diskfull": s_diskfull, "deleted": s_deleted, "unreadable": s_unreadable}


def run_one(args, name):
    work = Workdir()
    disk = Disk(work, mount=args.disk == "auto")
    w = None
    try:
        w = world(args, work, disk)
        SCENARIOS[name](w, disk)
        w.finish()
    except TestFailure as e:
        print("FAIL: %s: %s (logs in %s)" % (name, e, work.path))
        if w and w.bot:
            print("  the bot's log ends:\n    " + w.bot.log_tail(25))
        return 1
    finally:
        disk.free()
        if w:
            w.close()
        disk.close()
    print("ok: %s (logs in %s)" % (name, work.path))
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", required=True)
    ap.add_argument("--ngircd", default="/usr/sbin/ngircd")
    ap.add_argument("--only", choices=sorted(SCENARIOS))
    ap.add_argument("--disk", choices=("auto", "fsize"), default="auto",
                    help="fsize: limit the file size even where a tmpfs could be mounted")
    args = ap.parse_args()
    names = [args.only] if args.only else sorted(SCENARIOS)
    return max(run_one(args, n) for n in names)


if __name__ == "__main__":
    sys.exit(main())
