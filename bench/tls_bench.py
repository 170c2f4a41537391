#!/usr/bin/python3
"""What TLS costs the bot, through a real ngIRCd on loopback with a TLS port and a test CA:
one bot process connects N networks (all to the same server, each with its own nick and
channel) once in plain text and once over TLS with full verification. Prints the TLS handshake
time the bot logs (median and 99th percentile over the N connections), the time until every
network joined its channel, and the resident memory per connection (VmRSS of the TLS run less
the plain run, over N).

    bench/tls_bench.py [--bot build/release/brickwood] [--networks 50]

Every process started here is stopped by its PID; every wait is bounded."""

import argparse
import os
import re
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "e2e"))
from harness import Bot, Workdir, bot_config, rss_kib, stop_process  # noqa: E402
from servers import NgircdTLS, make_certs  # noqa: E402


def run(args, work, server, certs, tls):
    nets = []
    for i in range(args.networks):
        net = {"name": "n%d" % i, "host": "localhost", "tls": tls, "nick": "bw%d" % i,
               "channels": ["#b%d" % i], "flood": {"burst": 5, "interval_ms": 0}}
        if tls:
            net.update({"port": server.tls_port, "tls_ca_file": certs.ca})
        else:
            net["port"] = server.port
        nets.append(net)
    name = "tls" if tls else "plain"
    bot = Bot(args.bot, work, bot_config(nets, level="info"), name=name)
    start = time.time()
    joined = 0
    try:
        deadline = start + 60
        while time.time() < deadline:
            joined = len(re.findall(r": joined #b", bot.log_text()))
            if joined >= args.networks:
                break
            time.sleep(0.05)
        took = time.time() - start
        time.sleep(1.0)  # let allocations settle
        rss = rss_kib(bot.proc.pid)
        hs = [int(x) for x in re.findall(r"TLS handshake done in (\d+) ms", bot.log_text())]
    finally:
        stop_process(bot.proc, "the bot", 15)
        bot.log.close()
    return joined, took, rss, hs


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))] if values else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", default="build/release/brickwood")
    ap.add_argument("--ngircd", default="/usr/sbin/ngircd")
    ap.add_argument("--networks", type=int, default=50)
    args = ap.parse_args()
    work = Workdir()
    certs = make_certs(work)
    server = NgircdTLS(args.ngircd, work, certs.server_cert, certs.server_key)
    try:
        pj, ptook, prss, _ = run(args, work, server, certs, tls=False)
        tj, ttook, trss, hs = run(args, work, server, certs, tls=True)
    finally:
        server.stop()
    n = args.networks
    print("plain: %d/%d networks joined in %.2f s, VmRSS %d KiB" % (pj, n, ptook, prss))
    print("tls:   %d/%d networks joined in %.2f s, VmRSS %d KiB" % (tj, n, ttook, trss))
    print("TLS handshake (bot's own measure, loopback, ngIRCd/GnuTLS): median %d ms, p99 %d ms"
          % (pct(hs, 0.5), pct(hs, 0.99)))
    print("memory per TLS connection: %.1f KiB" % ((trss - prss) / float(n)))
    return 0 if pj == n and tj == n else 1


if __name__ == "__main__":
    sys.exit(main())
