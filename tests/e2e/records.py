#!/usr/bin/python3
"""Records through a real ngircd: scripted games end, the bot writes them to its store, and
`!top [N]` / `!stats [NICK]` must say what this script works out on its own from what the
players saw (the places, the final victory points, the ratings by the formula below).

One run, one server, one store (throttle off, bot pacing off, a fixed BRICKWOOD_SEED,
victory points 3 so that games end after a few turns):

  empty   no records: `!top` says so, `!stats` says "no games yet"; a lobby stopped by an admin
          before it started records nothing.
  A       alice, bob and carol play to the end. With 3 points to win the two losers end on 2
          each: a draw between them, so they get equal ratings (1516 / 1492 / 1492, also worked
          out by hand) and the leaderboard orders them by identity. Then the fixed forms, the
          15 s public limit per channel and kind (a repeat goes privately to the asker),
          `!top 2`, usage replies for `!top 0` / `!top x` with nothing in the channel.
  attack  the winner quits and "mallory" takes the nick: her `!stats` is her own (no games),
          while someone else's `!stats NICK` finds the winner (last finished under the nick).
  C       a started game stopped by an admin (seats: the second loser, erin, mallory under the
          winner's nick): one game more each, ratings unchanged; equal ratings now ordered by
          games (the second loser before the first) and, at equal games, by identity.
  restart SIGTERM, the bot started again on the same store: `!top` is the same.
  B       alice, bob, carol and dave; the first player of turn 1 resigns at once (`!leave`, on
          their own turn), the others play to the end. The resigned player ends on 2 points
          like the two losers but is placed below them (not a draw). Meanwhile, while the game
          runs, `!stats NICK` in the channel goes by the seat (the real winner of A), and in
          private by the last finished game under the nick (mallory's).
  D       erin, dave and bob: the first setup player places a settlement and a road, then
          resigns, then the next one resigns without placing: the last one wins with 0 points
          (a rated game), and the resigned ones are placed by their points (1 above 0).
  E       six players with 30-character nicks start a game and stop it by vote: `!top 10`
          takes two lines, the second repeating the head and continuing the numbering; many
          equal ratings ordered by identity (lower case, so not the nicks' byte order).

The rating (multiplayer Elo): places are the winner, then those who did not resign by final
points (equal points a draw), then those who resigned, among themselves by points; every pair
of players is a two-player game scored 1, 1/2 or 0; each rating moves by
K/(n-1) * sum(S - E) with K = 32, E = 1 / (1 + 10^((Rj - Ri) / 400)); everyone starts at 1500;
a stopped game counts as a game but moves no rating. The leaderboard is ordered by rating, then
games, then identity ("account:NAME" or nick!user@host, lower case)."""

import argparse
import math
import re
import sys
import time

from harness import Bot, Client, Ngircd, TestFailure, Workdir, bot_config, check, stop_process
from play import ZERO, Table

BOT = "brickwood"
CHAN = "#s1"
SEED = 5
VP = 3
ADMIN = "*!~boss@127.0.0.1"
WINDOW = 15.0           # s: a channel sees each of top and stats at most once in this time
TOP_HEAD = CHAN + " top:"
TOP_RX = re.compile(r"^(?:\S+ )?top: ")
STATS_RX = re.compile(r"^\S+(?:: -?\d+ rating, \d+ games, | has no games yet$)")
USAGE_RX = re.compile(r"usage: !top")
# Six 30-character nicks: in lower case (identities) they sort l m n o p q; as typed they sort
# M O Q l n p, so an order by the nick's bytes would show.
LONG = [(name + "_" + "x" * 30)[:30] for name in
        ("Quintus", "peregrine", "Ophelia", "nathaniel", "Montgomery", "lysander")]


def rounded(x):
    """C's lround for the positive values here (Python's round() rounds half to even)."""
    return int(math.floor(x + 0.5))


def place_key(s):
    """Smaller is a better place: the winner, then who stayed, by points, then who resigned."""
    return (0 if s["won"] else 1, 1 if s["resigned"] else 0, -s["points"])


