#!/usr/bin/python3
"""Several bots on one PostgreSQL database, through a real ngIRCd (run by tests/pg_run.sh, which
starts the server, names it in BW_PG_CONNINFO and gives BW_PG_CTL to stop and start it). One
scenario per run (--only NAME), each with its own ngIRCd (throttle off, bot pacing off) and a
fixed BRICKWOOD_SEED:

  shared   two bots, instances a (nick bwa, #a1) and b (nick bwb, #b1), on one database. A game
           in each channel ends (two of its three players resign at once, the third wins); then
           !top 10 from either bot lists all six players (one leaderboard), !stats in #a1 finds
           a player of #b1's game, and after the restarts below both web views' /top too. A game in each channel is set up and a turn begun;
           each bot in turn is killed (SIGKILL) and started again: its game resumes with every
           hand and the status as before and goes on. A third bot (instance c) configured with
           #a1 refuses to start: exit status 1, the channel and the instance holding it named on
           stderr and in a start_failed log line.
  dbdown   the database server is stopped (pg_ctl stop -m fast) in the middle of a turn: the
           current player's !end is refused with "the store cannot be reached", the channel is
           told that once and nothing of the turn, the log says store_paused, and a command
           after it gets the same answer. The server started again, the channel is told the game
           goes on (the bot tries every 5 s, its connection with back-off), the hands and the
           status are what they were, and the turn ends. Then kill -9 and a restart give back
           exactly what was announced.
  dbstart  the bot is started while the server is down: it waits (store_wait, "trying again
           in"), and when the server is back it starts and its game resumes as it was.
  release  a game in the middle of a turn moves from instance a to b: a stranger's release is
           refused, an unknown channel too (nothing released); the admin's "release #a1" to bot
           a is answered with the channel and the saved game, a leaves #a1 and the log says
           released; a restarted with #a1 would not start (b has it now), b restarted with #a1
           restores the game, which goes on as it was. Then "release" alone to bot b hands its
           whole network back, and a, started with #a1, resumes the game there. Last, an
           admin's "join #a1" to b is refused while a holds it; after a's release it claims
           the channel and the game resumes under b without a restart, and goes on.
  reload   SIGHUP with the store changed is refused whole, with a reload_failed log line saying
           a restart is needed: another instance (the channel #a2 added in the same file is not
           joined), then a SQLite file instead (not made); the game goes on, saved as before.
           The same file with only #a2 added reloads and joins it. A bot of instance z started
           with #a1 is refused (a holds it); a restarted resumes the game as it was.

Every bot is stopped by its PID at the end (exit 0); its log must hold no sanitizer report."""

import argparse
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request

from harness import Bot, Client, Ngircd, TestFailure, Workdir, bot_config, check, free_port
from harness import join_all, stop_process
from play import Table
from scenarios import current, roll

SEED = 5
UNREACHABLE = "is paused: the store cannot be reached"
ADMIN = "*!~boss@127.0.0.1"
TOP_RX = re.compile(r"^#\S+ top: ")


class World:
    """One ngIRCd, the database of pg_run.sh, and bots by instance name."""

    def __init__(self, args, work):
        self.args, self.work = args, work
        self.conninfo = os.environ["BW_PG_CONNINFO"]
        self.server = Ngircd(args.ngircd, work, throttle=False)
        self.bots = {}
        self.web = {}           # instance -> the port of its web view, when it has one
        self.clients = []
        self.log = open(work.file("table.log"), "w")

    def config(self, instance, channels, nick=None):
        net = {"name": "local", "host": "127.0.0.1", "port": self.server.port, "tls": False,
               "nick": nick or "bw" + instance, "alt_nicks": [(nick or "bw" + instance) + "_"],
               "channels": channels, "flood": {"burst": 5, "interval_ms": 0}}
        text = bot_config([net], bot={"colors": False, "admins": [ADMIN]},
                          game={"turn_timeout_s": 0}, level="info")
        port = self.web.get(instance)
        if port:
            text += 'web = { listen = "127.0.0.1:%d"; public_url = "http://127.0.0.1:%d"; };\n' \
                % (port, port)
        return text + 'store = { postgresql = "%s"; instance = "%s"; };\n' % (self.conninfo,
                                                                              instance)

    def start(self, instance, channels, name=None):
        bot = Bot(self.args.bot, self.work, self.config(instance, channels), name=name or instance,
                  seed=SEED)
        self.bots[instance] = bot
        return bot

    def client(self, nick, user=None):
        c = Client(self.server.port, nick, user)
        self.clients.append(c)
        return c

    def table(self, chan, bot_nick, names, seed=7):
        players = [self.client(n) for n in names]
        join_all(players, chan, bot_nick)
        return Table(chan, players, bot_nick, seed=seed, log=self.log)

    def finish(self):
        for name, bot in self.bots.items():
            check(bot.alive(), "bot %s alive at the end" % name)
            rc = bot.stop()
            check(rc == 0, "bot %s: exit status %s" % (name, rc))
            bot.check_clean_log()
        self.bots = {}

    def close(self):
        for c in self.clients:
            c.close()
        for bot in self.bots.values():
            if bot.alive():
                stop_process(bot.proc, "the bot", 15)
        self.server.stop()
        self.log.close()


