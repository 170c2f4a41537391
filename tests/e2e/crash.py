#!/usr/bin/python3
"""Games survive kill -9. One group per run (--only NAME, all by default): its own ngircd
(throttle off) and bot (a fixed BRICKWOOD_SEED, a 30 s turn timer, games to 5 points) with two
games in two channels, three and four scripted players (play.py's strategy), played a turn in
one game, then a turn in the other, until both have a winner. At points picked by a seeded
random generator the bot is killed with SIGKILL and started again on the same configuration
and store file, at 25 points a group at least (35-40 kills each, two groups):

  lobby     once, with every lobby full: each lobby resumes and its game starts
  setup     while a setup piece is awaited
  turn      at the start of a turn (the roll awaited)
  twice     as turn, and again as soon as the games say they resume
  main      between the moves of a turn (after a build or a bank trade)
  discard   after a 7, while discards are pending (one player a game hoards so that a 7
            finds somebody over seven cards), before the first and between discards
  robber    while the robber move is pending
  offer     while a trade offer is open (the current player's, or a counter-offer to them)
  accepted  while an offer is accepted but not yet confirmed
  timer     the current player idles, then a move (an offer) saves the game with some 14 s
            left on the turn timer and the bot is killed at once: the turn must time out that
            long after the game resumed, neither at once nor after a whole turn
  expire    as timer with some 8 s left, and the bot stays down until the turn's deadline
            has passed: the time the game was away does not count
  inflight  a road, a bank trade, a discard, the confirmation of a trade or the end of a turn
            is sent and the bot killed 0-30 ms later: the game must come back exactly as
            before that command or exactly as after it (then the test tells its tracker what
            the channel missed; a command lost with the bot is sent again). Some of these
            stop the bot (SIGSTOP) before the command is sent: it must come back as before.

Every other kill comes when the bot has answered the last command and then said nothing for
0.25 s, so each game must come back exactly as its players were last told. After each restart
every game in progress says it resumes and whose move it is; every player's hand sent again
and every `!hand` reply equal, to the byte, the last hand line the player got before the kill;
`!board text` (hexes and robber, buildings, roads) equals the board tracked from the channel
lines; `!status` equals the status asked for just before the kill (whose move, turn, discards
awaited, scores, card counts, awards); and the time left on the turn timer is what the game had
left when it was killed (the bot saves on every change and keeps when; the time between that
save and the kill counts, the time the bot was down does not). An open offer must still be accepted and
confirmed, a pending discard still taken, the robber still moved. A finished game must not come
back. Both games then play to their end; every hand line any player got is checked against the
hands tracked from the channel, and the last bot stops cleanly (exit 0, no sanitizer report)."""

import argparse
import os
import random
import re
import select
import signal
import sys
import time

from harness import (Bot, Client, Ngircd, TestFailure, Workdir, bot_config, check, join_all,
                     stop_process)
from play import HEX_NAMES, JOIN, RES, Table, add, cards, edge_of

BOT = "brickwood"
TURN_S = 30           # game.turn_timeout_s
VP = 5                # game.victory_points: games of some 20-50 turns
LEFT_TOL = 2.0        # seconds: a timer's time left against the model
TIMER_LEFT = {"timer": 14.0, "expire": 8.0}

# A group: the bot's seed, the kill points' seed, two games (channel, players, strategy seed),
# and the turns of the first game that run the timer tests (one at a time; the other game
# plays on meanwhile).
GROUPS = {
    "a": {"seed": 44, "kills": 1, "games": [("#ka", 3, 11), ("#kb", 4, 12)],
          "timers": {2: "timer", 5: "expire"}},
    "b": {"seed": 43, "kills": 2, "games": [("#kc", 4, 13), ("#kd", 3, 14)],
          "timers": {2: "expire", 5: "timer"}},
}
MIN_KILLS = 25        # per group; two groups, at least 50 in all
KINDS = ["lobby", "setup", "turn", "twice", "main", "discard", "robber", "offer", "accepted",
         "timer", "expire", "inflight"]
# Chance of a kill at a point of each kind, and a cap per group.
CHANCE = {"setup": 0.12, "turn": 0.12, "twice": 0.04, "main": 0.10, "discard": 0.8, "robber": 0.5,
          "offer": 0.7, "accepted": 0.7, "inflight": 0.15}
CAP = {"setup": 3, "turn": 5, "twice": 2, "main": 5, "discard": 4, "robber": 4, "offer": 4,
       "accepted": 3, "inflight": 8}
# How long after an in-flight command the kill comes, seconds; None: the bot is stopped
# (SIGSTOP) before the command is sent, so that it is killed with the command unread.
INFLIGHT_DELAY = [None, None, 0, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.03]
TRADE_CHANCE = 0.25   # a turn with a trade between players
HOARD_TURNS = 12      # hoarders build nothing until they discarded once or this turn

STATUS_FIRST = re.compile(r"^(turn \d+: (\S+ (rolls |rolled |moves )|special )|setup: |"
                          r"game over)")
LEFT_RE = re.compile(r" \((\d+):(\d\d) left\)$")
# Channel lines that show something and change nothing (so the bot does not save for them).
DISPLAY = re.compile(r"^(turn \d+: (\S+ (rolls |rolled |moves )|special )|setup: |scores: |"
                     r"largest army: |#\S+ (hexes|harbors|buildings): |\S+: \d+ seconds left "
                     r"for your move|\S+ is away; the seat is kept)")
# Lines that start the turn timer again: a turn, a setup turn (a settlement and its road).
TURN_START = re.compile(r"^(turn \d+: \S+ to roll(?: \(\S+roll\))?$|\S+: place (a|your first) settlement)")


def strip_left(line):
    return LEFT_RE.sub("", line)