def new_ratings(seats):
    """The ratings after one rated game; seats: dicts with rating, points, won, resigned."""
    n = len(seats)
    k = 32.0 / (n - 1)
    out = []
    for i, a in enumerate(seats):
        total = 0.0
        for j, b in enumerate(seats):
            if i == j:
                continue
            ka, kb = place_key(a), place_key(b)
            score = 1.0 if ka < kb else 0.5 if ka == kb else 0.0
            total += score - 1.0 / (1.0 + 10.0 ** ((b["rating"] - a["rating"]) / 400.0))
        out.append(a["rating"] + k * total)
    return out


class Records:
    """What the store should hold: identity -> nick, rating, games, wins, best points."""

    def __init__(self):
        self.players = {}

    def rating(self, ident):
        return self.players[ident]["rating"] if ident in self.players else 1500.0

    def game(self, seats, rated):
        """seats: (identity, nick, points, won, resigned). Returns the new ratings."""
        rows = [dict(rating=self.rating(i), points=p, won=w, resigned=r)
                for i, _, p, w, r in seats]
        after = new_ratings(rows) if rated else [r["rating"] for r in rows]
        for (ident, nick, points, won, _), rating in zip(seats, after):
            rec = self.players.setdefault(ident, dict(games=0, wins=0, best=points))
            rec["nick"] = nick
            rec["rating"] = rating
            rec["games"] += 1
            rec["wins"] += int(won)
            rec["best"] = max(rec["best"], points)
        return after

    def order(self):
        # Equal ratings are exact here (symmetric players); rounding the key to 1e-6 keeps
        # this script's last bits out of the order.
        return sorted(self.players, key=lambda i: (-round(self.players[i]["rating"], 6),
                                                    -self.players[i]["games"], i))

    def top_entries(self, n):
        out = []
        for k, ident in enumerate(self.order()[:n]):
            r = self.players[ident]
            out.append(" %d. %s %d (%d games, %d wins)" % (k + 1, r["nick"], rounded(r["rating"]),
                                                           r["games"], r["wins"]))
        return out

    def stats(self, shown, ident):
        r = self.players.get(ident)
        if r is None:
            return "%s has no games yet" % shown
        return "%s: %d rating, %d games, %d wins (%d%%), best %d VP" % (
            shown, rounded(r["rating"]), r["games"], r["wins"],
            rounded(r["wins"] / r["games"] * 100.0), r["best"])

    def table(self):
        return "\n".join("  %-32s %-40s %9.3f %d games %d wins best %d" % (
            self.players[i]["nick"], i, self.players[i]["rating"], self.players[i]["games"],
            self.players[i]["wins"], self.players[i]["best"]) for i in self.order())


def events(tr, since=0):
    """The channel's events from line since on: the bot may join the events of one move in a
    line (" \u00b7 " between them)."""
    return [e for l in tr.lines[since:] for e in l.split(" \u00b7 ")]


def tracked_points(tr, nicks):
    """Victory points from the board as tracked: settlements, cities, the longest road (the
    strategy buys no development cards, so there are no hidden points and no largest army)."""
    vp = {n: 0 for n in nicks}
    for who, kind in tr.buildings.values():
        vp[who] += 2 if kind == "city" else 1
    holder = None
    for l in events(tr):
        m = re.match(r"^(\S+) now holds the longest road", l)
        if m:
            holder = m.group(1)
        elif "longest road card is set aside" in l:
            holder = None
        check("largest army" not in l, "no largest army in these games: %r" % l)
    if holder:
        vp[holder] += 2
    return vp


class RTable(Table):
    """A table that also reads (and drops) what the other clients get meanwhile, so no socket
    fills up while a game runs, and checks the length of every line from the bot."""

    def __init__(self, world, players, seed):
        # Lines from before the game would read as this game's.
        for c in players:
            world.drain(c)
        super().__init__(CHAN, players, BOT, seed=seed, log=world.log)
        self.world = world

    def pump(self, timeout):
        super().pump(timeout)
        for c in self.players:
            for m in c.seen:
                self.world.check_length(m)
        for c in self.world.live():
            if c not in self.players:
                c.pump(0)
                for m in c.seen:
                    self.world.check_length(m)
                c.seen = []


