#!/usr/bin/python3
"""What an operator meets around the game: the first run without a configuration, and the
log file (log.file).

  firstrun     no file at -c FILE (in a folder that does not exist either), and none found
               by the default lookup: exit 1, a message saying where the bot looked and the
               commands that make the file from the example; running those commands gives a
               file that `brickwood -t` accepts
  logfile_bad  a log.file that cannot be opened: `-t` and the start both refuse it, naming
               the file, exit 1, nothing created
  logfile      the bot logs into log.file (nothing on stderr); the file is renamed as
               logrotate does and SIGHUP makes a new one under the same name, also when the
               reloaded configuration has problems; the renamed file gets no new lines

Each scenario has its own folder; every process is stopped by its PID."""

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import time

from harness import (Client, Ngircd, SOURCE, TestFailure, Workdir, bot_config, check,
                     free_port, stop_process)


def run(cmd, cwd=None, env=None, timeout=20):
    proc = subprocess.run(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode()


def suggested_commands(text):
    """The indented command lines of the first-run message."""
    return [line.strip() for line in text.splitlines() if line.startswith("    ")]


def follow_first_run(binary, text, cwd, env):
    """Run the message's mkdir and cp lines in a shell, then its check line with binary."""
    lines = suggested_commands(text)
    check(len(lines) >= 2, "no commands in the first-run message:\n" + text)
    check(lines[-1].startswith("brickwood -t -c "), "no check line:\n" + text)
    for line in lines[:-1]:
        check(line.split()[0] in ("mkdir", "cp"), "unexpected command %r" % line)
        rc = subprocess.run(["sh", "-c", line], cwd=cwd, env=env).returncode
        check(rc == 0, "%r failed" % line)
    checked = [binary] + lines[-1].split()[1:]
    rc, out, err = run(checked, cwd=cwd, env=env)
    check(rc == 0 and "configuration OK" in out,
          "the copied example does not pass -t (%d):\n%s%s" % (rc, out, err))


def scenario_firstrun(binary, ngircd):
    work = Workdir()
    env = dict(os.environ, HOME=work.file("home"), XDG_CONFIG_HOME="")
    os.mkdir(work.file("home"))

    # -c FILE in a folder that does not exist yet.
    target = work.file("etc/brickwood/brickwood.conf")
    for args in (["-c", target], ["-t", "-c", target]):
        rc, out, err = run([binary] + args, cwd=work.path, env=env)
        check(rc == 1, "exit %d for a missing %s" % (rc, target))
        check(out == "", "stdout: %r" % out)
        first = err.splitlines()[0] if err else ""
        check(first == "brickwood: no configuration at " + target, "first line: %r" % first)
        check("copy the example" in err, "no advice:\n" + err)
        check("    mkdir -p %s\n" % os.path.dirname(target) in err, "no mkdir line:\n" + err)
        cp = [line for line in suggested_commands(err) if line.startswith("cp ")]
        check(len(cp) == 1 and cp[0].endswith(" " + target), "no cp line:\n" + err)
        example = cp[0].split()[1]
        check(os.path.isfile(example), "the message names %s, which does not exist" % example)
    follow_first_run(binary, err, work.path, env)
    print("firstrun -c: %s" % cp[0])

    # No -c, nothing in the current folder nor under $HOME/.config.
    empty = work.file("empty")
    os.mkdir(empty)
    rc, out, err = run([binary], cwd=empty, env=env)
    check(rc == 1, "exit %d without a configuration" % rc)
    check(err.startswith("brickwood: no configuration at ./brickwood.conf or %s"
                         % work.file("home/.config/brickwood/brickwood.conf")),
          "first line:\n" + err)
    check("    cp " in err and err.rstrip().endswith("brickwood -t -c ./brickwood.conf"),
          "no commands:\n" + err)
    follow_first_run(binary, err, empty, env)
    # Now the default lookup finds it.
    rc, out, err = run([binary, "-t"], cwd=empty, env=env)
    check(rc == 0 and "./brickwood.conf: configuration OK" in out, "-t after the copy: %s%s"
          % (out, err))
    print("firstrun default: ok")
    shutil.rmtree(work.path)


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def scenario_logfile_bad(binary, ngircd):
    work = Workdir()
    for bad, why in ((work.file("missing/bot.log"), "No such file or directory"),
                     (work.path, "Is a directory")):
        conf = work.file("bot.conf")
        base = bot_config([{"name": "local", "host": "127.0.0.1", "port": free_port(),
                            "tls": False, "channels": ["#c"]}], level="info")
        write(conf, base.replace('log = { level = "info"; };',
                                 'log = { level = "info"; file = "%s"; };' % bad))
        for args in (["-t", "-c", conf], ["-c", conf]):
            rc, out, err = run([binary] + args, cwd=work.path)
            text = out + err
            check(rc == 1, "exit %d for log.file %s (%s)" % (rc, bad, args[0]))
            check("log.file" in text and bad in text and why in text,
                  "the message does not name log.file %s (%s):\n%s" % (bad, why, text))
            check("configuration OK" not in text, text)
        check(not os.path.exists(work.file("missing")), "a folder was created")
        check(not os.path.exists(work.file("brickwood.db")), "the store was opened")
        print("logfile_bad %s: %s" % (why, text.strip().splitlines()[-1]))
    shutil.rmtree(work.path)


def scenario_web_taken(binary, ngircd):
    """The web view cannot listen (its port is taken): the bot says so and does not start,
    after the store was opened, without leaving anything running."""
    work = Workdir()
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen(1)
    port = holder.getsockname()[1]
    try:
        conf = work.file("bot.conf")
        base = bot_config([{"name": "local", "host": "127.0.0.1", "port": free_port(),
                            "tls": False, "channels": ["#c"]}], level="info")
        write(conf, base + 'web = { listen = "127.0.0.1:%d"; };\n' % port)
        rc, out, err = run([binary, "-t", "-c", conf], cwd=work.path)
        check(rc == 0 and "configuration OK" in out, "-t: exit %d\n%s%s" % (rc, out, err))
        rc, out, err = run([binary, "-c", conf], cwd=work.path)
        text = out + err
        check(rc == 1, "exit %d with the web port taken:\n%s" % (rc, text))
        check("action=web_failed" in text and "cannot listen on 127.0.0.1:%d" % port in text,
              "the log does not say why:\n%s" % text)
        check("action=connect" not in text, "it connected anyway:\n%s" % text)
        print("web_taken: %s" % [l for l in text.splitlines() if "web_failed" in l][0])
    finally:
        holder.close()
    shutil.rmtree(work.path)


def wait_for(path, needle, timeout, proc):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if os.path.exists(path):
            with open(path, errors="replace") as f:
                if needle in f.read():
                    return
        check(proc.poll() is None, "the bot exited (%s)" % proc.returncode)
        time.sleep(0.05)
    raise TestFailure("no %r in %s within %ss" % (needle, path, timeout))


def read(path):
    with open(path, errors="replace") as f:
        return f.read()


def scenario_logfile(binary, ngircd):
    work = Workdir()
    server = Ngircd(ngircd, work)
    proc = None
    try:
        conf = work.file("bot.conf")
        text = bot_config([{"name": "local", "host": "127.0.0.1", "port": server.port,
                            "tls": False, "nick": "brickwood", "channels": ["#c"],
                            "flood": {"burst": 10, "interval_ms": 300}}], level="info")
        text = text.replace('log = { level = "info"; };',
                            'log = { level = "info"; file = "bot.log"; };')
        write(conf, text)
        log, rotated, rotated2 = (work.file("bot.log"), work.file("bot.log.1"),
                                  work.file("bot.log.2"))
        stderr = open(work.file("stderr"), "wb")
        env = dict(os.environ)
        env.setdefault("ASAN_OPTIONS", "detect_leaks=1")
        proc = subprocess.Popen([binary, "-c", conf], cwd=work.path, env=env,
                                stdin=subprocess.DEVNULL, stdout=stderr, stderr=stderr)
        wait_for(log, "local: joined #c", 60, proc)
        check("starting with" in read(log), "no start line in the log file")

        # logrotate: rename, then SIGHUP (its postrotate script).
        os.rename(log, rotated)
        os.kill(proc.pid, signal.SIGHUP)
        wait_for(log, "configuration reloaded", 30, proc)
        # A client joins: the bot's log lines about it (if any) go to the new file only.
        client = Client(server.port, "alice")
        client.send("JOIN #c")
        client.expect(lambda m: m.cmd == "366", 30, "end of NAMES")
        client.close("bye")

        # Again with a configuration that has problems: the file is still made anew.
        os.rename(log, rotated2)
        write(conf, text + "bogus = 1;\n")
        os.kill(proc.pid, signal.SIGHUP)
        wait_for(log, "has problems", 30, proc)
        write(conf, text)

        rc = stop_process(proc, "the bot", 15)
        proc = None
        check(rc == 0, "exit status %d" % rc)
        first, second, current = read(rotated), read(rotated2), read(log)
        check("configuration reloaded" not in first, "the renamed file got the reload line")
        check("has problems" not in second, "the second renamed file got the refusal")
        check("configuration reloaded" in second, "the reload line is missing:\n" + second)
        check("leaving" in current, "the last lines are not in the newest file:\n" + current)
        stderr.close()
        err = read(work.file("stderr"))
        for bad in ("AddressSanitizer", "LeakSanitizer", "runtime error:"):
            check(bad not in err + first + second + current, "sanitizer report")
        # Only the configuration's problems are printed on stderr (as by -t); no log line.
        for line in err.splitlines():
            check(" info: " not in line and " warn: " not in line,
                  "a log line on stderr: %r" % line)
        check("bogus" in err, "the configuration problem was not printed:\n" + err)
        print("logfile: %d + %d + %d lines in three files" % (
            first.count("\n"), second.count("\n"), current.count("\n")))
    finally:
        if proc is not None:
            stop_process(proc, "the bot", 15)
        server.stop()
    shutil.rmtree(work.path, ignore_errors=True)


SCENARIOS = {
    "firstrun": scenario_firstrun,
    "logfile_bad": scenario_logfile_bad,
    "logfile": scenario_logfile,
    "web_taken": scenario_web_taken,
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", required=True)
    ap.add_argument("--ngircd")
    ap.add_argument("--only", choices=sorted(SCENARIOS), action="append")
    args = ap.parse_args()
    binary = os.path.abspath(args.bot)
    try:
        for name in args.only or sorted(SCENARIOS):
            SCENARIOS[name](binary, args.ngircd)
    except TestFailure as e:
        print("FAIL: %s" % e)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