def parse_board(lines, chan):
    """(terrain, robber hex, buildings, roads) from `!board text` lines."""
    terrain, robber, buildings, roads = {}, None, {}, {}
    for text in lines:
        m = re.match(r"^%s hexes: (.*)$" % re.escape(chan), text)
        if m:
            for item in m.group(1).split(","):
                w = item.split()
                h = HEX_NAMES.index(w[0])
                terrain[h] = (RES.index(w[1]) if w[1] in RES else None,
                              int(w[2]) if len(w) > 2 and w[2].isdigit() else 0)
                if w[-1] == "robber":
                    robber = h
            continue
        m = re.match(r"^%s buildings: (.*)$" % re.escape(chan), text)
        if not m or m.group(1).strip() == "none":
            continue
        who = kind = None
        for w in m.group(1).replace(";", " ").split():
            if w in ("settlement", "city", "road"):
                kind = w
            elif re.match(r"^\d+-\d+$", w):
                roads[edge_of(w)] = who
            elif w.isdigit():
                buildings[int(w)] = (who, kind)
            else:
                who = w
    return terrain, robber, buildings, roads


class Expect:
    """One state a game may be in after a restart: each player's hand (the exact line, or
    resources), the board and the status lines (None: not compared)."""

    def __init__(self, name, hands, buildings, roads, robber, status, new_turn=False):
        self.name, self.hands = name, hands
        self.buildings, self.roads, self.robber = buildings, roads, robber
        self.status = status
        self.new_turn = new_turn    # a new turn began with the save: its timer is whole


class CTable(Table):
    """A table whose waits read every player of the group, so that lines are timed when they
    arrive, whichever game the driver is busy with."""

    def __init__(self, game, *a, **k):
        self.game = game
        super().__init__(*a, **k)

    def pump(self, timeout):
        self.game.group.pump(timeout)

    def feed(self, client, m):
        self.game.saw(client, m)
        super().feed(client, m)


class Game:
    def __init__(self, group, chan, n, seed):
        self.group, self.chan = group, chan
        self.nicks = ["%s%s" % (chan[1:], x) for x in "pqrs"[:n]]
        self.seed = seed
        self.t = None
        self.raw = []          # (time, receiver, target, text): channel lines once, private all
        self.last_save = 0.0   # arrival of the last line that came with a save
        self.deadline = None   # the model of the turn timer's deadline (wall clock)
        self.resumed = None    # arrival of the last "resumes" line
        self.since_restart = 0  # index in raw of the first line from the bot started last
        self.timer = None      # a timer test under way: dict
        self.timer_turns = {}  # turn -> kind of timer test planned for it
        self.rng = random.Random(seed * 1000 + 7)   # this game's trades
        self.hoarders = set()
        self.discarded = set()
        self.finished = False
        self.joined = 0.0      # when the bot last joined the channel
        self.timeouts = []     # (arrival, nick, the model's deadline then) of each timeout

    @property
    def tr(self):
        return self.t.tr

    def saw(self, client, m):
        g = self.group
        if m.cmd == "QUIT" and m.nick.lower() == g.bot_nick.lower():
            g.quits.add(client.nick)
            return
        if (m.cmd == "JOIN" and m.nick.lower() == g.bot_nick.lower() and
                client is self.t.players[0]):
            self.joined = m.time
            return
        if m.nick.lower() != g.bot_nick.lower() or m.cmd not in ("PRIVMSG", "NOTICE"):
            return
        if not m.params:
            return
        g.last_line = m.time
        target, text = m.params[0], m.params[-1]
        if target.lower() == self.chan.lower():
            if client is not self.t.players[0]:
                return
            self.raw.append((m.time, client.nick, target, text))
            # The events of one move come in one line.
            for part in text.split(JOIN):
                if not DISPLAY.match(part):
                    self.last_save = m.time
                if part.startswith("time is up for "):
                    self.timeouts.append((m.time, part.split()[4].rstrip(":"), self.deadline))
                if TURN_START.match(part):
                    self.deadline = m.time + TURN_S
                if "resumes" in part:
                    self.resumed = m.time
                if " wins with " in part:
                    self.deadline = None
        elif target.lower() == client.nick.lower():
            self.raw.append((m.time, client.nick, target, text))