class World:
    def __init__(self, args, work):
        self.args, self.work = args, work
        self.server = Ngircd(args.ngircd, work, throttle=False)
        self.store = work.file("records.db")
        self.clients = []
        self.bot = None
        self.log = open(work.file("table.log"), "w")
        self.model = Records()
        self.shown = {"top": -1e9, "stats": -1e9}   # when the channel last saw one
        self.longest = 0
        self.start_bot("bot")

    def config(self):
        net = {"name": "local", "host": "127.0.0.1", "port": self.server.port, "tls": False,
               "nick": BOT, "channels": [CHAN], "flood": {"burst": 5, "interval_ms": 0}}
        text = bot_config([net], bot={"colors": False, "admins": [ADMIN]},
                          game={"turn_timeout_s": 0, "victory_points": VP}, level="info")
        return text + 'store = { path = "%s"; };\n' % self.store

    def start_bot(self, name):
        self.bot = Bot(self.args.bot, self.work, self.config(), name=name, seed=SEED)

    def live(self):
        return [c for c in self.clients if not c.closed]

    def check_length(self, m):
        if m.nick.lower() == BOT:
            self.longest = max(self.longest, len(m.raw))
            check(len(m.raw) <= 510, "a line of %d bytes from the bot: %r" % (len(m.raw),
                                                                               m.text[:80]))

    def client(self, nick, user=None):
        c = Client(self.server.port, nick, user)
        self.clients.append(c)
        c.send("JOIN " + CHAN)
        m = c.expect(lambda m: m.cmd == "JOIN" and m.nick == nick, 30, "own JOIN")
        c.identity = m.prefix.lower()
        check(c.identity == ("%s!~%s@127.0.0.1" % (nick, user or nick)).lower(),
              "identity from the server: %s" % c.identity)
        return c

    def bot_joined(self, c):
        c.wait_member(CHAN, BOT, 60)

    def drain(self, c):
        """Reads (and drops) everything that has arrived for c."""
        for _ in range(1000):
            if c.closed or not c.readable(0):
                break
            c.pump(0)
        for m in c.seen:
            self.check_length(m)
        c.seen = []

    def ask(self, c, text, want, where=CHAN, settle=0.5, timeout=30, count=1):
        """c sends text to where (the channel, or the bot privately); waits for the first count
        lines from the bot to the channel or to c that match want, then settle seconds more.
        Returns (time sent, [(to the channel?, text)] of every such line in that time)."""
        self.drain(c)
        c.say(where, text)
        sent = time.time()
        got, matched = [], None
        while matched is None or time.time() < matched + settle:
            check(matched is not None or time.time() < sent + timeout,
                  "%s: no answer to %r within %ss (got %s)" % (c.nick, text, timeout, got))
            c.pump(0.1)
            for m in c.seen:
                self.check_length(m)
                if m.nick.lower() != BOT or m.cmd not in ("PRIVMSG", "NOTICE") or \
                        len(m.params) < 2:
                    continue
                to = m.params[0].lower()
                if to not in (CHAN, c.nick.lower()):
                    continue
                got.append((to == CHAN, m.params[-1]))
                if matched is None and sum(bool(want.search(t)) for _, t in got) >= count:
                    matched = time.time()
            c.seen = []
        self.note("%s asked %r in %s" % (c.nick, text, where), got)
        return sent, got

    def note(self, what, lines=()):
        self.log.write("%.3f %s\n" % (time.time(), what))
        for pub, t in lines:
            self.log.write("    %s %s\n" % ("[channel]" if pub else "[private]", t))
        self.log.flush()

    def records(self, c, text, kind, where=CHAN, game_on=False, count=1):
        """Asks for top or stats (kind), an answer of count lines; returns them. In private the
        answer must be private; in the channel public, unless the channel saw the same kind
        less than 15 s ago: then private to c (near the limit either is accepted). Nothing else
        may reach the channel unless a game is on."""
        rx = TOP_RX if kind == "top" else STATS_RX
        age = time.time() - self.shown[kind]
        expect = False if where != CHAN else (True if age > WINDOW + 1.5 else
                                              False if age < WINDOW - 1.5 else None)
        sent, got = self.ask(c, text, rx, where, count=count)
        answer = [(pub, t) for pub, t in got if rx.search(t)]
        where_to = {pub for pub, _ in answer}
        check(len(where_to) == 1, "%r: the answer went to the channel and privately: %s"
              % (text, answer))
        public = where_to.pop()
        if expect is not None:
            check(public == expect, "%s's %r (the channel saw %s %.1f s before): answered %s, "
                  "expected %s" % (c.nick, text, kind, age, "in the channel" if public else
                                   "privately", "in the channel" if expect else "privately"))
        if public:
            self.shown[kind] = sent
        if not game_on:
            extra = [t for pub, t in got if pub and not rx.search(t)]
            check(not extra, "%r: other channel lines: %s" % (text, extra))
        return [t for _, t in answer], public

    def check_top(self, c, text, n, where=CHAN, head=TOP_HEAD, game_on=False):
        entries = self.model.top_entries(n)
        one_line = len((head + "".join(entries)).encode()) < 400
        # Waited for as many lines as the model says (both, when it takes two).
        lines, public = self.records(c, text, "top", where, game_on, 1 if one_line else 2)
        if not entries:
            check(lines == [head + " no finished games yet"],
                  "%r: %s, expected %r" % (text, lines, head + " no finished games yet"))
            return lines
        check(len(lines) <= 2, "%r: at most two lines: %s" % (text, lines))
        body = ""
        for l in lines:
            check(l.startswith(head + " "), "%r: each line starts %r: %r" % (text, head, l))
            check(len(l.encode()) < 400, "%r: a line of %d bytes" % (text, len(l.encode())))
            body += l[len(head):]
        check(body == "".join(entries), "%r answered\n    %s\n  expected\n    %s%s" % (
            text, "\n    ".join(lines), head, "".join(entries)))
        check(len(lines) == (1 if one_line else 2), "%r: %d lines for %d bytes" % (
            text, len(lines), len((head + "".join(entries)).encode())))
        if len(lines) == 2:
            # Greedy: the first entry of the second line would not have fitted on the first.
            nxt = re.match(r"^ \d+\. \S+ \d+ \(\d+ games, \d+ wins\)", lines[1][len(head):])
            check(nxt and len((lines[0] + nxt.group(0)).encode()) >= 400,
                  "%r: the first line ends early: %r" % (text, lines[0]))
        return lines

    def check_stats(self, c, text, shown, ident, where=CHAN, game_on=False):
        lines, _ = self.records(c, text, "stats", where, game_on)
        want = self.model.stats(shown, ident)
        check(lines == [want], "%s's %r: %s, expected %r" % (c.nick, text, lines, want))

    def channel_act(self, c, text, want, watcher, timeout=20):
        """c says text in the channel; watcher must see a channel line from the bot matching
        want (a regex). Returns that line."""
        self.drain(watcher)
        if c is not watcher:
            self.drain(c)
        c.say(CHAN, text)
        rx = re.compile(want)
        m = watcher.expect(lambda m: m.nick.lower() == BOT and m.cmd == "PRIVMSG" and
                           m.params[0].lower() == CHAN and rx.search(m.params[-1]) is not None,
                           timeout, "%r after %s's %r" % (want, c.nick, text))
        # What the others got meanwhile is no answer to their next question.
        time.sleep(0.3)
        for other in self.live():
            self.drain(other)
        return m.params[-1]

    def quit(self, c, watcher):
        c.close("bye")
        watcher.expect(lambda m: m.cmd == "QUIT" and m.nick == c.nick, 30, c.nick + " quitting")

    def close(self):
        for c in self.clients:
            c.close()
        if self.bot:
            stop_process(self.bot.proc, "the bot", 15)
        self.server.stop()
        self.log.close()