def refused_start(w, instance, channels, holder, name):
    """A bot of instance configured with channels does not start: exit status 1, stderr naming
    channels[0] and the instance holding it, and a start_failed log line. Returns the output."""
    conf = w.work.file(name + ".conf")
    with open(conf, "w") as f:
        f.write(w.config(instance, channels))
    p = subprocess.run([w.args.bot, "-c", conf], capture_output=True, text=True, timeout=60,
                       stdin=subprocess.DEVNULL)
    out = p.stdout + p.stderr
    claimed = "%s on local is claimed by instance %s" % (channels[0], holder)
    check(p.returncode == 1, "instance %s with %s: exit %d, not 1:\n%s" % (
        instance, channels[0], p.returncode, out))
    check(claimed in p.stderr and "not starting" in p.stderr,
          "stderr names the channel and its instance:\n%s" % p.stderr)
    check(re.search(r"error: .*%s.*not starting.* action=start_failed" % re.escape(claimed), out),
          "a start_failed log line:\n%s" % out)
    return p.stderr


def drain(t):
    """Reads what every player of t has got, so that no socket fills up meanwhile."""
    t.pump(0)
    t.quiet(0.3, 1)


def resigned_game(t):
    """A game in t's channel that ends at once: all but the first player leave; the first wins."""
    t.start(board=False)
    for p in t.players[1:]:
        t.say(p, "!leave")
    t.wait(lambda: t.tr.winner, 30, "the last one left winning")
    check(t.tr.winner[0] == t.players[0].nick, "%s wins: %s" % (t.players[0].nick, t.tr.winner))
    t.quiet(0.4, 3)


def ask_top(t, asker):
    """!top 10 in t's channel: the nicks it lists (the answer may take two lines)."""
    n = len(t.tr.lines)
    t.clear_replies(asker)
    t.say(asker, "!top 10")
    t.wait(lambda: any(TOP_RX.match(l) for l in t.tr.lines[n:]), 20, "the leaderboard")
    t.quiet(0.6, 3)
    text = " ".join(l for l in t.tr.lines[n:] if TOP_RX.match(l))
    return text, set(re.findall(r"\d+\. (\S+) -?\d+ \(", text))


def snapshot(t):
    """Each player's hand line (exact text) and the !status lines naming the move and the
    scores: asked again within the channel's limit, the status comes privately."""
    hands = {}
    for p in t.players:
        t.real_hand(p)
        hands[p.nick] = t.tr.seen_hands[p.nick][-1][2]
    asker = t.players[0]
    t.clear_replies(asker)
    n = len(t.tr.lines)
    t.say(asker, "!status")

    def lines():
        # Privately the status is one line, its parts joined by " \u00b7 ".
        got = t.tr.lines[n:] + [part for r, _ in t.replies.get(asker.nick, [])
                                for part in r.split(" \u00b7 ")]
        return [l[len(t.chan) + 1:] if l.startswith(t.chan + " ") else l for l in got]
    t.wait(lambda: any(l.startswith("scores:") for l in lines()), 20, "the status")
    got = lines()
    head = next((l for l in got if l.startswith(("turn ", "setup:", "game over"))), None)
    check(head, "a status line naming the move: %s" % got)
    return hands, (head, next(l for l in got if l.startswith("scores:")))