class Group:
    def __init__(self, args, name, work):
        spec = GROUPS[name]
        self.args, self.name, self.work = args, name, work
        self.seed = spec["seed"] if args.seed is None else args.seed
        self.rng = random.Random(spec["kills"])
        self.bot_nick = BOT
        self.quits = set()
        self.last_line = 0.0
        self.kills = {k: 0 for k in KINDS}
        self.inflight_outcomes = {"before": 0, "after": 0}
        self.timer_errors = []     # deviations of the timers from the model, seconds
        self.restart_s = []        # from the kill to the last game resumed
        self.crash_s = 0.0         # time spent on kills and checks, down time included
        self.sigkills = 0          # kills in all (twice counts two, and the one at the end)
        self.clients = []
        self.bot = None
        self.n_bots = 0
        self.server = Ngircd(args.ngircd, work, throttle=False)
        self.logs = []
        net = {"name": "local", "host": "127.0.0.1", "port": self.server.port, "tls": False,
               "nick": BOT, "alt_nicks": [BOT + "_"],
               "channels": [c for c, _, _ in spec["games"]],
               "flood": {"burst": 5, "interval_ms": 0}}
        self.conf_text = bot_config([net], bot={"colors": False},
                                    game={"turn_timeout_s": TURN_S, "victory_points": VP},
                                    level="info")
        self.conf_text += 'store = { path = "%s"; };\n' % work.file("games.db")
        self.bot = Bot(args.bot, work, self.conf_text, name="bot0", seed=self.seed)
        self.games = [Game(self, c, n, s) for c, n, s in spec["games"]]
        self.games[0].timer_turns = dict(spec["timers"])

    # Reading.
    def pump(self, timeout):
        socks = {}
        for g in self.games:
            if g.t:
                for p in g.t.players:
                    if not p.closed:
                        socks[p.sock] = (g, p)
        if not socks:
            time.sleep(max(0, timeout))
            return
        r, _, _ = select.select(list(socks), [], [], max(0, timeout))
        for s in r:
            g, p = socks[s]
            before = len(p.seen)
            p.pump(0)
            for m in p.seen[before:]:
                g.t.feed(p, m)

    def wait(self, cond, timeout, what):
        deadline = time.time() + timeout
        while not cond():
            if time.time() > deadline:
                raise TestFailure("no %s within %ss" % (what, timeout))
            self.pump(min(0.2, max(0, deadline - time.time())))

    def sleep(self, seconds):
        end = time.time() + seconds
        while time.time() < end:
            self.pump(end - time.time())

    def settle(self, gap=0.25, limit=5.0):
        """Reads until the bot said nothing to anybody for gap seconds (at most limit)."""
        end = time.time() + limit
        while time.time() < end and time.time() - max(self.last_line, 0) < gap:
            self.pump(0.05)

    def live(self):
        return [g for g in self.games if not g.finished]

    # Starting the games.
    def open_tables(self):
        for g in self.games:
            players = [Client(self.server.port, n) for n in g.nicks]
            self.clients += players
            join_all(players, g.chan, BOT)
            self.logs.append(open(self.work.file(g.chan[1:] + ".log"), "w"))
            g.t = CTable(g, g.chan, players, BOT, seed=g.seed, log=self.logs[-1])
            # One hoarder a game: a 7 then finds somebody over seven cards.
            g.hoarders = {g.nicks[-1]}
        for g in self.games:
            g.t.open_lobby()
        for g in self.games:
            t = g.t
            for p in t.players[1:]:
                t.say(p, "!join")
            t.wait(lambda: any("joined (%d seated" % len(t.players) in l for l in t.tr.parts),
                   20, "everyone seated")
        self.lobby_crash()
        for g in self.games:
            t = g.t
            t.say(t.players[0], "!start")
            t.wait(lambda: t.tr.prompts, 60, "the first setup prompt")  # after the drawing
            t.say(t.players[0], "!board text")
            t.wait(lambda: len(t.tr.terrain) == len(HEX_NAMES) and t.tr.harbors, 30,
                   "the board as text")

    def lobby_crash(self):
        """A kill with every lobby full: each must come back, and its game start."""
        self.settle()
        self.restart()
        self.wait(lambda: all(g.resumed for g in self.games), 60, "every lobby resumed")
        for g in self.games:
            line = next(text for _, _, tg, text in reversed(g.raw) if "resumes" in text)
            check("lobby" in line, "%s: the lobby resumes: %r" % (g.chan, line))
        self.kills["lobby"] += 1
        print("kill %d (lobby): back in %.1f s" % (sum(self.kills.values()),
                                                  max(g.resumed for g in self.games) -
                                                  self.killed))

    # Kills.
    def timers_clear(self):
        """No timer test under way: its own kill comes when it is due, and each other kill
        would give the waiting turn back the time since its last save."""
        return not any(g.timer for g in self.live())

    def maybe_kill(self, kind, g):
        """A kill of this kind, by chance; the bot has answered the last command (crash waits
        until it has said nothing for a moment)."""
        if self.kills[kind] >= CAP[kind] or self.rng.random() >= CHANCE[kind]:
            return False
        if not self.timers_clear():
            return False
        self.crash(kind, twice=kind == "twice")
        return True

    def ask_status(self, g, asker):
        """Sends !status in g; returns a function giving (first, scores, awards, asked) once
        the reply is in, else None."""
        n = len(g.raw)
        asked = g.t.say(asker, "!status")

        def result():
            # A status sent privately comes as one line, its parts joined by " · ".
            got = [(tg, part) for _, who, tg, text in g.raw[n:]
                   if tg.lower() == g.chan.lower() or who == asker.nick
                   for part in (text.split(" \u00b7 ") if tg.lower() != g.chan.lower()
                                else [text])]
            end = next((i for i, (_, text) in enumerate(got)
                        if text.startswith("largest army: ")), None)
            if end is None:
                return None
            where = got[end][0]
            lines = [text for tg, text in got[:end + 1] if tg == where]
            first = next((l for l in lines if STATUS_FIRST.match(l)), None)
            scores = next((l for l in lines if l.startswith("scores: ")), None)
            return first, scores, got[end][1], asked
        return result

    def statuses(self, games):
        """!status in every game at once: game -> (first, scores, awards, asked)."""
        pending = {g: self.ask_status(g, freshest(g.t, g.t.players)) for g in games}
        self.wait(lambda: all(f() for f in pending.values()), 30, "status replies")
        out = {g: f() for g, f in pending.items()}
        for g, (first, scores, _, _) in out.items():
            check(first and scores, "%s: a whole status: %s" % (g.chan, out[g]))
        return out

    def before(self, g, status):
        tr = g.tr
        hands = {}
        for p in g.t.players:
            seen = tr.seen_hands.get(p.nick)
            hands[p.nick] = seen[-1][2] if seen else "%s hand: (0 cards)" % g.chan
        return Expect("before", hands, dict(tr.buildings), dict(tr.roads), tr.robber_hex,
                      status)

    def restart(self, down=0.0):
        """SIGKILL, then the same configuration again; returns the time of the kill."""
        old = self.bot
        self.quits = set()
        killed = self.killed = time.time()
        self.sigkills += 1
        os.kill(old.proc.pid, signal.SIGKILL)
        old.proc.wait(10)
        old.log.close()
        old.check_clean_log()
        # Every line the old bot sent reaches a player before the server's word that it quit.
        everyone = {p.nick for g in self.games for p in g.t.players}
        self.wait(lambda: self.quits >= everyone, 30, "the killed bot's QUIT at every player")
        if down > 0:
            self.sleep(down)
        for g in self.games:
            # What comes from here on comes from the new bot (its lines may come in any
            # order: a player's hand before the line saying the game resumes).
            g.since_restart = len(g.raw)
            g.resumed = None
        self.n_bots += 1
        # A new process: every user's command allowance is whole again.
        for g in self.games:
            g.t.tokens = {}
        self.bot = Bot(self.args.bot, self.work, self.conf_text, name="bot%d" % self.n_bots,
                       seed=self.seed)
        return killed

    def crash(self, kind, inflight=None, down=0.0, twice=False):
        """Kills the bot and checks every game after the restart. inflight: (game, player,
        command, a function of the before-Expect giving the after-Expect, a function that
        updates the tracker when the game is found after the command and the channel did not
        see it). Returns "before" or "after" for an in-flight command, else "before"."""
        begun = time.time()
        self.settle()
        games = self.live()
        st = self.statuses(games)
        expects = {g: [self.before(g, st[g][:3])] for g in games}
        n_parts = {g: len(g.tr.parts) for g in games}
        if inflight:
            ig, ip, command, after_of, _ = inflight
            delay = self.rng.choice(INFLIGHT_DELAY)
            if delay is None:
                os.kill(self.bot.proc.pid, signal.SIGSTOP)
            else:
                expects[ig].append(after_of(expects[ig][0]))
            ig.t.say(ip, command)
            time.sleep(0.02 if delay is None else delay)
        finished = [g for g in self.games if g.finished]
        killed = self.restart(down)
        self.kills[kind] += 1
        n = sum(self.kills.values())
        # Every game in progress resumes and names whose move it is.
        self.wait(lambda: all(g.resumed for g in games), 60, "every game resumed")
        if twice:
            # Killed again as soon as every game says it resumes (the hands may not be sent
            # yet): the resume saved the game, with the time it had left at the first kill.
            for g in games:
                if g.deadline is not None:
                    g.deadline += g.resumed - killed
            killed = self.restart()
            self.wait(lambda: all(g.resumed for g in games), 60, "every game resumed again")
        self.restart_s.append(max(g.resumed for g in games) - killed)
        # Each player's hand is sent again once the bot sees them in the channel.
        self.wait(lambda: all(self.hand_lines(g, p) for g in games for p in g.t.players), 30,
                  "every hand sent again")
        resent = {g: {p.nick: self.hand_lines(g, p)[0] for p in g.t.players} for g in games}
        pending = {g: self.query(g) for g in games}
        self.wait(lambda: all(f() for f in pending.values()), 30,
                  "answers to !hand, !board text and !status")
        outcome = "before"
        for g in games:
            # A board text split over lines may still be arriving: judged again as more comes
            # in, until it passes or 10 s have gone.
            judged = time.time() + 10
            while True:
                try:
                    got = self.judge(g, expects[g], resent[g], pending[g]())
                    break
                except TestFailure:
                    if time.time() > judged:
                        raise
                    self.settle(0.5)
            if got.new_turn:
                g.deadline = g.resumed + TURN_S
            elif g.deadline is not None:
                g.deadline += g.resumed - self.killed
            if inflight and g is inflight[0]:
                outcome = got.name
                inflight[4](got.name == "after", g.tr.parts[n_parts[g]:])
        for g in finished:
            check(not any("resumes" in text for tm, _, _, text in g.raw if tm > killed),
                  "%s: a finished game does not come back" % g.chan)
        self.crash_s += time.time() - begun
        g0 = inflight[0].chan if inflight else ""
        print("kill %d (%s%s): back in %.1f s%s" % (
            n, kind, " " + g0 if g0 else "", self.restart_s[-1],
            ", found %s the command" % outcome if inflight else ""))
        sys.stdout.flush()
        return outcome

    def hand_lines(self, g, p):
        """The hand lines p got from the bot started last."""
        return [text for _, who, tg, text in g.raw[g.since_restart:]
                if who == p.nick and text.startswith(g.chan + " hand: ")]

    def query(self, g):
        """After the hands sent again: every player's !hand, !board text and !status in g.
        Returns a function giving the answers once all are in, else None."""
        t = g.t
        counts = {p.nick: len(self.hand_lines(g, p)) for p in t.players}
        n = len(g.raw)
        for p in t.players:
            t.say(p, "!hand")
        shower = freshest(t, t.players)
        t.say(shower, "!board text")
        status = self.ask_status(g, freshest(t, t.players))

        def answers():
            hands = {p.nick: self.hand_lines(g, p) for p in t.players}
            board = [text for _, who, tg, text in g.raw[n:]
                     if (tg.lower() == g.chan.lower() or who == shower.nick) and
                     re.match(r"^%s (hexes|harbors|buildings): " % re.escape(g.chan), text)]
            if (any(len(hands[p.nick]) <= counts[p.nick] for p in t.players) or
                    not status() or not any(" buildings: " in x for x in board)):
                return None
            return {p.nick: hands[p.nick][-1] for p in t.players}, board, status()
        return answers

    def judge(self, g, alts, resent, answers):
        """The game after a restart is one of alts: the hands sent again, the !hand replies,
        the board text and the status. Returns the one it is."""
        t, tr = g.t, g.tr
        replies, board, (first, scores, awards, asked) = answers
        terrain, robber, buildings, roads = parse_board(board, g.chan)
        check(terrain == tr.terrain, "%s: the hexes are the same" % g.chan)
        line = next(text for _, _, tg, text in reversed(g.raw) if "resumes" in text)
        check(any(p.nick in named(line, t.players) and p.nick in first for p in t.players),
              "%s: the resume line %r names whose move it is (status: %r)" % (g.chan, line, first))
        problems = {}
        for alt in alts:
            bad = []
            for p in t.players:
                want = alt.hands[p.nick]
                for what, text in (("sent again", resent[p.nick]), ("!hand", replies[p.nick])):
                    ok = text == want if isinstance(want, str) else cards_of(text) == want
                    if not ok:
                        bad.append("%s's hand %s: %r, last told %r" % (p.nick, what, text, want))
            if robber != alt.robber:
                bad.append("robber on %s, told %s" % (robber, alt.robber))
            if buildings != alt.buildings:
                bad.append("buildings %s, told %s" % (diff(buildings, alt.buildings)))
            if roads != alt.roads:
                bad.append("roads %s, told %s" % (diff(roads, alt.roads)))
            want = alt.status
            if isinstance(want[0], str):
                if strip_left(first) != strip_left(want[0]):
                    bad.append("status %r, before %r" % (first, want[0]))
            elif not want[0](strip_left(first)):
                bad.append("status %r, expected %s" % (first, want[0].__doc__))
            for got, exp, what in ((scores, want[1], "scores"), (awards, want[2], "awards")):
                if exp is not None and got != exp:
                    bad.append("%s %r, before %r" % (what, got, exp))
            if not bad:
                self.check_left(g, first, asked, alt)
                return alt
            problems[alt.name] = bad
        raise TestFailure("%s after the restart: %s" % (
            g.chan, " | ".join("as %s: %s" % (k, "; ".join(v)) for k, v in problems.items())))

    def check_left(self, g, first, asked, alt):
        """The status's time left against the model: the deadline moved on by the time from
        the kill to the resume (the bot counts the time from its last save to its last sign of
        life before the kill, within a second of it)."""
        m = LEFT_RE.search(first)
        if g.deadline is None or not m:
            check(not m or g.deadline is not None, "%s: a timer in %r" % (g.chan, first))
            return
        shown = int(m.group(1)) * 60 + int(m.group(2))
        if alt.new_turn:
            expected = g.resumed + TURN_S - asked
        else:
            expected = g.deadline + (g.resumed - self.killed) - asked
        self.timer_errors.append(shown - expected)
        g.t.note("time left %d s, the model %.2f s (%s)" % (shown, expected, alt.name))
        check(abs(shown - expected) <= LEFT_TOL,
              "%s: %d s left after the restart, expected %.1f (%r)" % (g.chan, shown, expected,
                                                                       first))

    # Playing.
    def setup(self, g):
        t, tr = g.t, g.tr
        done = 0
        deadline = time.time() + 150
        while tr.setup and not tr.winner:
            check(time.time() < deadline, "%s: setup within 150 s" % g.chan)
            if done >= len(tr.prompts):
                self.pump(0.2)
                continue
            kind, nick, at = tr.prompts[done]
            self.maybe_kill("setup", g)
            p = t.by_nick(nick)
            choice = t.setup_choice(kind, nick, at)
            if choice is None:
                s, _, _ = t.spots(p)
                check(s.get(kind), "%s: %s has a %s spot in setup" % (g.chan, nick, kind))
                choice = t.rng.choice(s[kind])
            done += 1
            t.say(p, "!build %s %s" % (kind, choice))
            t.wait(lambda: len(tr.prompts) > done or not tr.setup, 20, "next setup step")

    def hoarding(self, g, nick):
        return nick in g.hoarders and nick not in g.discarded and g.tr.turn < HOARD_TURNS

    def seven(self, g, p):
        t, tr = g.t, g.tr
        t.wait(lambda: tr.robber == p.nick or tr.discard or tr.winner, 20,
               "discards or the robber after a 7")
        self.settle()
        if tr.discard:
            self.maybe_kill("discard", g)
            for who in sorted(tr.discard):
                if not (self.inflight_ok(g, who) and self.inflight_discard(g, p, who)):
                    t.discard_for(who)
                t.wait(lambda: who not in tr.discard, 20, "%s's discard" % who)
                g.discarded.add(who)
                if tr.discard:
                    self.maybe_kill("discard", g)
        t.wait(lambda: tr.robber == p.nick or tr.winner, 20, "the robber prompt")
        self.maybe_kill("robber", g)
        t.move_robber(p.nick)
        # The steal's private lines come to two other clients: all of them before a move.
        self.settle()

    def inflight_discard(self, g, p, who):
        """who's discard (p rolled the 7) sent with the kill right behind it; whether the
        game came back after it."""
        tr = g.tr
        hand = list(tr.hand(who)[0])
        give = [0] * 5
        for _ in range(tr.discard[who]):
            i = max(range(5), key=lambda k: hand[k])
            hand[i] -= 1
            give[i] += 1
        give = tuple(give)
        text = ", ".join("%d %s" % (n, RES[i]) for i, n in enumerate(give) if n)
        others = [q for q in tr.discard if q != who]

        def discarded(first):
            """who's discard taken: the others' awaited, else the robber"""
            if others:
                return re.match(r"^turn \d+: %s rolled 7, waiting for discards: (.*)$" %
                                re.escape(p.nick), first) and \
                    who not in first.split("discards:")[1].replace(",", " ").split()
            return re.match(r"^turn \d+: %s moves the robber" % re.escape(p.nick), first)

        def after_of(b):
            hands = dict(b.hands)
            hands[who] = tuple(hand)
            return Expect("after", hands, dict(b.buildings), dict(b.roads), b.robber,
                          (discarded, None, b.status[2]))

        def sync(applied, seen):
            was_told = any(l.startswith(who + " discarded ") for l in seen)
            check(applied or not was_told, "%s: the channel was told %s discarded, but the game "
                  "came back without it" % (g.chan, who))
            if applied and not was_told:
                tr.channel("%s discarded %s" % (who, text))
            if applied and not others and tr.robber != p.nick:
                tr.channel("%s must move the robber" % p.nick)
        return self.inflight(g, g.t.by_nick(who), "!discard " + text.replace(",", ""),
                             after_of, sync) == "after"

    def trade(self, g, p):
        """One trade between players, from the current player p or (a counter-offer) to p."""
        t, tr = g.t, g.tr
        others = [q for q in t.players if q is not p]
        g.rng.shuffle(others)
        counter = g.rng.random() < 0.3
        for q in others:
            a, b = (q, p) if counter else (p, q)    # a offers, b accepts
            ha, hb = tr.hand(a.nick)[0], tr.hand(b.nick)[0]
            if not any(ha):
                continue
            gi = max(range(5), key=lambda i: ha[i])
            wants = [i for i in range(5) if hb[i] and i != gi]
            if wants:
                break
        else:
            return
        wi = g.rng.choice(wants)
        n = len(tr.parts)
        offered = lambda: next((l for l in tr.parts[n:] if l.startswith(a.nick + " offers ")),
                               None)
        if not t.act(a, "!trade offer 1 %s for 1 %s" % (RES[gi], RES[wi]), offered, 20,
                     "offer"):
            return
        oid = re.search(r"\(offer (\d+)\)", offered()).group(1)
        self.maybe_kill("offer", g)
        n = len(tr.parts)
        check(t.act(b, "!trade accept " + oid,
                    lambda: any(l.startswith("%s accepts offer %s" % (b.nick, oid))
                                for l in tr.parts[n:]), 20, "accept"),
              "%s: %s may accept offer %s (%s)" % (g.chan, b.nick, oid, t.refused[-1:]))
        self.maybe_kill("accepted", g)
        confirm = "!trade confirm %s %s" % (b.nick, oid)
        if self.inflight_ok(g, a.nick):
            give, get = cards("1 " + RES[gi]), cards("1 " + RES[wi])
            line = "%s gives 1 %s to %s for 1 %s" % (a.nick, RES[gi], b.nick, RES[wi])

            def after_of(x):
                hands = dict(x.hands)
                hands[a.nick] = add(add(tr.hand(a.nick)[0], give, -1), get)
                hands[b.nick] = add(add(tr.hand(b.nick)[0], get, -1), give)
                return Expect("after", hands, dict(x.buildings), dict(x.roads), x.robber,
                              (x.status[0], None, x.status[2]))

            def sync(applied, seen):
                was_told = any(l.startswith(a.nick + " gives ") for l in seen)
                check(applied or not was_told, "%s: the channel was told %r, but the game "
                      "came back without it" % (g.chan, line))
                if applied and not was_told:
                    tr.channel(line)
            if self.inflight(g, a, confirm, after_of, sync) == "after":
                self.settle()
                return
        n = len(tr.parts)
        check(t.act(a, confirm,
                    lambda: any(l.startswith(a.nick + " gives ") for l in tr.parts[n:]), 20,
                    "confirm"),
              "%s: %s may confirm offer %s (%s)" % (g.chan, a.nick, oid, t.refused[-1:]))
        self.settle()

    def inflight_ok(self, g, nick):
        """Whether an in-flight kill may come now: the cap, chance, no timer test near its end,
        and no chance that the move wins (a road can bring the longest road, 2 points)."""
        if self.kills["inflight"] >= CAP["inflight"] or self.rng.random() >= CHANCE["inflight"]:
            return False
        points = sum(2 if kind == "city" else 1 for who, kind in g.tr.buildings.values()
                     if who == nick)
        return points + 2 < VP and self.timers_clear()

    def build(self, g, p, since):
        """The strategy's builds and bank trades, with kills between them; some are sent with
        the kill right behind."""
        t, tr = g.t, g.tr
        if self.hoarding(g, p.nick):
            return
        tried = set()
        for _ in range(8):
            if tr.winner:
                return
            hand = t.current_hand(p, since)
            move = t.next_move(p, hand)
            if not move or move in tried:
                return
            tried.add(move)
            after = t.after_move(hand, move)
            if move.startswith(("!road", "!bank")) and self.inflight_ok(g, p.nick):
                if self.inflight_move(g, p, move, after) == "before":
                    tried.discard(move)     # lost with the bot: the player sends it again
                continue
            n = len(t.hand_lines.get(p.nick, []))
            answer = lambda: any(r == after for r, _ in t.hand_lines.get(p.nick, [])[n:])
            if t.act(p, move, answer) is None:
                return
            if move.startswith(("!settle", "!city", "!road")):
                kind = {"!settle": "settlement", "!city": "city", "!road": "road"}[move.split()[0]]
                at = move.split()[1]
                t.wait(lambda: tr.winner or any(
                    l.startswith("%s built a %s at %s" % (p.nick, kind, at))
                    for l in tr.parts[-12:]), 30, "the build line for " + move)
            if tr.winner:
                return
            self.maybe_kill("main", g)

    def inflight_move(self, g, p, move, after):
        """A road or a bank trade sent with the kill right behind it."""
        tr = g.tr
        w = move.split()
        if w[0] == "!road":
            e = edge_of(w[1])
            line = "%s built a road at %d-%d" % (p.nick, e[0], e[1])
            told = lambda l: l.startswith(p.nick + " built a road at ") and \
                edge_of(l.split()[-1]) == e
        else:
            k = w.index("for")
            line = "%s trades %s with the bank for %s" % (
                p.nick, ", ".join(" ".join(w[i:i + 2]) for i in range(1, k, 2)),
                ", ".join(" ".join(w[i:i + 2]) for i in range(k + 1, len(w), 2)))
            told = lambda l: l.startswith(p.nick + " trades ")

        def after_of(b):
            hands = dict(b.hands)
            hands[p.nick] = after
            roads = dict(b.roads)
            if w[0] == "!road":
                roads[e] = p.nick
            # Scores and awards change with the move; whose move it is does not.
            return Expect("after", hands, dict(b.buildings), roads, b.robber,
                          (b.status[0], None, None))

        def sync(applied, seen):
            was_told = any(told(l) for l in seen)
            check(applied or not was_told, "%s: the channel was told %r, but the game came "
                  "back without it" % (g.chan, line))
            if applied and not was_told:
                tr.channel(line)
        return self.inflight(g, p, move, after_of, sync)

    def inflight(self, g, p, command, after_of, sync):
        out = self.crash("inflight", (g, p, command, after_of, sync))
        self.inflight_outcomes[out] += 1
        g.t.note("in flight %r: found %s it" % (command, out))
        return out

    def end_turn(self, g, p):
        t, tr = g.t, g.tr
        turn = tr.turn
        if self.inflight_ok(g, p.nick):
            def next_turn(first):
                """the next turn, its roll awaited"""
                return re.match(r"^turn %d: \S+ rolls the dice" % (turn + 1), first)

            def after_of(b):
                return Expect("after", dict(b.hands), dict(b.buildings), dict(b.roads),
                              b.robber, (next_turn, None, b.status[2]), new_turn=True)

            def sync(applied, seen):
                was_told = any(re.match(r"^turn %d: \S+ to roll(?: \(\S+roll\))?$" % (turn + 1), l)
                               for l in seen)
                check(applied or not was_told, "%s: the channel was told turn %d began, but "
                      "the game came back in turn %d" % (g.chan, turn + 1, turn))
                if applied and not was_told:
                    # The line the channel missed: whose turn it is, from the resume line.
                    line = next(text for _, _, tg, text in reversed(g.raw) if "resumes" in text)
                    who = named(line, t.players)
                    check(len(who) == 1, "%s: the resume line %r names one player" % (g.chan,
                                                                                     line))
                    tr.channel("turn %d: %s to roll" % (turn + 1, who[0]))
            self.inflight(g, p, "!end", after_of, sync)
            if tr.turn != turn:
                return
        t.say(p, "!end")
        t.wait(lambda: tr.turn != turn or tr.winner, 30, "the turn after %d" % turn)

    def play_turn(self, g):
        t, tr = g.t, g.tr
        t.wait(lambda: tr.current or tr.winner, 30, "a turn")
        if tr.winner:
            return
        turn, p = tr.turn, t.by_nick(tr.current)
        self.maybe_kill("turn", g) or self.maybe_kill("twice", g)
        t0 = t.say(p, "!roll")
        t.wait(lambda: (tr.roll and tr.roll[0] == turn) or tr.winner, 30, "roll of turn %d" % turn)
        if tr.winner:
            return
        if tr.roll[1] == 7:
            self.seven(g, p)
        if tr.winner:
            return
        kind = g.timer_turns.pop(turn, None)
        if kind and self.kills[kind] == 0:
            if (sum(tr.hand(p.nick)[0]) == 0 or any(o.timer for o in self.games) or
                    g.deadline is None or g.deadline - time.time() < TIMER_LEFT[kind] + 4):
                g.timer_turns[turn + 1] = kind
            else:
                self.settle()
                # The player does nothing now; the driver comes back to make a move that saves
                # the game with TIMER_LEFT[kind] seconds left, then kills the bot.
                g.timer = {"kind": kind, "turn": turn, "nick": p.nick, "since": t0}
                print("%s: turn %d, %s waits for the turn timer (%s)" % (g.chan, turn, p.nick,
                                                                        kind))
                return
        self.rest_of_turn(g, p, t0)

    def rest_of_turn(self, g, p, since):
        if g.rng.random() < TRADE_CHANCE:
            self.trade(g, p)
        self.build(g, p, since)
        if not g.tr.winner:
            self.end_turn(g, p)

    def timer_step(self, g):
        """A game waiting for its turn to time out: the move that saves it when due, the kill,
        then when the timeout comes."""
        t, tr, tm = g.t, g.tr, g.timer
        p = t.by_nick(tm["nick"])
        if "left" not in tm:
            # Each kill meanwhile moves the deadline on by the time the bot was down.
            if time.time() < g.deadline - TIMER_LEFT[tm["kind"]] - 0.5:
                return
            others_clear = all(o is g or not o.timer for o in self.live())
            if g.deadline - time.time() < 5 or not others_clear:
                # Too late for this turn: play it out, and try again two turns on.
                print("%s: the timer test moves on to turn %d" % (g.chan, tm["turn"] + 2))
                g.timer = None
                g.timer_turns[tm["turn"] + 2] = tm["kind"]
                self.rest_of_turn(g, p, tm["since"])
                return
            hand = tr.hand(p.nick)[0]
            gi = max(range(5), key=lambda i: hand[i])
            n = len(tr.parts)
            check(t.act(p, "!trade offer 1 %s for 1 %s" % (RES[gi], RES[(gi + 1) % 5]),
                        lambda: any(l.startswith(p.nick + " offers ") for l in tr.parts[n:]), 10,
                        "offer"), "%s: %s may offer a trade" % (g.chan, p.nick))
            self.settle()
            left = g.deadline - g.last_save
            # expire: the bot stays down until the turn's deadline has passed.
            down = max(0.0, g.deadline - time.time()) + 3 if tm["kind"] == "expire" else 0.0
            self.crash(tm["kind"], down=down)
            tm["left"] = g.deadline - g.resumed
            print("%s: saved with %.1f s left; the bot down %.1f s; the timeout is due %.1f s "
                  "after the resume" % (g.chan, left, down, tm["left"]))
            return
        fired = next(((at, d) for at, who, d in g.timeouts if at > g.resumed and who == p.nick),
                     None)
        if fired is None:
            check(time.time() < g.deadline + 10,
                  "%s: the turn timed out within 10 s of its deadline" % g.chan)
            return
        fired, deadline = fired
        err = fired - deadline
        after = fired - g.resumed
        print("%s: the turn timed out %.1f s after the resume (%.1f s left at the last save; "
              "off by %+.1f s)" % (g.chan, after, tm["left"], err))
        self.timer_errors.append(err)
        check(abs(err) <= LEFT_TOL, "%s: the timeout came %.1f s %s the time the game had left"
              % (g.chan, abs(err), "after" if err > 0 else "before"))
        check(4 < after < TURN_S - 8, "%s: the timeout neither at once nor a whole turn after "
              "the resume (%.1f s)" % (g.chan, after))
        g.timer = None
        t.wait(lambda: tr.turn != tm["turn"] or tr.winner, 20, "the turn after the timeout")

    def run(self):
        started = time.time()
        self.open_tables()
        for g in self.games:
            self.setup(g)
        budget = started + self.args.timeout
        turns = 0
        while self.live():
            check(time.time() < budget, "both games over within %d s (turns %s)" % (
                self.args.timeout, [g.tr.turn for g in self.games]))
            check(turns < 400, "both games over within 400 turns")
            idle = True
            for g in self.live():
                if g.timer:
                    self.timer_step(g)
                else:
                    self.play_turn(g)
                    turns += 1
                    idle = False
                if g.tr.winner:
                    g.finished = True
                    g.timer = None
                    self.settle()
                    print("%s: %s wins with %d points after %d turns" % (
                        g.chan, g.tr.winner[0], g.tr.winner[1], g.tr.turn))
            if idle:
                self.pump(0.2)
        self.settle()
        # One more kill with both games over: neither comes back.
        killed = self.restart()
        self.wait(lambda: all(g.joined > killed for g in self.games), 60,
                  "the bot back in every channel")
        self.settle(1.0)
        for g in self.games:
            check(not any("resumes" in text for at, _, _, text in g.raw if at > killed),
                  "%s: a finished game does not come back" % g.chan)
        checked = 0
        for g in self.games:
            checked += g.tr.verify_hands()
            check(not g.tr.problems, "; ".join(g.tr.problems[:5]))
        total = sum(self.kills.values())
        print("group %s: %d SIGKILLs at %d kill points in %.0f s: %s; in flight found %s; "
              "timers off the model by at most %.1f s; back in %.1f-%.1f s, %.0f s in all with "
              "the checks; %d hand lines checked" % (
                  self.name, self.sigkills, total, time.time() - started,
                  ", ".join("%s %d" % (k, v) for k, v in self.kills.items() if v),
                  self.inflight_outcomes, max(abs(e) for e in self.timer_errors or [0]),
                  min(self.restart_s or [0]), max(self.restart_s or [0]), self.crash_s, checked))
        check(total >= MIN_KILLS, "at least %d kills (%d)" % (MIN_KILLS, total))
        for k in ("lobby", "discard", "robber", "offer", "accepted", "timer", "expire", "inflight"):
            check(self.kills[k] >= 1, "a kill of kind %s" % k)
        check(self.bot.alive(), "the bot alive at the end")
        rc = self.bot.stop()
        check(rc == 0, "bot exit status %s" % rc)
        self.bot.check_clean_log()
        self.bot = None

    def close(self):
        for c in self.clients:
            c.close()
        if self.bot:
            if self.bot.alive():
                os.kill(self.bot.proc.pid, signal.SIGCONT)    # in case a failure left it stopped
            stop_process(self.bot.proc, "the bot", 15)
        self.server.stop()
        for f in self.logs:
            f.close()