def play_game(w, players, seed, timeout=150):
    t = RTable(w, players, seed)
    t.start()
    t.setup()
    t.play(max_turns=80, timeout=timeout)
    t.quiet(0.4, 3)
    t.tr.verify_hands()
    check(not t.tr.problems, "; ".join(t.tr.problems[:5]))
    return t


def after_game(w, t):
    t.quiet(0.4, 3)
    for c in w.live():
        w.drain(c)
    time.sleep(1.2)  # the players' command allowance fills up again


def s_empty(w, erin, boss):
    w.check_top(erin, "!top", 5)
    w.check_stats(erin, "!stats", "erin", erin.identity)
    # A lobby stopped before it started is no game.
    w.channel_act(erin, "!new", r"opened a lobby", boss)
    w.channel_act(boss, "!stop", r"stopped \(by an admin\)", boss)
    w.check_stats(erin, "stats", "erin", erin.identity, where=BOT)
    w.check_top(boss, "top", 5, where=BOT, head="top:")
    print("empty store: no records, a stopped lobby records nothing")


def s_game_a(w, cl):
    names = ["alice", "bob", "carol"]
    t = play_game(w, [cl[n] for n in names], seed=3)
    winner, wvp = t.tr.winner
    vp = tracked_points(t.tr, names)
    check(vp[winner] == wvp, "the winner's points: line says %d, board %d" % (wvp, vp[winner]))
    losers = sorted((n for n in names if n != winner), key=lambda n: cl[n].identity)
    check([vp[n] for n in losers] == [2, 2], "with %d points to win both losers end on 2: %s"
          % (VP, vp))
    after = w.model.game([(cl[n].identity, n, vp[n], n == winner, False) for n in names], True)
    # By hand: K/(n-1) = 16; the winner scores 1 - 1/2 twice, each loser 0 - 1/2 and 1/2 - 1/2.
    for n, r in zip(names, after):
        check(abs(r - (1516.0 if n == winner else 1492.0)) < 1e-9, "the formula for %s: %s"
              % (n, r))
    print("game A: %s wins with %d after %d turns; %s and %s draw on 2 (1516/1492/1492)"
          % (winner, wvp, t.tr.turn, losers[0], losers[1]))
    after_game(w, t)
    return winner, losers


