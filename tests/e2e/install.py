#!/usr/bin/python3
"""README's "Install as a service", followed in a temporary prefix:

  1. `cmake --install BUILD --prefix P`; every file is where the README's table says (with P
     for /usr/local), and the README names each of them.
  2. The installed unit: ExecStart= names P/bin/brickwood and /etc/brickwood/brickwood.conf,
     the hardening settings are there, and where systemd-analyze is installed, `verify` finds
     nothing wrong and `security --offline=yes` rates it below 2.0, as the README says.
  3. The first-run message of the unit's ExecStart= line (the configuration not there yet)
     names P's example; the README's mkdir and cp lines (with P and a test folder for /etc)
     make the configuration, and `brickwood -t` accepts it.
  4. The copied example, its port changed to a local ngIRCd's, is run by the unit's
     ExecStart= line from a folder standing for WorkingDirectory= (the store goes there); a
     client sees the bot join #catan. The unit's ExecReload= line (its $MAINPID filled in)
     reloads the configuration; SIGTERM (KillSignal=) stops it with exit status 0.

Every process is stopped by its PID; the prefix is removed at the end."""

import argparse
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from harness import Client, Ngircd, SOURCE, TestFailure, Workdir, check, join_all, stop_process

# Relative to the prefix, as the README lists them under /usr/local.
FILES = [
    "bin/brickwood",
    "share/man/man1/brickwood.1",
    "share/man/man5/brickwood.conf.5",
    "share/doc/brickwood/examples/brickwood.conf",
    "lib/systemd/system/brickwood.service",
]

HARDENING = [
    "DynamicUser=yes", "StateDirectory=brickwood", "WorkingDirectory=/var/lib/brickwood",
    "ProtectSystem=strict", "ProtectHome=yes", "NoNewPrivileges=yes", "PrivateTmp=yes",
    "PrivateDevices=yes", "RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX",
    "SystemCallFilter=@system-service", "SystemCallArchitectures=native",
    "CapabilityBoundingSet=", "LockPersonality=yes", "MemoryDenyWriteExecute=yes",
    "ProtectKernelTunables=yes", "ProtectKernelModules=yes", "ProtectKernelLogs=yes",
    "ProtectControlGroups=yes", "RestrictNamespaces=yes", "RestrictRealtime=yes",
    "RestrictSUIDSGID=yes", "UMask=0077", "Restart=on-failure",
]

CONF = "/etc/brickwood/brickwood.conf"


def unit_settings(path):
    """The unit's [Service] lines as a list of (key, value)."""
    out, section = [], None
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("["):
                section = line
                continue
            if section == "[Service]":
                key, _, value = line.partition("=")
                out.append((key, value))
    return out


def readme_section():
    text = open(os.path.join(SOURCE, "README.md")).read()
    start = text.index("## Install as a service")
    end = text.index("\n## ", start + 10)
    return text[start:end]