def kill_and_back(w, instance, t, chan):
    """instance's bot killed (SIGKILL) in the middle of t's turn and started again: the game
    resumes with the hands and status it had, and the turn goes on."""
    before = snapshot(t)
    t.quiet(0.5, 2)
    bot = w.bots[instance]
    os.kill(bot.proc.pid, signal.SIGKILL)
    bot.proc.wait(15)
    bot.finished()
    bot.check_clean_log()
    killed = time.time()
    n = len(t.tr.lines)
    bot.restart(instance + "-again")
    # The restarted bot may come back under its alternative nick while the server still holds
    # the old connection.
    first = t.players[0]
    nicks = (t.bot.rstrip("_").lower(), t.bot.rstrip("_").lower() + "_")

    def back():
        for m in first.seen:
            if m.time >= killed and m.cmd == "JOIN" and m.nick.lower() in nicks and \
                    m.params and m.params[0].lower() == chan:
                return m.nick
        return None
    t.wait(back, 45, "the bot back in %s" % chan)
    t.bot = back()
    t.tr.bot = t.bot.lower()
    t.wait(lambda: any("resumes" in l for l in t.tr.lines[n:]), 30, "the resume line")
    bot.wait_log("restored", 5)
    print("%s: instance %s back %.1f s after kill -9: %s" % (
        chan, instance, time.time() - killed,
        next(l for l in t.tr.lines[n:] if "resumes" in l)))
    t.quiet(0.5, 3)
    after = snapshot(t)
    check(after == before, "%s after the restart: %s, before: %s" % (chan, after, before))
    p = current(t)
    turn = t.tr.turn
    t.say(p, "!end")
    t.wait(lambda: t.tr.turn != turn, 20, "the next turn after the restart")
    roll(t, current(t))


def web_top(w, instance, nicks):
    """instance's web view's /top lists every one of nicks (its leaderboard is published at the
    start, then every 30 s)."""
    url = "http://127.0.0.1:%d/top" % w.web[instance]
    deadline = time.time() + 15
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as r:
                page = r.read().decode("utf-8", "replace")
        except OSError:
            page = ""
        missing = [n for n in nicks if ">%s<" % n not in page]
        if not missing:
            return
        check(time.time() < deadline, "%s: %s missing from %s" % (instance, missing, url))
        time.sleep(0.3)


def s_shared(w):
    w.web = {"a": free_port(), "b": free_port()}
    a = w.start("a", ["#a1"])
    b = w.start("b", ["#b1"])
    ta = w.table("#a1", "bwa", ["alice", "bob", "carol"])
    tb = w.table("#b1", "bwb", ["dave", "erin", "frank"])
    resigned_game(ta)
    resigned_game(tb)
    everyone = {"alice", "bob", "carol", "dave", "erin", "frank"}
    for t in (ta, tb):
        text, nicks = ask_top(t, t.players[1])
        check(nicks == everyone, "%s: !top 10 lists %s: %r" % (t.chan, sorted(nicks), text))
    print("one leaderboard in #a1 and #b1: %s" % text)
    n = len(ta.tr.lines)
    ta.say(ta.players[2], "!stats dave")
    ta.wait(lambda: any(l.startswith("dave: ") for l in ta.tr.lines[n:]), 20, "dave's record")
    line = next(l for l in ta.tr.lines[n:] if l.startswith("dave: "))
    check(re.match(r"dave: \d+ rating, 1 games, 1 wins", line), "dave's record in #a1: %r" % line)
    drain(tb)

    # A game in each channel, a turn begun; each bot killed and started again.
    for t in (ta, tb):
        t.tr = type(t.tr)(t.chan, t.bot)
        for p in t.players:
            t.tr.seat(p.nick)
        t.start()
        t.setup()
        roll(t, current(t))
        drain(ta if t is tb else tb)
    kill_and_back(w, "a", ta, "#a1")
    drain(tb)
    kill_and_back(w, "b", tb, "#b1")
    drain(ta)
    # Started again after both games ended, each bot's web view lists all six players.
    for instance in ("a", "b"):
        web_top(w, instance, sorted(everyone))
    print("/top of both web views lists all six players")

    # A channel claimed by another instance: that bot does not start.
    err = refused_start(w, "c", ["#a1", "#c1"], "a", "c")
    print("instance c with #a1: exit 1, %s" % err.strip().splitlines()[-1])
    check(a.alive() and b.alive(), "both bots still up")