def s_shown_a(w, cl, winner, losers):
    erin, bob, carol, alice, boss = cl["erin"], cl["bob"], cl["carol"], cl["alice"], cl["boss"]
    l1, l2 = losers
    lines = w.check_top(erin, "!top", 5)
    check(time.time() - w.shown["top"] < 5, "the first !top after the game is public")
    # Equal ratings, equal games: by identity.
    check(w.model.order() == [cl[winner].identity, cl[l1].identity, cl[l2].identity],
          "expected order %s" % w.model.order())
    # Within 15 s the channel's next !top goes to the asker, same text.
    again = w.check_top(bob, "!top", 5)
    check(again == lines, "the repeat is the same: %s / %s" % (again, lines))
    w.check_top(carol, "!top 2", 2)
    w.check_top(alice, "top 99", 10, where=BOT, head="top:")
    w.check_top(alice, "#s1 top 3", 3, where=BOT)
    w.check_top(alice, "top 10000", 10, where=BOT, head="top:")  # the most there is
    for bad in ("!top 0", "!top x", "!top -1", "!top 2 3", "!top bots 2 3"):
        _, got = w.ask(alice, bad, USAGE_RX)
        check(got and not any(pub for pub, _ in got),
              "%r: a private usage reply and nothing in the channel: %s" % (bad, got))
        check(any(USAGE_RX.search(t) for _, t in got), "%r: %s" % (bad, got))
    for n in ("alice", "bob", "carol"):
        w.check_stats(cl[n], "stats", n, cl[n].identity, where=BOT)
    # !stats in the channel: public once (top has its own 15 s), then privately.
    w.check_stats(erin, "!stats " + winner, winner, cl[winner].identity)
    check(time.time() - w.shown["stats"] < 5, "the first !stats in the channel is public")
    w.check_stats(boss, "!stats " + l1.upper(), l1.upper(), cl[l1].identity)
    w.check_stats(boss, "!stats " + l2, l2, cl[l2].identity)
    w.check_stats(erin, "stats nobody", "nobody", "nobody!~nobody@127.0.0.1", where=BOT)
    w.check_stats(erin, "!stats", "erin", erin.identity)
    print("game A records: top and stats as computed; repeats private; usage replies private")


