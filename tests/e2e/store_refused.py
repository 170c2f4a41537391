#!/usr/bin/python3
"""The bot refuses at start a store file it cannot use, with a message naming the file, and
leaves the file exactly as it was:

  corrupt   random bytes, and a SQLite database with a damaged page
  foreign   another program's SQLite database
  newer     a store written by a newer brickwood (PRAGMA user_version above this build's)
  locked    a store another brickwood has open (the second one is refused)
  readonly  a store in a directory the bot cannot write (run as an unprivileged user when the
            test runs as root, since root writes anywhere)

Each case checks the exit status (1), the message, and the file's bytes before and after.
No server is needed: the store is opened before any connection (the first bot of the locked
case points at a loopback port nobody listens on and is stopped by its PID)."""

import argparse
import contextlib
import hashlib
import os
import random
import shutil
import sqlite3
import subprocess
import sys

from harness import Bot, TestFailure, Workdir, bot_config, check, free_port


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def config_text(store_path, port):
    text = bot_config([{"name": "local", "host": "127.0.0.1", "port": port, "tls": False,
                        "nick": "brickwood", "channels": ["#c"]}], level="info")
    return text + 'store = { path = "%s"; };\n' % store_path


def config(work, name, store_path, port):
    path = work.file(name + ".conf")
    with open(path, "w") as f:
        f.write(config_text(store_path, port))
    return path


def started(binary, work, name, store_path):
    """The bot on store_path, running: it logs its first connection attempt (to a loopback
    port nobody listens on) only after the store is open and its signal handlers are set."""
    bot = Bot(binary, work, config_text(store_path, free_port()), name=name)
    bot.wait_log("connecting to", 30)
    return bot


def refused(binary, conf, db, words, user=None, sidecars=True):
    """Start the bot on conf; it must exit 1 within 20 s, saying words, with db unchanged."""
    before = digest(db)
    cmd = [binary, "-c", conf]
    if user is not None:
        cmd = ["setpriv", "--reuid=%d" % user, "--regid=%d" % user, "--clear-groups"] + cmd
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL)
    try:
        out, _ = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        os.kill(proc.pid, 9)
        proc.wait(5)
        raise TestFailure("the bot started on %s instead of refusing it" % db)
    text = out.decode("utf-8", "replace")
    check(proc.returncode == 1, "exit status %s for %s:\n%s" % (proc.returncode, db, text))
    check(db in text, "the message does not name %s:\n%s" % (db, text))
    for w in words:
        check(w in text, "no \"%s\" in the message for %s:\n%s" % (w, db, text))
    check(digest(db) == before, "%s was changed" % db)
    for tail in ("-wal", "-shm") if sidecars else ():
        check(not os.path.exists(db + tail) or os.path.getsize(db + tail) == 0,
              "%s%s was left behind with data" % (db, tail))
    print("refused %s: %s" % (os.path.basename(db), text.strip().splitlines()[-1]))


def make_store(binary, work, name):
    """A real store, made by the bot itself (started and stopped once)."""
    db = work.file(name)
    check(started(binary, work, name + "-make", db).stop() == 0, "the bot did not stop cleanly")
    check(os.path.exists(db), "the bot made no store")
    return db


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", required=True)
    args = ap.parse_args()
    work = Workdir()
    rnd = random.Random(7)
    port = free_port()

    # Random bytes.
    junk = work.file("junk.db")
    with open(junk, "wb") as f:
        f.write(bytes(rnd.randrange(256) for _ in range(8192)))
    refused(args.bot, config(work, "junk", junk, port), junk, ["not starting"])

    # A store with a damaged page: the header stays, a b-tree page is overwritten.
    damaged = make_store(args.bot, work, "damaged.db")
    with contextlib.closing(sqlite3.connect(damaged)) as c, c:
        c.execute("CREATE TABLE filler (x)")
        c.executemany("INSERT INTO filler VALUES (?)", [("x" * 500,)] * 200)
    size = os.path.getsize(damaged)
    with open(damaged, "r+b") as f:
        f.seek(size - 4096 * 3)
        f.write(bytes(rnd.randrange(256) for _ in range(4096)))
    refused(args.bot, config(work, "damaged", damaged, port), damaged, ["not starting"])

    # Another program's database.
    foreign = work.file("foreign.db")
    with contextlib.closing(sqlite3.connect(foreign)) as c, c:
        c.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
        c.execute("INSERT INTO notes (text) VALUES ('keep me')")
    refused(args.bot, config(work, "foreign", foreign, port), foreign, ["not starting"])

    # Written by a newer brickwood.
    newer = make_store(args.bot, work, "newer.db")
    with contextlib.closing(sqlite3.connect(newer)) as c, c:
        c.execute("PRAGMA user_version = 999")
    refused(args.bot, config(work, "newer", newer, port), newer, ["newer", "not starting"])

    # In use by another brickwood.
    shared = make_store(args.bot, work, "shared.db")
    first = started(args.bot, work, "first", shared)
    try:
        lock = shared + "-lock"
        check(os.path.exists(lock) and os.path.getsize(lock) > 0, "the first bot's lock file")
        check(first.alive(), "the first bot did not keep running")
        # The first bot's log and shared memory are its own; the database file must not
        # change while the second tries.
        refused(args.bot, config(work, "second", shared, port), shared,
                ["in use by another brickwood (pid %d)" % first.proc.pid, "not starting"],
                sidecars=False)
    finally:
        status = first.stop()
    check(status == 0, "the first bot exited with %s" % status)

    # A directory the bot cannot write.
    rodir = work.file("ro")
    os.mkdir(rodir)
    readonly = os.path.join(rodir, "ro.db")
    shutil.copyfile(make_store(args.bot, work, "source.db"), readonly)
    user = None
    if os.geteuid() == 0:
        user = 65534  # nobody: root would write anyway
        if shutil.which("setpriv") is None:
            print("skipping the read-only directory: no setpriv to drop root")
            return 0
        os.chmod(work.path, 0o755)
        os.chmod(readonly, 0o644)
    os.chmod(rodir, 0o555)
    conf = config(work, "readonly", readonly, port)
    os.chmod(conf, 0o644)
    try:
        refused(args.bot, conf, readonly, ["not starting"], user=user)
    finally:
        os.chmod(rodir, 0o755)
        os.chmod(work.path, 0o777)
    print("ok: every unusable store refused and left unchanged")
    shutil.rmtree(work.path, ignore_errors=True)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except TestFailure as e:
        print("FAIL:", e)
        sys.exit(1)