def pg_ctl(*args):
    """The test's PostgreSQL server stopped or started (tests/pg_run.sh gives BW_PG_CTL)."""
    subprocess.run(["sh", os.environ["BW_PG_CTL"]] + list(args), check=True, timeout=90,
                   stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)


def game_in_turn(w):
    """Bot a in #a1 with a game past setup, the current player having rolled."""
    w.start("a", ["#a1"])
    t = w.table("#a1", "bwa", ["alice", "bob", "carol"])
    t.start()
    t.setup()
    roll(t, current(t))
    t.quiet(0.5, 2)
    return t


def refused(t, p, text):
    """p's text is refused because the store cannot be reached; the channel hears that at most
    once and nothing else; the turn stays. Returns the channel's lines meanwhile."""
    turn = t.tr.turn
    t.clear_replies(p)
    n = len(t.tr.lines)
    t.say(p, text)
    t.reply(p, lambda x: UNREACHABLE in x, 20, "the refusal of %r" % text)
    t.quiet(0.6, 3)
    said = t.tr.lines[n:]
    check(all(UNREACHABLE in l for l in said) and len(said) <= 1,
          "the channel heard only that the game is paused: %s" % said)
    check(t.tr.turn == turn, "the turn stays")
    return said


def s_dbdown(w):
    t = game_in_turn(w)
    bot = w.bots["a"]
    before = snapshot(t)
    p = current(t)
    pg_ctl("stop", "-m", "fast")
    down = time.time()
    said = refused(t, p, "!end")
    check(said, "the channel is told the game is paused")
    bot.wait_log("action=store_paused", 10)
    refused(t, p, "!end")
    print("server stopped: %r" % said[0])
    n = len(t.tr.lines)
    time.sleep(max(0, down + 4 - time.time()))  # down long enough for a retry to fail
    pg_ctl("start")
    up = time.time()
    t.wait(lambda: any("saved again and resumes" in l for l in t.tr.lines[n:]), 60,
           "the line saying the game goes on")
    print("the game goes on %.1f s after the server is back, %.1f s after it stopped: %s" % (
        time.time() - up, time.time() - down,
        next(l for l in t.tr.lines[n:] if "resumes" in l)))
    bot.wait_log("action=store_resumed", 5)
    t.quiet(0.5, 3)
    after = snapshot(t)
    check(after == before, "after the server's restart: %s, before: %s" % (after, before))
    turn = t.tr.turn
    t.say(p, "!end")
    t.wait(lambda: t.tr.turn != turn, 20, "the turn ends once the store works")
    roll(t, current(t))
    kill_and_back(w, "a", t, "#a1")


def s_dbstart(w):
    t = game_in_turn(w)
    bot = w.bots["a"]
    before = snapshot(t)
    check(bot.stop() == 0, "the bot stops cleanly")
    pg_ctl("stop", "-m", "fast")
    n = len(t.tr.lines)
    bot.restart("a-waiting")
    bot.wait_log("trying again in", 30)
    bot.wait_log("action=store_wait", 1)
    time.sleep(2)
    check(bot.alive(), "the bot waits for its database")
    check("connecting to" not in bot.log_text(), "no network before the store")
    pg_ctl("start")
    up = time.time()
    t.wait(lambda: any("resumes" in l for l in t.tr.lines[n:]), 60, "the game resuming")
    print("started %.1f s after the server came back: %s" % (
        time.time() - up, bot.log_text().count("trying again in")), "tries logged")
    t.quiet(0.5, 3)
    after = snapshot(t)
    check(after == before, "after the start: %s, before: %s" % (after, before))
    p = current(t)
    turn = t.tr.turn
    t.say(p, "!end")
    t.wait(lambda: t.tr.turn != turn, 20, "the next turn")


def admin_says(w, boss, bot_nick, text, want):
    """boss says text to the bot privately; its first private answer, which must hold want."""
    boss.seen = []
    boss.say(bot_nick, text)
    m = boss.expect(lambda m: m.nick.lower() == bot_nick.lower() and m.cmd in ("PRIVMSG", "NOTICE")
                    and m.params and m.params[0].lower() == boss.nick.lower(), 20,
                    "%s's answer to %r" % (bot_nick, text))
    check(want in m.params[-1], "%s to %r: %r, not %r" % (bot_nick, text, m.params[-1], want))
    return m.params[-1]