def named(line, players):
    """The nicks of players that line names."""
    return [p.nick for p in players if re.search(r"(^|\W)%s(\W|$)" % re.escape(p.nick), line)]


def freshest(t, players):
    """The player who may send a command soonest (the table keeps under the bot's limit of a
    command a second with a burst)."""
    now = time.time()

    def tokens(p):
        tok, at = t.tokens.get(id(p), (t.BURST, now))
        return min(t.BURST, tok + (now - at) / t.REFILL)
    return max(players, key=tokens)


def cards_of(text):
    m = re.match(r"^#\S+ hand: (.*?)\s*\(\d+ cards?\)", text)
    return cards(m.group(1)) if m else None


def diff(got, want):
    extra = {k: v for k, v in got.items() if want.get(k) != v}
    missing = {k: v for k, v in want.items() if got.get(k) != v}
    return "with %s" % extra, "without %s" % missing


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", required=True)
    ap.add_argument("--ngircd", default="/usr/sbin/ngircd")
    ap.add_argument("--only", choices=sorted(GROUPS))
    ap.add_argument("--timeout", type=int, default=240, help="seconds of play per group")
    ap.add_argument("--seed", type=int, help="BRICKWOOD_SEED instead of the group's own")
    args = ap.parse_args()
    rc = 0
    for name in [args.only] if args.only else sorted(GROUPS):
        work = Workdir()
        g = None
        try:
            g = Group(args, name, work)
            g.run()
            print("ok: group %s (logs in %s)" % (name, work.path))
        except TestFailure as e:
            print("FAIL: group %s: %s (logs in %s)" % (name, e, work.path))
            if g and g.bot:
                tail = g.bot.log_text().splitlines()[-15:]
                print("  the bot's log ends:\n" + "\n".join("    | " + l for l in tail))
            rc = 1
        finally:
            if g:
                g.close()
    return rc


if __name__ == "__main__":
    sys.exit(main())