def s_attack(w, cl, winner):
    """The winner leaves; mallory takes the nick. Returns mallory's client."""
    w.quit(cl[winner], cl["boss"])
    mallory = w.client(winner, user="mallory")
    w.check_stats(mallory, "!stats", winner, mallory.identity)
    w.check_stats(mallory, "stats", winner, mallory.identity, where=BOT)
    w.check_stats(mallory, "stats " + winner, winner, mallory.identity, where=BOT)
    check(w.model.stats(winner, mallory.identity) == "%s has no games yet" % winner,
          "mallory has no record")
    # Someone else asking by the nick: whoever last finished a game under it, the winner.
    w.check_stats(cl["erin"], "stats " + winner, winner, cl[winner].identity, where=BOT)
    print("attack: %s under the winner's nick has no games; others still see the winner's"
          % mallory.identity)
    return mallory


def s_stopped(w, cl, mallory, winner, losers):
    boss, erin = cl["boss"], cl["erin"]
    l1, l2 = losers
    seats = [cl[l2], erin, mallory]
    w.channel_act(seats[0], "!new", r"opened a lobby", boss)
    for c in seats[1:]:
        w.channel_act(c, "!join", r"(^| )%s joined" % re.escape(c.nick), boss)
    w.channel_act(seats[0], "!start", r"the game starts!", boss)
    w.channel_act(boss, "!stop", r"stopped \(by an admin\)", boss)
    time.sleep(0.5)
    w.model.game([(c.identity, c.nick, 0, False, False) for c in seats], False)
    order = w.model.order()
    # Equal ratings: 1492 with 2 games before 1492 with 1; 1500 at 1 game each by identity.
    check(order.index(cl[l2].identity) < order.index(cl[l1].identity),
          "the model orders %s (2 games) before %s" % (l2, l1))
    w.check_top(boss, "#s1 top 10", 10, where=BOT)
    w.check_stats(mallory, "stats", winner, mallory.identity, where=BOT)
    w.check_stats(cl[l2], "stats", l2, cl[l2].identity, where=BOT)
    w.check_stats(erin, "stats", "erin", erin.identity, where=BOT)
    # Now the last finished game under the winner's nick is mallory's.
    w.check_stats(erin, "stats " + winner, winner, mallory.identity, where=BOT)
    print("game C (stopped by an admin): one game more for %s, erin and mallory; ratings as "
          "before" % l2)


def s_restart(w, cl):
    boss = cl["boss"]
    before = w.check_top(boss, "#s1 top 10", 10, where=BOT)
    rc = w.bot.stop()
    check(rc == 0, "the bot's exit status on SIGTERM: %s" % rc)
    w.bot.check_clean_log()
    # Its QUIT seen first: a NAMES asked after it cannot list the bot that stopped.
    boss.expect(lambda m: m.cmd == "QUIT" and m.nick.lower() == BOT, 30, "the bot's QUIT")
    w.start_bot("bot2")
    w.bot_joined(boss)
    w.shown = {"top": -1e9, "stats": -1e9}
    after = w.check_top(cl["erin"], "!top 10", 10)
    check(after == before, "the leaderboard after the restart: %s, before %s" % (after, before))
    print("restart: the leaderboard is the same")