def install(cmake, build, prefix):
    proc = subprocess.run([cmake, "--install", build, "--prefix", prefix],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
    out = proc.stdout.decode()
    check(proc.returncode == 0, "cmake --install failed:\n" + out)
    readme = readme_section()
    for rel in FILES:
        path = os.path.join(prefix, rel)
        check(os.path.isfile(path), "%s was not installed:\n%s" % (rel, out))
        check("/usr/local/" + rel in readme, "README does not name /usr/local/%s" % rel)
    check(os.access(os.path.join(prefix, "bin/brickwood"), os.X_OK), "brickwood not executable")
    print("installed: %s" % ", ".join(FILES))


def check_unit(prefix):
    unit = os.path.join(prefix, "lib/systemd/system/brickwood.service")
    settings = unit_settings(unit)
    lines = ["%s=%s" % kv for kv in settings]
    for want in HARDENING:
        check(want in lines, "the unit has no %s" % want)
    start = [v for k, v in settings if k == "ExecStart"]
    check(len(start) == 1, "ExecStart= %r" % start)
    argv = shlex.split(start[0])
    check(argv == [os.path.join(prefix, "bin/brickwood"), "-c", CONF],
          "ExecStart=%s does not run the installed binary on %s" % (start[0], CONF))
    reload_ = [v for k, v in settings if k == "ExecReload"]
    check(reload_ == ["/bin/kill -HUP $MAINPID"], "ExecReload= %r" % reload_)

    analyze = shutil.which("systemd-analyze")
    if not analyze:
        print("systemd-analyze is not installed: exposure not rated")
    else:
        proc = subprocess.run([analyze, "security", "--offline=yes", unit],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60)
        out = proc.stdout.decode()
        m = re.search(r"Overall exposure level for brickwood\.service: ([0-9.]+) (\w+)", out)
        check(m is not None, "no rating from systemd-analyze security:\n" + out)
        score = float(m.group(1))
        check(score < 2.0, "exposure %s %s (want below 2.0):\n%s" % (score, m.group(2), out))
        proc = subprocess.run([analyze, "verify", "--man=no", unit], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=60)
        check(proc.returncode == 0, "systemd-analyze verify:\n" + proc.stdout.decode())
        readme = readme_section()
        check("rates it %s" % m.group(1) in readme,
              "README does not give the rating %s" % m.group(1))
        print("systemd-analyze security: %s %s" % (m.group(1), m.group(2)))
    return argv, reload_[0]


def first_run(argv, prefix, etc):
    """The ExecStart= line before the configuration exists; then the README's steps."""
    conf = os.path.join(etc, "brickwood/brickwood.conf")
    cmd = [argv[0], "-c", conf]
    proc = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=20)
    err = proc.stderr.decode()
    check(proc.returncode == 1, "exit %d without a configuration" % proc.returncode)
    example = os.path.join(prefix, "share/doc/brickwood/examples/brickwood.conf")
    check("no configuration at %s" % conf in err, "first-run message:\n" + err)
    check("    cp %s %s\n" % (example, conf) in err,
          "the message does not name the installed example %s:\n%s" % (example, err))

    # The README's commands, with the prefix and a test folder standing for /etc.
    readme = readme_section()
    steps = []
    for line in readme.splitlines():
        line = line.split("#")[0].strip()
        if line.startswith("sudo mkdir -p /etc/brickwood") or \
                line.startswith("sudo cp /usr/local/share/doc/brickwood/examples/"):
            steps.append(line[len("sudo "):].replace("/usr/local", prefix)
                         .replace("/etc", etc))
    check(len(steps) == 2, "README's mkdir and cp lines: %r" % steps)
    for step in steps:
        check(subprocess.run(["sh", "-c", step]).returncode == 0, "%r failed" % step)
    proc = subprocess.run([argv[0], "-t", "-c", conf], stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, timeout=20)
    check(proc.returncode == 0, "the copied example does not pass -t:\n" + proc.stdout.decode())
    print("first run: %s" % err.splitlines()[0])
    return conf


def run_service(argv, reload_line, conf, state, server):
    text = open(conf).read()
    text, n = re.subn(r"^(\s*)port = 6667;", r"\g<1>port = %d;" % server.port, text, count=1,
                      flags=re.M)
    check(n == 1, "no port = 6667 in the example")
    with open(conf, "w") as f:
        f.write(text)
    cmd = [argv[0], argv[1], conf]
    log_path = os.path.join(state, "journal")
    log = open(log_path, "wb")
    env = dict(os.environ)
    env.setdefault("ASAN_OPTIONS", "detect_leaks=1")
    proc = subprocess.Popen(cmd, cwd=state, env=env, stdin=subprocess.DEVNULL, stdout=log,
                            stderr=subprocess.STDOUT)
    client = None
    try:
        client = Client(server.port, "alice")
        join_all([client], "#catan", "brickwood")
        check(os.path.exists(os.path.join(state, "brickwood.db")),
              "no store in the working directory")
        reload_argv = [a.replace("$MAINPID", str(proc.pid)) for a in shlex.split(reload_line)]
        check(subprocess.run(reload_argv).returncode == 0, "%r failed" % reload_argv)
        deadline = time.time() + 10
        while "configuration reloaded" not in open(log_path, errors="replace").read():
            check(time.time() < deadline, "no reload after ExecReload=")
            check(proc.poll() is None, "the bot exited")
            time.sleep(0.05)
        rc = stop_process(proc, "the bot", 15)
        check(rc == 0, "exit status %d after SIGTERM" % rc)
    finally:
        if client:
            client.close()
        if proc.poll() is None:
            stop_process(proc, "the bot", 15)
        log.close()
    text = open(log_path, errors="replace").read()
    for bad in ("AddressSanitizer", "LeakSanitizer", "runtime error:"):
        check(bad not in text, "sanitizer report:\n" + text)
    check("local: joined #catan" in text, "no join in the log:\n" + text)
    print("service: joined #catan, reloaded, stopped with 0")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cmake", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--ngircd", required=True)
    args = ap.parse_args()
    prefix = tempfile.mkdtemp(prefix="brickwood-prefix-")
    work = Workdir()
    server = None
    try:
        install(args.cmake, args.build, prefix)
        argv, reload_line = check_unit(prefix)
        conf = first_run(argv, prefix, work.file("etc"))
        state = work.file("var-lib-brickwood")
        os.mkdir(state)
        server = Ngircd(args.ngircd, work)
        run_service(argv, reload_line, conf, state, server)
    except TestFailure as e:
        print("FAIL: %s" % e)
        return 1
    finally:
        if server:
            server.stop()
        shutil.rmtree(prefix, ignore_errors=True)
    shutil.rmtree(work.path, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
