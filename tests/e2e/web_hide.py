#!/usr/bin/python3
"""Channels kept out of the web view, through ngIRCd: a channel listed in web.hide (named in
another case), and a secret (+s) or private (+p) channel, whether it was so before the bot
joined (the bot asks its modes) or becomes so later (a MODE line). Each has a lobby; a hidden
one is absent from / and its page answers exactly as for a channel without a game; a game
started there offers no address, and !board web says the channel is not shown; a channel
whose +s is taken off shows again (and !board web gives its address), and hides again at the
next +s. (ngIRCd has no +p: the unit
test test_irc_secrecy reads +p and -p.)

  web_hide.py --bot BRICKWOOD --ngircd NGIRCD

Every wait is for a state, bounded; every server is stopped by its PID."""

import argparse
import http.client
import shutil
import sys
import time

from harness import (Bot, Client, Ngircd, TestFailure, Workdir, bot_config, check, free_port,
                     from_bot)

BOT = "brickwood"
NET = "local"
CHANNELS = ["#open", "#secret", "#staff"]


def get(port, path):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path)
        r = conn.getresponse()
        return r.status, r.read().decode("utf-8", "replace")
    finally:
        conn.close()


def listed(port, chan):
    status, body = get(port, "/")
    check(status == 200, "/ answered %d" % status)
    return ('href="/g/%s/%s"' % (NET, chan.lstrip("#"))) in body


def wait_listed(port, chan, want, what, timeout=15):
    deadline = time.time() + timeout
    while listed(port, chan) != want:
        if time.time() > deadline:
            raise TestFailure("%s: %s still %s / after %d s" % (what, chan, "absent from" if want
                                                                 else "on", timeout))
        time.sleep(0.1)


def check_hidden(port, chan, missing_page):
    check(not listed(port, chan), "%s is on /" % chan)
    status, body = get(port, "/g/%s/%s" % (NET, chan.lstrip("#")))
    check((status, body) == missing_page,
          "%s's page answers %d, not as a channel without a game" % (chan, status))
    status, _ = get(port, "/g/%s/%s/board.svg" % (NET, chan.lstrip("#")))
    check(status == 404, "%s's board answers %d" % (chan, status))


def said_to(target, contains):
    """A line from the bot to target (PRIVMSG or NOTICE) with contains in it."""
    return lambda m: (m.nick.lower() == BOT and m.cmd in ("PRIVMSG", "NOTICE") and m.params
                      and m.params[0].lower() == target.lower() and contains in m.params[-1])


def start_game(op, chan):
    """Two computer players and !start in chan's lobby; returns once the start is announced
    (the order, the drawing, the first prompt: the web line would be among them)."""
    for _ in range(2):
        op.say(chan, "!addbot")
    op.say(chan, "!start")
    op.expect(said_to(chan, "the game starts"), 20, "the start in " + chan, consume=False)
    op.expect(said_to(chan, "place your first settlement"), 20, "the first prompt in " + chan,
              consume=False)


def check_no_address(op, chan):
    """No web address was offered in chan, and !board web says why."""
    said = [m.params[-1] for m in op.seen if said_to(chan, "")(m)]
    check(not any(" web: " in t for t in said), "%s offered a web address: %s" % (chan, said))
    op.say(chan, "!board web")
    m = op.expect(said_to("oper", "is not shown on the web view"), 15,
                  "!board web's answer in " + chan)
    check(m.params[-1].startswith(chan + " is not shown"), "!board web in %s: %r"
          % (chan, m.params[-1]))


def run(args, work):
    server = Ngircd(args.ngircd, work, throttle=False)
    web_port = free_port()
    bot = None
    op = None
    try:
        # The operator makes the channels first (and holds op there): #secret is secret before
        # the bot arrives.
        op = Client(server.port, "oper")
        for chan in CHANNELS:
            op.send("JOIN " + chan)
            op.wait_member(chan, "oper")
        op.send("MODE #secret +s")
        op.expect(lambda m: m.cmd == "MODE" and m.params[:2] == ["#secret", "+s"], 10,
                  "the +s on #secret")
        text = bot_config([{"name": NET, "host": "127.0.0.1", "port": server.port,
                            "tls": False, "nick": BOT, "channels": CHANNELS,
                            "flood": {"burst": 50, "interval_ms": 0}}],
                          game={"turn_timeout_s": 0})
        text += ('web = { listen = "127.0.0.1:%d"; hide = [ "#STAFF" ]; };\n' % web_port)
        bot = Bot(args.bot, work, text)
        for chan in CHANNELS:
            op.wait_member(chan, BOT, 30)
        missing_page = get(web_port, "/g/%s/nogame" % NET)
        check(missing_page[0] == 404, "a channel without a game answers %d" % missing_page[0])
        for chan in CHANNELS:
            op.say(chan, "!new")
            op.expect(from_bot(BOT, target=chan), 15, "the lobby in " + chan)
        wait_listed(web_port, "#open", True, "a public lobby")
        # One more publishing round for the others, had they been shown.
        time.sleep(0.6)
        check_hidden(web_port, "#secret", missing_page)
        check_hidden(web_port, "#staff", missing_page)
        check(get(web_port, "/g/%s/open" % NET)[0] == 200, "#open's page")
        # Games there: no address offered at the start, and !board web says why.
        for chan in ("#secret", "#staff"):
            start_game(op, chan)
            check_no_address(op, chan)

        op.send("MODE #secret -s")
        wait_listed(web_port, "#secret", True, "-s")
        check(get(web_port, "/g/%s/secret" % NET)[0] == 200, "#secret's page after -s")
        op.say("#secret", "!board web")
        url = "#secret web: http://127.0.0.1:%d/g/%s/secret" % (web_port, NET)
        m = op.expect(lambda m: said_to("#secret", url)(m) or said_to("oper", url)(m), 15,
                      "the address after -s")
        check(m.params[-1] == url, "!board web after -s: %r" % m.params[-1])
        # ngIRCd has no +p (the unit test test_irc_secrecy reads it): +s again.
        op.send("MODE #secret +s")
        wait_listed(web_port, "#secret", False, "+s again")
        check_hidden(web_port, "#secret", missing_page)
        op.send("MODE #open +s")
        wait_listed(web_port, "#open", False, "+s on #open")
        check_hidden(web_port, "#open", missing_page)
        check(bot.alive(), "the bot exited")
        bot.check_clean_log()
        print("web_hide: web.hide, +s before the join, then -s and +s on MODE lines: ok")
    finally:
        if op:
            op.close()
        if bot:
            bot.stop()
        server.stop()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", required=True)
    ap.add_argument("--ngircd", required=True)
    args = ap.parse_args()
    work = Workdir()
    try:
        run(args, work)
    except TestFailure as e:
        print("FAIL: %s" % e)
        return 1
    shutil.rmtree(work.path, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