def s_game_b(w, cl, mallory_ident, winner_a):
    names = ["alice", "bob", "carol", "dave"]
    t = RTable(w, [cl[n] for n in names], seed=4)
    t.start()
    t.setup()
    t.wait(lambda: t.tr.current, 20, "turn 1")
    # While the game runs, the channel's !stats NICK goes by the seat: the real winner of A,
    # though the last game finished under the nick is mallory's; privately (no game) by nick.
    w.check_stats(cl["erin"], "!stats " + winner_a, winner_a, cl[winner_a].identity,
                  game_on=True)
    w.check_stats(cl["erin"], "stats " + winner_a, winner_a, mallory_ident, where=BOT,
                  game_on=True)
    x = t.tr.current
    n = len(t.tr.lines)
    t.say(t.by_nick(x), "!leave")
    t.wait(lambda: any(e.startswith(x + " left the game") for e in events(t.tr, n)), 20,
           "%s leaving" % x)
    t.wait(lambda: t.tr.current != x, 20, "the turn after %s left" % x)
    t.tr.hands[x].append((ZERO, 0))  # cards go back to the bank
    t.play(max_turns=80, timeout=150)
    t.quiet(0.4, 3)
    check(not t.tr.problems, "; ".join(t.tr.problems[:5]))
    winner, wvp = t.tr.winner
    vp = tracked_points(t.tr, names)
    check(vp[winner] == wvp, "the winner's points: line says %d, board %d" % (wvp, vp[winner]))
    check(vp[x] == 2, "%s resigned on 2 points: %s" % (x, vp))
    stayed = [n for n in names if n not in (winner, x)]
    check([vp[n] for n in stayed] == [2, 2], "the losers who stayed end on 2: %s" % vp)
    before = {n: w.model.rating(cl[n].identity) for n in names}
    after = w.model.game([(cl[n].identity, n, vp[n], n == winner, n == x) for n in names], True)
    # Not a draw: the one who resigned loses to both who stayed on the same points.
    rows = [dict(rating=before[n], points=vp[n], won=n == winner, resigned=False)
            for n in names]
    draw = new_ratings(rows)
    check(abs(draw[names.index(x)] - after[names.index(x)]) > 1,
          "the resignation changes the rating")
    print("game B: %s resigned on turn 1, %s wins with %d after %d turns; %s" % (
        x, winner, wvp, t.tr.turn, ", ".join("%s %.2f -> %.2f" % (n, before[n], r)
                                             for n, r in zip(names, after))))
    after_game(w, t)
    for n in names:
        w.check_stats(cl[n], "stats", n, cl[n].identity, where=BOT)
    w.check_top(cl["boss"], "#s1 top 10", 10, where=BOT)
    return x


def s_game_d(w, cl):
    names = ["erin", "dave", "bob"]
    t = RTable(w, [cl[n] for n in names], seed=5)
    t.start()
    t.wait(lambda: t.tr.prompts, 20, "the first setup prompt")
    kind, first, _ = t.tr.prompts[0]
    check(kind == "settlement", "setup starts with a settlement")
    p = t.by_nick(first)
    t.say(p, "!build settlement %s" % t.setup_choice("settlement", first, None))
    t.wait(lambda: len(t.tr.prompts) > 1, 20, "the road prompt")
    kind, who, at = t.tr.prompts[1]
    check(kind == "road" and who == first, "a road for %s next: %s" % (first, t.tr.prompts))
    t.say(p, "!build road %s" % t.setup_choice("road", first, at))
    t.wait(lambda: len(t.tr.prompts) > 2, 20, "the next player's prompt")
    second = t.tr.prompts[2][1]
    check(second != first, "the next setup player: %s" % t.tr.prompts)
    n = len(t.tr.lines)
    t.say(p, "!leave")
    t.wait(lambda: any(e.startswith(first + " left the game") for e in events(t.tr, n)), 20,
           "%s leaving" % first)
    t.say(t.by_nick(second), "!leave")
    t.wait(lambda: t.tr.winner, 20, "the last one left winning")
    last = next(n for n in names if n not in (first, second))
    check(t.tr.winner == (last, 0), "%s wins with 0 victory points: %s" % (last, t.tr.winner))
    vp = tracked_points(t.tr, names)
    check(vp == {first: 1, second: 0, last: 0}, "points: %s" % vp)
    before = {n: w.model.rating(cl[n].identity) for n in names}
    after = w.model.game([(cl[n].identity, n, vp[n], n == last, n != last) for n in names],
                         True)
    print("game D: %s resigned on 1 point, %s on 0; %s wins with 0; %s" % (
        first, second, last, ", ".join("%s %.2f -> %.2f" % (n, before[n], r)
                                       for n, r in zip(names, after))))
    after_game(w, t)
    for n in names:
        w.check_stats(cl[n], "stats", n, cl[n].identity, where=BOT)
    w.check_top(cl["boss"], "#s1 top 10", 10, where=BOT)