def moved_to(w, t, instance, channels, before):
    """instance's bot started again with channels: t's game comes back there as it was and
    goes on."""
    bot = w.bots[instance]
    if bot.alive():
        check(bot.stop() == 0, "bot %s stops cleanly" % instance)
    n = len(t.tr.lines)
    bot.write_config(w.config(instance, channels))
    bot.restart(instance + "-" + "-".join(c.strip("#") for c in channels))
    t.bot = "bw" + instance
    t.tr.bot = t.bot
    t.wait(lambda: any("resumes" in l for l in t.tr.lines[n:]), 45,
           "the game resuming under bot %s" % instance)
    bot.wait_log("1 lobby or game restored", 5)
    t.quiet(0.5, 3)
    after = snapshot(t)
    check(after == before, "after the move to %s: %s, before: %s" % (instance, after, before))
    print("#a1 resumes under instance %s: %s" % (
        instance, next(l for l in t.tr.lines[n:] if "resumes" in l)))


def s_release(w):
    t = game_in_turn(w)
    b = w.start("b", ["#b1"])
    boss = w.client("boss", "boss")
    before = snapshot(t)
    admin_says(w, t.players[0], "bwa", "release #a1", "admins")
    admin_says(w, boss, "bwa", "release #zz", "release failed: #zz is not this instance's; "
               "nothing was released")
    t.quiet(0.5, 2)
    n = len(t.tr.lines)
    said = admin_says(w, boss, "bwa", "release #a1", "released #a1 (saved games: 1): ")
    print("release #a1: %r" % said)
    first = t.players[0]
    t.wait(lambda: any(m.cmd == "PART" and m.nick.lower() == "bwa" for m in first.seen), 20,
           "bot a leaving #a1")
    check(len(t.tr.lines) == n, "nothing said in #a1: %s" % t.tr.lines[n:])
    w.bots["a"].wait_log("action=released", 5)
    # a cannot take it back at a start while b has it; b takes it.
    check(w.bots["a"].stop() == 0, "bot a stops cleanly")
    moved_to(w, t, "b", ["#b1", "#a1"], before)
    refused_start(w, "a", ["#a1"], "b", "a-again")
    p = current(t)
    turn = t.tr.turn
    t.say(p, "!end")
    t.wait(lambda: t.tr.turn != turn, 20, "the next turn under b")
    roll(t, current(t))
    before = snapshot(t)
    # The whole network back: b releases #a1 and #b1; a resumes the game.
    said = admin_says(w, boss, "bwb", "release", "(saved games: 1): ")
    check("#a1" in said and "#b1" in said, "both channels released: %r" % said)
    moved_to(w, t, "a", ["#a1"], before)
    turn = t.tr.turn
    t.say(current(t), "!end")
    t.wait(lambda: t.tr.turn != turn, 20, "the next turn under a again")
    check(b.alive(), "bot b stays up without channels")
    joined_live(w, t, boss)


def joined_live(w, t, boss):
    """An admin's "join #a1" moves the game without a restart: refused while a holds the
    channel (b does not join it), then, once a released it, b claims it, joins and the game
    resumes there as it was and goes on."""
    roll(t, current(t))
    first = t.players[0]
    k = len(first.seen)
    said = admin_says(w, boss, "bwb", "join #a1", "not joining #a1: ")
    check("claimed by instance a" in said, "the refusal names instance a: %r" % said)
    t.quiet(0.5, 2)
    check(not any(m.cmd == "JOIN" and m.nick.lower() == "bwb" for m in first.seen[k:]),
          "bot b did not join #a1 while a holds it")
    before = snapshot(t)
    k = len(first.seen)
    admin_says(w, boss, "bwa", "release #a1", "released #a1 (saved games: 1): ")
    t.wait(lambda: any(m.cmd == "PART" and m.nick.lower() == "bwa" for m in first.seen[k:]),
           20, "bot a leaving #a1")
    n = len(t.tr.lines)
    t.bot = "bwb"
    t.tr.bot = t.bot
    admin_says(w, boss, "bwb", "join #a1", "joining #a1")
    t.wait(lambda: any("resumes" in l for l in t.tr.lines[n:]), 45,
           "the game resuming under bot b after its join")
    w.bots["b"].wait_log("a saved lobby or game taken up", 5)
    t.quiet(0.5, 3)
    after = snapshot(t)
    check(after == before, "after the join: %s, before: %s" % (after, before))
    print("#a1 resumes under instance b after an admin's join: %s" % next(
        l for l in t.tr.lines[n:] if "resumes" in l))
    turn = t.tr.turn
    t.say(current(t), "!end")
    t.wait(lambda: t.tr.turn != turn, 20, "the next turn under b after its join")


