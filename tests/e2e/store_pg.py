#!/usr/bin/python3
"""The bot on a PostgreSQL store (run by tests/pg_run.sh, which starts the server and names it
in BW_PG_CONNINFO):

  -t        reports the backend, connects, and names the schema (none yet, then version 1);
            an unreachable server fails the check with the reason
  claims    a bot (instance a) claims its configured channel at start; a second bot (instance
            b) configured with the same channel refuses to start, naming the channel and the
            instance that holds it; the first one, restarted, starts
  instance  a second bot with the same instance name is refused while the first runs
  wait      a bot whose database is not there yet waits for it, saying so, and starts when it
            appears (here: a database created while it waits)

No IRC server is needed: the store is opened and the channels claimed before any connection
(the bots point at a loopback port nobody listens on and are stopped by their PIDs)."""

import argparse
import os
import shutil
import subprocess
import sys
import time

from harness import Bot, TestFailure, Workdir, bot_config, check, free_port


def config_text(instance, conninfo, port):
    text = bot_config([{"name": "local", "host": "127.0.0.1", "port": port, "tls": False,
                        "nick": "brickwood", "channels": ["#Catan"]}], level="info")
    return text + 'store = { postgresql = "%s"; instance = "%s"; };\n' % (conninfo, instance)


def config(work, name, instance, conninfo, port):
    path = work.file(name + ".conf")
    with open(path, "w") as f:
        f.write(config_text(instance, conninfo, port))
    return path


def run(cmd, timeout=30):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def refused(binary, conf, words):
    rc, out, err = run([binary, "-c", conf])
    check(rc == 1, "exit %d, not 1:\n%s%s" % (rc, out, err))
    for w in words:
        check(w in err, "%r not in:\n%s" % (w, err))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", required=True)
    args = ap.parse_args()
    conninfo = os.environ["BW_PG_CONNINFO"]
    work = Workdir()
    port = free_port()

    conf_a = config(work, "a", "a", conninfo, port)
    rc, out, err = run([args.bot, "-t", "-c", conf_a])
    check(rc == 0 and "store: PostgreSQL, instance a: connected; no schema yet" in out
          and "configuration OK" in out, "-t on an empty database: %d\n%s%s" % (rc, out, err))

    bad = config(work, "bad", "a", "host=127.0.0.1 port=%d connect_timeout=3" % free_port(), port)
    rc, out, err = run([args.bot, "-t", "-c", bad])
    check(rc == 1 and "cannot connect" in err and "configuration OK" not in out,
          "-t with no server: %d\n%s%s" % (rc, out, err))

    a = Bot(args.bot, work, config_text("a", conninfo, port), name="a")
    a.wait_log("connecting to", 30)
    rc, out, err = run([args.bot, "-t", "-c", conf_a])
    check(rc == 0 and "connected; schema version 1" in out, "-t: %d\n%s%s" % (rc, out, err))

    refused(args.bot, config(work, "b", "b", conninfo, port),
            ["#catan on local is claimed by instance a", "not starting"])
    refused(args.bot, config(work, "a2", "a", conninfo, port),
            ["postgresql instance a: in use by another brickwood (pid %d)" % a.proc.pid])
    check(a.stop() == 0, "the first bot did not stop cleanly")

    again = Bot(args.bot, work, config_text("a", conninfo, port), name="a-again")
    again.wait_log("connecting to", 30)
    check(again.stop() == 0, "the restarted bot did not stop cleanly")

    later = conninfo.replace("dbname=brickwood_test", "dbname=later")
    check(later != conninfo, "the connection string names no dbname: %s" % conninfo)
    waiting = Bot(args.bot, work, config_text("w", later, port), name="wait")
    waiting.wait_log("trying again in", 30)
    check(waiting.alive(), "the bot did not wait for its database")
    fields = dict(kv.split("=", 1) for kv in conninfo.split())
    rc, out, err = run([os.path.join(os.environ["BW_PG_BINDIR"], "createdb"), "-h",
                        fields["host"], "-p", fields["port"], "-U", fields["user"], "later"])
    check(rc == 0, "createdb: %s%s" % (out, err))
    waiting.wait_log("connecting to", 60)
    check(waiting.stop() == 0, "the bot that waited did not stop cleanly")
    print("ok: -t reports the database; a channel and an instance are never shared; a database "
          "not there yet is waited for")
    shutil.rmtree(work.path, ignore_errors=True)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except TestFailure as e:
        print("FAIL:", e)
        sys.exit(1)