def s_long(w, cl):
    boss = cl["boss"]
    seats = [w.client(n, user="u%d" % i) for i, n in enumerate(LONG)]
    w.channel_act(seats[0], "!new", r"opened a lobby", boss)
    for c in seats[1:]:
        w.channel_act(c, "!join", r"(^| )%s joined" % re.escape(c.nick), boss)
    w.channel_act(seats[0], "!start", r"the game starts!", boss)
    votes = 0
    for c in seats:
        votes += 1
        line = w.channel_act(c, "!stop", r"votes to stop|stopped", boss)
        if "stopped" in line:
            check("by vote" in line, "stopped by vote: %r" % line)
            break
    check(votes == 4, "a majority of six is four votes (stopped after %d)" % votes)
    time.sleep(0.5)
    w.model.game([(c.identity, c.nick, 0, False, False) for c in seats], False)
    lines = w.check_top(cl["erin"], "!top 10", 10)
    check(len(lines) == 2, "ten entries with long nicks take two lines: %s" % lines)
    w.check_top(boss, "#s1 top 10", 10, where=BOT)
    w.check_top(boss, "#s1 top", 5, where=BOT)
    for c in (seats[0], seats[5]):
        w.check_stats(c, "stats", c.nick, c.identity, where=BOT)
    w.check_stats(boss, "stats " + seats[2].nick, seats[2].nick, seats[2].identity, where=BOT)
    print("game E (six long nicks, stopped by vote after 4 votes): !top 10 in two lines")


def check_store(w):
    """With the bot stopped: the ratings in the store to the last bits, not only rounded (the
    store's players table; skipped with a note if it is not there)."""
    try:
        import sqlite3
        db = sqlite3.connect("file:%s?mode=ro" % w.store, uri=True)
        try:
            rows = db.execute("SELECT identity, nick, rating, games, wins, best_points "
                              "FROM players").fetchall()
        finally:
            db.close()
    except Exception as e:  # no module, or another schema: the replies were checked anyway
        print("note: the store's ratings not read directly (%s)" % e)
        return
    got = {r[0]: r[1:] for r in rows}
    check(set(got) == set(w.model.players), "players in the store: %s, expected %s" % (
        sorted(got), sorted(w.model.players)))
    for ident, r in w.model.players.items():
        nick, rating, games, wins, best = got[ident]
        check(abs(rating - r["rating"]) < 1e-6 and (nick, games, wins, best) ==
              (r["nick"], r["games"], r["wins"], r["best"]),
              "%s in the store: %s, expected %s" % (ident, got[ident], r))
    print("the store holds every rating as computed (to 1e-6)")


def run(args, work):
    w = World(args, work)
    started = time.time()
    try:
        cl = {}
        cl["boss"] = w.client("boss")
        w.bot_joined(cl["boss"])
        for n in ("erin", "alice", "bob", "carol"):
            cl[n] = w.client(n)
        s_empty(w, cl["erin"], cl["boss"])
        winner, losers = s_game_a(w, cl)
        s_shown_a(w, cl, winner, losers)
        mallory = s_attack(w, cl, winner)
        s_stopped(w, cl, mallory, winner, losers)
        w.quit(mallory, cl["boss"])
        w.clients.remove(mallory)
        cl[winner] = w.client(winner)
        s_restart(w, cl)
        cl["dave"] = w.client("dave")
        w.check_stats(cl["dave"], "!stats", "dave", cl["dave"].identity)
        s_game_b(w, cl, mallory.identity, winner)
        s_game_d(w, cl)
        s_long(w, cl)
        print("records:\n" + w.model.table())
        print("longest line from the bot: %d bytes; %.0f s" % (w.longest, time.time() - started))
        check(w.bot.alive(), "the bot is running")
        rc = w.bot.stop()
        check(rc == 0, "the bot's exit status: %s" % rc)
        w.bot.check_clean_log()
        w.bot = None
        check_store(w)
    finally:
        w.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", required=True)
    ap.add_argument("--ngircd", default="/usr/sbin/ngircd")
    args = ap.parse_args()
    work = Workdir()
    try:
        run(args, work)
    except TestFailure as e:
        print("FAIL: %s (logs in %s)" % (e, work.path))
        return 1
    print("ok: records (logs in %s)" % work.path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