def refused_reload(w, bot, text, why):
    """bot reloads text: refused whole, the log saying why and that a restart is needed."""
    count = bot.log_text().count("a restart is needed")
    bot.write_config(text)
    bot.reload()
    log = bot.wait_log("a restart is needed", 20, count=count + 1)
    line = [l for l in log.splitlines() if "a restart is needed" in l][-1]
    check(why in line and "action=reload_failed" in line and "keeping the running" in line,
          "the reload's log line: %r" % line)
    print("reload refused: %s" % line[line.index("reload:"):])
    return line


def s_reload(w):
    t = game_in_turn(w)
    bot = w.bots["a"]
    chans = ["#a1", "#a2"]
    refused_reload(w, bot, w.config("z", chans), "store.instance changed from a to z")
    sqlite = bot_config([{"name": "local", "host": "127.0.0.1", "port": w.server.port,
                          "tls": False, "nick": "bwa", "channels": chans,
                          "flood": {"burst": 5, "interval_ms": 0}}],
                        bot={"colors": False}, game={"turn_timeout_s": 0}, level="info")
    sqlite += 'store = { path = "%s"; };\n' % w.work.file("other.db")
    refused_reload(w, bot, sqlite, "the store moves from PostgreSQL to a SQLite file")
    time.sleep(1)
    check("joined #a2" not in bot.log_text(), "nothing of a refused reload is applied")
    check(not os.path.exists(w.work.file("other.db")), "the SQLite file is not made")
    # The game goes on on the running store: a move is saved and announced.
    p = current(t)
    turn = t.tr.turn
    t.say(p, "!end")
    t.wait(lambda: t.tr.turn != turn, 20, "the next turn after the refused reloads")
    roll(t, current(t))
    before = snapshot(t)
    # The same store with a channel more: applied.
    bot.write_config(w.config("a", chans))
    bot.reload()
    bot.wait_log("joined #a2", 20)
    bot.wait_log("configuration reloaded", 5)
    # A restart with instance z in the file: a is gone from #a1, z refuses it (a holds it).
    check(bot.stop() == 0, "the bot stops cleanly")
    refused_start(w, "z", ["#a1"], "a", "z")
    n = len(t.tr.lines)
    bot.restart("a-again")
    t.wait(lambda: any("resumes" in l for l in t.tr.lines[n:]), 45, "the game resuming")
    t.quiet(0.5, 3)
    check(snapshot(t) == before, "the game after the restart is as it was")


SCENARIOS = {"shared": s_shared, "dbdown": s_dbdown, "dbstart": s_dbstart, "release": s_release,
             "reload": s_reload}


def run_one(args, name):
    work = Workdir()
    w = None
    started = time.time()
    try:
        w = World(args, work)
        SCENARIOS[name](w)
        w.finish()
    except TestFailure as e:
        print("FAIL: %s: %s (logs in %s)" % (name, e, work.path))
        for inst, bot in (w.bots.items() if w else []):
            print("  bot %s's log ends:\n    %s" % (inst, bot.log_tail(25)))
        return 1
    finally:
        if w:
            w.close()
    print("ok: %s in %.0f s (logs in %s)" % (name, time.time() - started, work.path))
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", required=True)
    ap.add_argument("--ngircd", default="/usr/sbin/ngircd")
    ap.add_argument("--only", choices=sorted(SCENARIOS))
    args = ap.parse_args()
    names = [args.only] if args.only else sorted(SCENARIOS)
    return max(run_one(args, n) for n in names)


if __name__ == "__main__":
    sys.exit(main())
