"""Scripted players for the end-to-end tests: a table (one channel, its player clients), a
tracker that follows every player's hand and every piece on the board from the channel and
private lines, and a decisive strategy that plays a game to its end.

The tracker keeps each player's hand as a list of states; every `hand:` line a player receives
must equal one of them, in order (the bot replaces an outdated hand still queued, so states may
be skipped, and a hand line may arrive before the channel line that explains it).

The strategy reads the board once (`!board text`), places its setup pieces on the corners that
produce most grain and ore, and then on its turns builds a city or a settlement whenever it can,
a road towards a free corner when wood and brick would otherwise lie idle, and trades with the
bank at its best rate towards what is missing; then it ends the turn at once. The moving
player decides from the last hand line the bot sent it: private lines to the player whose move
it is go out before anything else, so that line is the bot's current state."""

import random
import re
import select
import time
from collections import defaultdict

from harness import TestFailure, check

RES = ["wood", "brick", "wool", "grain", "ore"]
COST = {"road": (1, 1, 0, 0, 0), "settlement": (1, 1, 1, 1, 0), "city": (0, 0, 0, 2, 3),
        "dev": (0, 0, 1, 1, 1)}
# A player's name in the bot's lines: a nick, or a computer player's name, which ends in
# " (bot)" ("Ada (bot)"). In the patterns below NICK stands for it.
NICK = r"\S+(?: \(bot\))?"
ROBOT_SUFFIX = " (bot)"
HAND_RE = re.compile(r"^(#\S+) hand: (.*?)\s*\((\d+) cards?\)(.*)$")
SPOTS_RE = re.compile(r"^(#\S+) spots: (.*)$")
# The first line of a !status answer, in the channel or privately.
STATUS_RE = re.compile(r"^(?:#\S+ )?(setup: |turn \d+: |game over)")
# Private lines that report an event rather than answer a command.
INFO_RE = re.compile(r"^#\S+ (you stole 1 |%s stole 1 \w+ from you$|you bought a )" % NICK)
ZERO = (0, 0, 0, 0, 0)
# Between the events of one move in a channel line.
JOIN = " \u00b7 "
_PATTERNS = {}  # compiled nick_match patterns


def nick_match(pattern, text):
    """re.match with NICK in pattern standing for a player's name (see NICK)."""
    r = _PATTERNS.get(pattern)
    if r is None:
        r = _PATTERNS[pattern] = re.compile(pattern.replace("NICK", NICK))
    return r.match(text)


def typed(nick):
    """A player's name as a command takes it: a computer player's without " (bot)"."""
    return nick[:-len(ROBOT_SUFFIX)] if nick.endswith(ROBOT_SUFFIX) else nick


def _geometry():
    """The base board of SPEC section 4: hexes in rows 3-4-5-4-3, pointy-topped; vertices
    numbered row by row from 1. Returns (corners of each hex N NE SE S SW NW, the hexes at each
    vertex, the neighbours of each vertex, every edge as a sorted pair)."""
    rows = [3, 4, 5, 4, 3]
    centres = [(2 * c - (n - 1), 3 * r) for r, n in enumerate(rows) for c in range(n)]
    offsets = [(0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)]
    points = sorted({(x + dx, y + dy) for x, y in centres for dx, dy in offsets},
                    key=lambda p: (p[1], p[0]))
    number = {p: i + 1 for i, p in enumerate(points)}
    corners = [[number[(x + dx, y + dy)] for dx, dy in offsets] for x, y in centres]
    hexes_at, near, edges = defaultdict(list), defaultdict(set), set()
    for h, cs in enumerate(corners):
        for k in range(6):
            a, b = cs[k], cs[(k + 1) % 6]
            hexes_at[a].append(h)
            near[a].add(b)
            near[b].add(a)
            edges.add((min(a, b), max(a, b)))
    return corners, dict(hexes_at), dict(near), edges


CORNERS, HEXES_AT, NEAR, EDGES = _geometry()
HEX_NAMES = [chr(ord("A") + i) for i in range(len(CORNERS))]
# SPEC section 4's examples: hex A and the centre hex J.
assert CORNERS[0] == [1, 5, 9, 13, 8, 4] and CORNERS[9] == [19, 25, 31, 36, 30, 24]
assert len(NEAR) == 54 and len(EDGES) == 72


def edge_of(text):
    a, b = (int(x) for x in text.split("-"))
    return (min(a, b), max(a, b))


def cards(text):
    """'2 wood, 1 ore' -> a tuple of counts; 'nothing' -> zeros."""
    out = [0] * 5
    text = text.strip()
    if text in ("", "nothing"):
        return tuple(out)
    for part in text.split(","):
        n, name = part.split()
        out[RES.index(name)] += int(n)
    return tuple(out)


def add(a, b, sign=1):
    return tuple(x + sign * y for x, y in zip(a, b))


def covers(have, cost):
    return all(a >= b for a, b in zip(have, cost))


def cards_text(t):
    return " ".join("%d %s" % (n, RES[i]) for i, n in enumerate(t) if n)


class Tracker:
    """Follows one channel's game from the lines its players receive.

    watched: the players whose private lines it is given (None: every player). A steal between
    two others names no card to anyone it reads: both hands are then unknown, and only the
    hands of watched players are checked."""

    def __init__(self, chan, bot_nick, watched=None):
        self.chan = chan
        self.bot = bot_nick.lower()
        self.watched = None if watched is None else set(watched)
        self.unknown = set()   # nicks whose tracked hand lacks a card nobody watched named
        self.victim_steals = []  # (thief, victim, resource) from the victims' private lines
        self.hands = {}        # nick -> list of (resources, dev cards held)
        self.seen_hands = {}   # nick -> list of (resources, dev count, raw text)
        self.setup = True
        self.current = None
        self.turn = 0
        self.roll = None       # (turn, value)
        self.discard = {}      # nick -> count still owed
        self.robber = None     # nick who must move it
        self.robber_moved = 0
        self.prompts = []      # setup prompts: (kind, nick, road's vertex or None)
        self.winner = None
        self.lines = []        # every channel line from the bot, in order
        self.parts = []        # the same, each joined line cut into its events
        self.per_turn = {}     # "setup" or turn number: channel lines and what happened
        self.pending = []      # channel lines waiting for a private steal line
        self.steals = []       # (thief, victim, resource) from the thief's private lines
        self.victim_lines = []
        self.bought = {}       # nick -> list of card names, from private lines
        self.problems = []
        self.warnings = []
        self.timeouts = []
        # The board, from `!board text` and the build lines.
        self.terrain = {}      # hex index -> (resource index or None, token or 0)
        self.harbors = []      # (resource index or None for 3:1, edge)
        self.robber_hex = None
        self.buildings = {}    # vertex -> (nick, "settlement" | "city")
        self.roads = {}        # edge -> nick

    def seat(self, nick):
        self.hands.setdefault(nick, [(ZERO, 0)])
        self.seen_hands.setdefault(nick, [])

    def rename(self, old, new):
        for d in (self.hands, self.seen_hands, self.bought):
            if old in d:
                d[new] = d.pop(old)
        for attr in ("current", "robber"):
            if getattr(self, attr) == old:
                setattr(self, attr, new)
        for v, (who, kind) in list(self.buildings.items()):
            if who == old:
                self.buildings[v] = (new, kind)
        for e, who in list(self.roads.items()):
            if who == old:
                self.roads[e] = new

    def hand(self, nick):
        self.seat(nick)
        return self.hands[nick][-1]

    def change(self, nick, res=ZERO, sign=1, dev=0):
        r, d = self.hand(nick)
        r = add(r, res, sign)
        if min(r) < 0 and nick not in self.unknown:
            self.problems.append("%s: %s's hand went negative: %s" % (self.chan, nick, r))
        self.hands[nick].append((r, d + dev))

    # Channel lines from the bot, in the order the channel got them.
    def channel(self, text):
        self.lines.append(text)
        # Channel lines per turn: a line counts for the turn (or the setup) it began in; the
        # lobby before the first placement prompt is not counted.
        key = ("lobby" if not self.prompts else "setup") if self.setup else self.turn
        st = self.per_turn.setdefault(key, {"lines": 0, "seven": False, "trade": False,
                                            "placements": 0})
        # The events of one move come joined in one line; each part reads as a line alone.
        # Displays do not count: the board drawing (its lines, alone, hold runs of spaces)
        # and the board as lists.
        if "  " not in text and not re.match(r"^#\S+ (hexes|harbors|buildings): ", text):
            st["lines"] += 1
        for part in text.split(JOIN):
            self.parts.append(part)
            if nick_match(r"^NICK rolled 7 ", part):
                st["seven"] = True
            if nick_match(r"^NICK (offers|gives|trades) ", part):
                st["trade"] = True
            if key == "setup" and nick_match(r"^NICK built a settlement", part):
                st["placements"] += 1
            self._part(part)

    def line_counts(self):
        """Channel lines: (per setup placement, lines and turns for ordinary turns, turns with
        trades, turns with a 7), for averaging over games."""
        out = {"setup": [0, 0], "ordinary": [0, 0], "trade": [0, 0], "seven": [0, 0]}
        for key, st in self.per_turn.items():
            if key == "setup":
                out["setup"][0] += st["lines"]
                out["setup"][1] += st["placements"]
            elif key != "lobby" and key:
                kind = "seven" if st["seven"] else "trade" if st["trade"] else "ordinary"
                out[kind][0] += st["lines"]
                out[kind][1] += 1
        return out

    def _part(self, t):
        """Reads one event; returns whether it was one the tracker knows."""
        if self.pending:
            self.pending.append(t)
            return True
        return self._channel(t)

    def _board(self, t):
        m = re.match(r"^\S+ hexes: (.*)$", t)
        if m:
            for item in m.group(1).split(","):
                w = item.split()
                if len(w) >= 2 and w[0] in HEX_NAMES:
                    h = HEX_NAMES.index(w[0])
                    res = RES.index(w[1]) if w[1] in RES else None
                    token = int(w[2]) if len(w) > 2 and w[2].isdigit() else 0
                    self.terrain[h] = (res, token)
                    if w[-1] == "robber":
                        self.robber_hex = h
            return True
        m = re.match(r"^\S+ harbors: (.*)$", t)
        if m:
            for item in m.group(1).split(","):
                w = item.split()
                if len(w) == 2 and w[0] == "3:1":
                    self.harbors.append((None, edge_of(w[1])))
                elif len(w) == 3 and w[0] in RES:
                    self.harbors.append((RES.index(w[0]), edge_of(w[2])))
            return True
        return False

    def _channel(self, t):
        m = nick_match(r"^turn (\d+): (NICK) to roll", t)
        if m:
            self.setup = False
            self.turn, self.current = int(m.group(1)), m.group(2)
            return True
        m = nick_match(r"^(NICK): place (?:a|your first) settlement", t)
        if m:
            self.prompts.append(("settlement", m.group(1), None))
            return True
        m = nick_match(r"^(NICK): place a road from (\d+)", t)
        if m:
            self.prompts.append(("road", m.group(1), int(m.group(2))))
            return True
        m = nick_match(r"^(NICK) rolled (\d+) \(", t)
        if m:
            self.roll = (self.turn, int(m.group(2)))
            return True
        m = nick_match(r"^(NICK) receives (.+?)( for the second settlement)?$", t)
        if m:
            self.change(m.group(1), cards(m.group(2)))
            return True
        m = nick_match(r"^(NICK) built a (settlement|city) at (\d+)", t)
        if m:
            self.buildings[int(m.group(3))] = (m.group(1), m.group(2))
            if not self.setup:
                self.change(m.group(1), COST[m.group(2)], -1)
            return True
        m = nick_match(r"^(NICK) built a road at (\d+-\d+)", t)
        if m:
            self.roads[edge_of(m.group(2))] = m.group(1)
            if not self.setup:
                self.change(m.group(1), COST["road"], -1)
            return True
        m = nick_match(r"^(NICK) places a free road at (\d+-\d+)", t)
        if m:
            self.roads[edge_of(m.group(2))] = m.group(1)
            return True
        m = nick_match(r"^(NICK) bought a development card", t)
        if m:
            self.change(m.group(1), COST["dev"], -1, dev=1)
            return True
        m = nick_match(r"^(NICK) plays (a knight|road building|year of plenty|monopoly)", t)
        if m:
            self.change(m.group(1), dev=-1)
            return True
        m = nick_match(r"^(NICK) takes (.+) from the bank$", t)
        if m:
            self.change(m.group(1), cards(m.group(2)))
            return True
        m = nick_match(r"^(NICK) takes (\d+) (\w+) in all \(monopoly\)", t)
        if m:
            self.change(m.group(1), cards("%s %s" % (m.group(2), m.group(3))))
            return True
        m = nick_match(r"^(NICK) gives (.+) to (NICK) for (.+)$", t)
        if m:
            give, get = cards(m.group(2)), cards(m.group(4))
            self.change(m.group(1), add(get, give, -1))
            self.change(m.group(3), add(give, get, -1))
            return True
        m = nick_match(r"^(NICK) gives (\d+) (\w+) to (NICK)$", t)
        if m:
            self.change(m.group(1), cards("%s %s" % (m.group(2), m.group(3))), -1)
            return True
        m = nick_match(r"^(NICK) must discard (\d+) card", t)
        if m:
            self.discard[m.group(1)] = int(m.group(2))
            return True
        m = nick_match(r"^(NICK) discarded (.+)$", t)
        if m:
            self.discard.pop(m.group(1), None)
            self.change(m.group(1), cards(m.group(2)), -1)
            return True
        m = nick_match(r"^(NICK) must move the robber", t)
        if m:
            self.robber = m.group(1)
            return True
        m = nick_match(r"^(NICK) moved the robber to ([A-Z]+)", t)
        if m:
            self.robber = None
            self.robber_moved += 1
            if m.group(2) in HEX_NAMES:
                self.robber_hex = HEX_NAMES.index(m.group(2))
            return True
        m = nick_match(r"^(NICK) stole a card from (NICK)$", t)
        if m:
            self.pending.append(t)
            self._resolve()
            return True
        m = nick_match(r"^(NICK) trades (.+) with the bank for (.+)$", t)
        if m:
            self.change(m.group(1), add(cards(m.group(3)), cards(m.group(2)), -1))
            return True
        m = nick_match(r"^(NICK) wins with (\d+) victory points", t)
        if m:
            self.winner = (m.group(1), int(m.group(2)))
            return True
        m = nick_match(r"^(NICK): (\d+) seconds left for your move", t)
        if m:
            self.warnings.append(m.group(1))
            return True
        m = nick_match(r"^time is up for (NICK): the game acted", t)
        if m:
            self.timeouts.append(m.group(1))
            return True
        if self._board(t):
            return True
        if " hand: " in t or "stole 1 " in t or "you bought" in t:
            self.problems.append("%s: hidden information in the channel: %r" % (self.chan, t))
        return False

    def sees(self, nick):
        """Whether the tracker is given nick's private lines."""
        return self.watched is None or nick in self.watched

    def _stolen(self, thief, victim):
        """The card of a public steal: its name from the thief's private line, else from the
        victim's; None when neither is watched (the card stays unknown); False while the
        private line that names it has not come yet."""
        for who, lines in ((thief, self.steals), (victim, self.victim_steals)):
            if not self.sees(who):
                continue
            for i, (t, v, r) in enumerate(lines):
                if t == thief and v == victim:
                    del lines[i]
                    return r
            return False
        return None

    def _resolve(self):
        """Applies a public steal once a private line names the card."""
        while self.pending:
            m = nick_match(r"^(NICK) stole a card from (NICK)$", self.pending[0])
            thief, victim = m.group(1), m.group(2)
            r = self._stolen(thief, victim)
            if r is False:
                return
            self.pending.pop(0)
            if r is None:
                self.unknown.update((thief, victim))
            else:
                one = cards("1 " + r)
                self.change(thief, one)
                self.change(victim, one, -1)
            rest, self.pending = self.pending, []
            for t in rest:
                self._part(t)

    # Private lines from the bot to one player.
    def private(self, nick, text):
        if not text.startswith(self.chan + " "):
            return
        if JOIN + self.chan + " " in text:  # lines joined in one message: each read alone
            for part in text.split(JOIN):
                self.private(nick, part)
            return
        m = HAND_RE.match(text)
        if m:
            res = cards(m.group(2))
            dev = 0
            for part in m.group(4).split("|"):
                part = part.strip()
                if part.startswith(("dev:", "new:")):
                    dev += len(part.split(":", 1)[1].split(","))
            if sum(res) != int(m.group(3)):
                self.problems.append("%s: card count of %r" % (self.chan, text))
            self.seat(nick)
            self.seen_hands[nick].append((res, dev, text))
            return
        m = nick_match(r"^\S+ you stole 1 (\w+) from (NICK)$", text)
        if m:
            self.steals.append((nick, m.group(2), m.group(1)))
            self._resolve()
            return
        m = nick_match(r"^\S+ (NICK) stole 1 (\w+) from you$", text)
        if m:
            self.victim_lines.append((m.group(1), nick, m.group(2)))
            if not self.sees(m.group(1)):
                self.victim_steals.append((m.group(1), nick, m.group(2)))
                self._resolve()
            return
        m = re.match(r"^\S+ you bought a development card: (\w+)", text)
        if m:
            self.bought.setdefault(nick, []).append(m.group(1))

    def told(self, nick):
        """The last hand the bot sent nick: (resources, dev count)."""
        seen = self.seen_hands.get(nick)
        return (seen[-1][0], seen[-1][1]) if seen else (ZERO, 0)

    def verify_hands(self):
        """Every hand line matches a tracked state, in order; returns the number checked."""
        checked = 0
        for nick, seen in self.seen_hands.items():
            states = self.hands.get(nick, [(ZERO, 0)])
            j = 0
            for res, dev, text in seen:
                k = j
                while k < len(states) and states[k] != (res, dev):
                    k += 1
                if k == len(states):
                    self.problems.append("%s: %s got %r; tracked from state %d on: %s" % (
                        self.chan, nick, text, j, states[j:][:8]))
                    break
                j = k
                checked += 1
        if self.pending:
            self.problems.append("%s: steals never explained privately: %s" % (self.chan,
                                                                              self.pending))
        return checked

    # The board as the strategy sees it.
    def free_corner(self, v):
        """Nobody builds at v or next to it (the distance rule)."""
        return v not in self.buildings and not any(n in self.buildings for n in NEAR[v])

    def pips(self, v, nick=None):
        """Expected production at v per 36 rolls, ore and grain weighted up (cities)."""
        score = 0.0
        for h in HEXES_AT[v]:
            res, token = self.terrain.get(h, (None, 0))
            if res is None or not token or h == self.robber_hex:
                continue
            score += (6 - abs(7 - token)) * (1.4 if res in (3, 4) else 1.0)
        return score

    def rates(self, nick):
        out = [4] * 5
        mine = {v for v, (who, _) in self.buildings.items() if who == nick}
        for res, (a, b) in self.harbors:
            if a in mine or b in mine:
                for r in range(5):
                    if res is None or res == r:
                        out[r] = min(out[r], 3 if res is None else 2)
        return out

    def reach(self, nick):
        """Corners nick's roads or buildings touch."""
        out = {v for v, (who, _) in self.buildings.items() if who == nick}
        for (a, b), who in self.roads.items():
            if who == nick:
                out.update((a, b))
        return out

    def open_at(self, v, nick):
        """A road of nick's may continue through v (no other player's building there)."""
        b = self.buildings.get(v)
        return b is None or b[0] == nick


class Table:
    """One channel with its players, driven from one thread. Every wait reads the sockets."""

    BURST = 4          # commands a player sends back to back (the bot allows 5)
    REFILL = 1.15      # seconds per command after that (the bot allows one a second)

    def __init__(self, chan, players, bot_nick, seed=1, log=None):
        self.chan = chan
        self.players = list(players)
        self.bot = bot_nick
        self.tr = Tracker(chan, bot_nick)
        self.rng = random.Random(seed)
        self.tokens = {}
        self.sent = []          # (time, nick, text)
        self.replies = {}       # nick -> private non-hand lines (text, time)
        self.arrivals = {}      # nick -> arrival times of every private line
        self.hand_at = {}       # nick -> arrival time of the last hand line
        self.hand_lines = {}    # nick -> (resources, arrival time) of every hand line
        self.measures = []      # (nick, command sent, its private answer arrived, command)
        self.refused = []       # (nick, command, answer) for moves the bot refused
        self.log = log
        for p in self.players:
            self.tr.seat(p.nick)

    def by_nick(self, nick):
        for p in self.players:
            if p.nick.lower() == nick.lower():
                return p
        raise TestFailure("%s: no player %s" % (self.chan, nick))

    def note(self, text):
        if self.log:
            self.log.write("%.3f %s\n" % (time.time(), text))
            self.log.flush()

    def feed(self, client, m):
        """Hands one arrived line to the tracker."""
        if m.nick.lower() == self.bot.lower() and m.cmd in ("PRIVMSG", "NOTICE") and m.params:
            target, text = m.params[0], m.params[-1]
            if target.lower() == self.chan.lower():
                if client is self.players[0]:
                    self.note("< %s" % text)
                    self.tr.channel(text)
                if " hand: " in text:
                    self.tr.problems.append("hand line in %s: %r" % (self.chan, text))
            elif target.lower() == client.nick.lower():
                self.note("< [%s] %s" % (client.nick, text))
                self.arrivals.setdefault(client.nick, []).append(m.time)
                self.tr.private(client.nick, text)
                if HAND_RE.match(text):
                    self.hand_at[client.nick] = m.time
                    self.hand_lines.setdefault(client.nick, []).append(
                        (self.tr.seen_hands[client.nick][-1][0], m.time))
                elif not INFO_RE.match(text):
                    self.replies.setdefault(client.nick, []).append((text, m.time))
        elif m.cmd == "NICK" and client is self.players[0]:
            new = m.params[-1]
            for p in self.players:
                if p.nick == m.nick:
                    p.nick = new
            self.tr.rename(m.nick, new)

    def pump(self, timeout):
        socks = {p.sock: p for p in self.players if not p.closed}
        if not socks:
            time.sleep(max(0, timeout))
            return
        r, _, _ = select.select(list(socks), [], [], max(0, timeout))
        for s in r:
            p = socks[s]
            before = len(p.seen)
            p.pump(0)
            for m in p.seen[before:]:
                self.feed(p, m)

    def sleep(self, seconds):
        deadline = time.time() + seconds
        while time.time() < deadline:
            self.pump(deadline - time.time())

    def wait(self, cond, timeout, what):
        deadline = time.time() + timeout
        while not cond():
            left = deadline - time.time()
            if left <= 0:
                raise TestFailure("%s: no %s within %ss (last lines: %s)" % (
                    self.chan, what, timeout, self.tr.lines[-6:]))
            self.pump(min(left, 0.2))

    def quiet(self, gap=0.4, limit=4.0):
        """Reads until no channel line arrived for gap seconds (at most limit)."""
        end = time.time() + limit
        n = len(self.tr.lines)
        last = time.time()
        while time.time() < end and time.time() - last < gap:
            self.pump(0.05)
            if len(self.tr.lines) != n:
                n, last = len(self.tr.lines), time.time()

    def say(self, player, text, where=None):
        """Sends one command, keeping under the bot's per-user rate limit; returns when."""
        now = time.time()
        tok, at = self.tokens.get(id(player), (self.BURST, now))
        tok = min(self.BURST, tok + (now - at) / self.REFILL)
        if tok < 1:
            self.sleep((1 - tok) * self.REFILL)
            now = time.time()
            tok = 1
        self.tokens[id(player)] = (tok - 1, now)
        if isinstance(text, str):
            text = text.encode()
        self.sent.append((now, player.nick, text))
        self.note("> %s: %r" % (player.nick, text))
        player.send(b"PRIVMSG " + (where or self.chan).encode() + b" :" + text)
        return now

    def reply(self, player, pred, timeout=20, what="reply"):
        """The first private non-hand line to player (since the last call) matching pred."""
        deadline = time.time() + timeout
        while True:
            got = self.replies.get(player.nick, [])
            for i, (text, t) in enumerate(got):
                if pred(text):
                    del got[: i + 1]
                    return text, t
            if time.time() > deadline:
                raise TestFailure("%s: %s got no %s within %ss (%s)" % (
                    self.chan, player.nick, what, timeout, got[-4:]))
            self.pump(0.2)

    def any_reply(self, player, timeout=20, what="private reply"):
        return self.reply(player, lambda t: True, timeout, what)

    def status_of(self, who):
        """The first line of the answer to who's !status (in the channel, or privately when
        asked again soon); "" once the game has a winner."""
        n = len(self.tr.lines)
        self.clear_replies(who)
        self.say(who, "!status")
        deadline = time.time() + 20
        while time.time() < deadline:
            for t in self.tr.lines[n:] + [r for r, _ in self.replies.get(who.nick, [])]:
                if STATUS_RE.match(t):
                    return t
            if self.tr.winner:
                return ""
            self.pump(0.2)
        raise TestFailure("no answer to !status (last lines %s)" % self.tr.lines[-6:])

    def clear_replies(self, player):
        self.replies[player.nick] = []

    def spots(self, player):
        self.clear_replies(player)
        t0 = self.say(player, "!spots")
        text, t1 = self.reply(player, lambda t: SPOTS_RE.match(t) is not None, 40, "spots")
        self.measures.append((player.nick, t0, t1, "!spots"))
        kinds = {}
        for part in SPOTS_RE.match(text).group(2).split("|"):
            words = part.split()
            if words and words[0] in ("settlement", "road", "city"):
                kinds[words[0]] = words[1:]
        return kinds, t0, t1

    def real_hand(self, player):
        """The bot's answer to !hand (resources tuple)."""
        n = len(self.tr.seen_hands.get(player.nick, []))
        self.say(player, "!hand")
        self.wait(lambda: len(self.tr.seen_hands.get(player.nick, [])) > n, 20, "hand line")
        return self.tr.seen_hands[player.nick][-1][0]

    def act(self, player, text, done, timeout=20, what="answer"):
        """Sends a move and waits until done() or a private reply other than a hand line (a
        refusal). Returns True when done, False (and notes the refusal) otherwise."""
        self.clear_replies(player)
        t0 = self.say(player, text)
        self.wait(lambda: done() or self.replies.get(player.nick) or self.tr.winner, timeout,
                  "%s to %r" % (what, text))
        if done():
            return t0
        if not self.tr.winner:
            answer = self.replies[player.nick][0][0]
            self.refused.append((player.nick, text, answer))
            self.note("! refused %s %r: %s" % (player.nick, text, answer))
        return None

    # The game itself.
    def open_lobby(self):
        """!new: the bot draws the game's seed from its own generator now, so with
        BRICKWOOD_SEED set, lobbies opened in a fixed order get the same games every run."""
        self.say(self.players[0], "!new")
        self.wait(lambda: any("opened a lobby" in l for l in self.tr.lines), 20, "lobby")

    def start(self, board=True):
        first = self.players[0]
        if not any("opened a lobby" in l for l in self.tr.lines):
            self.open_lobby()
        for p in self.players[1:]:
            self.say(p, "!join")
        self.wait(lambda: any("joined (%d seated" % len(self.players) in l for l in self.tr.lines),
                  20, "everyone seated")
        self.say(first, "!start")
        self.wait(lambda: self.tr.prompts, 60, "first setup prompt")  # after the drawing
        if board:
            self.say(first, "!board text")
            self.wait(lambda: len(self.tr.terrain) == len(CORNERS) and self.tr.harbors, 30,
                      "the board as text")

    def setup(self, timeout=120):
        """Places every setup piece: the corner that produces most (the board text), else one of
        the bot's spots at random."""
        done = 0
        deadline = time.time() + timeout
        while self.tr.setup:
            check(time.time() < deadline, "%s: setup within %ss" % (self.chan, timeout))
            if done >= len(self.tr.prompts):
                self.pump(0.2)
                continue
            kind, nick, at = self.tr.prompts[done]
            done += 1
            p = self.by_nick(nick)
            choice = self.setup_choice(kind, nick, at)
            if choice is None:
                s, _, _ = self.spots(p)
                check(s.get(kind), "%s: %s has a %s spot in setup" % (self.chan, nick, kind))
                choice = self.rng.choice(s[kind])
            self.say(p, "!build %s %s" % (kind, choice))
            if kind == "road" and done == 2 * 2 * len(self.players):
                break
            self.wait(lambda: len(self.tr.prompts) > done or not self.tr.setup, 20,
                      "next setup step")

    def setup_choice(self, kind, nick, at):
        tr = self.tr
        if len(tr.terrain) != len(CORNERS):
            return None
        if kind == "settlement":
            free = [v for v in NEAR if tr.free_corner(v)]
            if not free:
                return None
            return str(max(free, key=lambda v: (tr.pips(v), self.rng.random())))
        if at is None:
            return None
        ends = [n for n in NEAR[at] if (min(at, n), max(at, n)) not in tr.roads]
        if not ends:
            return None
        # Towards the best free corner two steps away.
        best = lambda n: max([tr.pips(w) for w in NEAR[n] if w != at and tr.free_corner(w)]
                             or [0])
        return "%d-%d" % (at, max(ends, key=lambda n: (best(n), self.rng.random())))

    def discard_for(self, nick):
        """Discards the cards it needs least, from the tracked hand (a 7 produces nothing, so
        the hand is known when the bot asks)."""
        p = self.by_nick(nick)
        need = self.tr.discard.get(nick, 0)
        hand = list(self.tr.hand(nick)[0])
        if sum(hand) < 2 * need:
            hand = list(self.real_hand(p))
        give = [0] * 5
        keep = COST["city"]
        for _ in range(need):
            i = max(range(5), key=lambda k: (hand[k] - keep[k], hand[k]))
            hand[i] -= 1
            give[i] += 1
        self.say(p, "!discard " + cards_text(give))

    def robber_choices(self, nick):
        """(hex, victim or None) in order of preference: hurt an opponent who has cards, never
        block oneself."""
        tr = self.tr
        out = []
        for h, cs in enumerate(CORNERS):
            if h == tr.robber_hex:
                continue
            owners = {tr.buildings[v][0] for v in cs if v in tr.buildings}
            if nick in owners:
                continue
            rich = [o for o in owners if sum(tr.hand(o)[0]) > 0]
            res, token = tr.terrain.get(h, (None, 0))
            value = (6 - abs(7 - token)) if token else 0
            if rich:
                victim = max(rich, key=lambda o: sum(tr.hand(o)[0]))
                out.append((2, value, h, victim))
            elif not owners:
                out.append((1, -value, h, None))
            else:
                out.append((0, 0, h, None))
        out.sort(key=lambda x: (x[0], x[1]), reverse=True)
        return [(HEX_NAMES[h], v) for _, _, h, v in out]

    def move_robber(self, nick, hexes="ABCDEFGHIJKLMNOPQRS"):
        p = self.by_nick(nick)
        moved = self.tr.robber_moved
        tries = self.robber_choices(nick) if self.tr.terrain else []
        tries += [(h, None) for h in self.rng.sample(hexes, len(hexes))]
        # Computer players too, after the people; a command names them without " (bot)".
        others = [q.nick for q in self.players if q.nick != nick]
        others += [o for o in self.tr.hands if o != nick and o not in others]
        for h, victim in tries[:8]:
            text = "!robber %s %s" % (h, typed(victim)) if victim else "!robber %s" % h
            if self.act(p, text, lambda: self.tr.robber_moved != moved, 10, "robber answer"):
                return
            if self.tr.winner:
                return
            if "name whom" in self.refused[-1][2]:
                for o in others:
                    if self.act(p, "!robber %s %s" % (h, typed(o)),
                                lambda: self.tr.robber_moved != moved, 10, "robber answer"):
                        return
        raise TestFailure("%s: %s could not move the robber (%s)" % (self.chan, nick,
                                                                     self.refused[-3:]))

    def after_seven(self, nick, hoard=False):
        deadline = time.time() + 60
        handled = set()
        while self.tr.robber != nick:
            check(time.time() < deadline, "%s: robber step after a 7" % self.chan)
            for who in list(self.tr.discard):
                if who not in handled:
                    handled.add(who)
                    self.discard_for(who)
            self.pump(0.2)
        self.move_robber(nick)

    def road_towards(self, nick):
        """The edge to build next towards a free corner, or None: breadth-first over edges that
        nobody owns, from the corners nick reaches, to the nearest corner where a settlement
        may stand; ties go to the richer corner."""
        tr = self.tr
        start = [v for v in tr.reach(nick) if tr.open_at(v, nick)]
        first = {v: None for v in start}
        frontier = list(start)
        for _ in range(3):
            found, nxt = [], []
            for v in frontier:
                for n in NEAR[v]:
                    e = (min(v, n), max(v, n))
                    if n in first or e in tr.roads:
                        continue
                    first[n] = first[v] or e
                    if tr.free_corner(n):
                        found.append(n)
                    if tr.open_at(n, nick):
                        nxt.append(n)
            if found:
                best = max(found, key=lambda n: (tr.pips(n), self.rng.random()))
                return first[best]
            frontier = nxt
        return None

    def settlement_spot(self, nick):
        tr = self.tr
        spots = [v for v in tr.reach(nick) if v not in tr.buildings and tr.free_corner(v)
                 and any(tr.roads.get((min(v, n), max(v, n))) == nick for n in NEAR[v])]
        return max(spots, key=tr.pips) if spots else None

    def bank_trade(self, p, hand, goal):
        """One maritime trade at the best rate towards goal; the text, or None."""
        rates = self.tr.rates(p.nick)
        missing = [i for i in range(5) if hand[i] < goal[i]]
        spare = [i for i in range(5) if hand[i] - goal[i] >= rates[i]]
        if not missing or not spare:
            return None
        give = [0] * 5
        i = max(spare, key=lambda k: (hand[k] - goal[k]) / rates[k])
        give[i] = rates[i]
        get = [0] * 5
        get[max(missing, key=lambda k: goal[k] - hand[k])] = 1
        return "!bank %s for %s" % (cards_text(give), cards_text(get))

    def next_move(self, p, hand):
        """The move to make with this hand, or None to end the turn."""
        tr = self.tr
        mine = [v for v, (who, kind) in tr.buildings.items() if who == p.nick]
        settlements = [v for v in mine if tr.buildings[v][1] == "settlement"]
        if settlements and covers(hand, COST["city"]):
            return "!city %d" % max(settlements, key=tr.pips)
        spot = self.settlement_spot(p.nick)
        if spot and covers(hand, COST["settlement"]):
            return "!settle %d" % spot
        road = None if spot else self.road_towards(p.nick)
        # A road when its wood and brick are not what the next city needs anyway.
        if road and covers(hand, COST["road"]):
            return "!road %d-%d" % road
        goals = []
        if settlements:
            goals.append(COST["city"])
        if spot:
            goals.append(COST["settlement"])
        for goal in sorted(goals, key=lambda g: sum(max(0, g[i] - hand[i]) for i in range(5))):
            text = self.bank_trade(p, hand, goal)
            if text:
                return text
        return None

    def current_hand(self, p, since):
        """p's hand now. A hand line that arrived after `since` (p's roll) is current: lines to
        the player whose move it is go first. An older one may have been overtaken by a newer
        one still queued, so it counts once the tracked hand agrees with it."""
        if self.hand_at.get(p.nick, 0) < since:
            try:
                self.wait(lambda: self.tr.told(p.nick)[0] == self.tr.hand(p.nick)[0] or
                          self.hand_at.get(p.nick, 0) >= since or self.tr.winner, 15,
                          "%s's hand line and tracked hand to agree" % p.nick)
            except TestFailure:
                self.note("! %s: told %s, tracked %s" % (p.nick, self.tr.told(p.nick),
                                                         self.tr.hand(p.nick)))
        return self.tr.told(p.nick)[0]

    def check_spots(self, p):
        """The bot's spots agree with the tracked board: cities only on p's settlements, new
        settlements only on free corners that p's roads reach."""
        s, _, _ = self.spots(p)
        tr = self.tr
        for v in s.get("city", []):
            if tr.buildings.get(int(v)) != (p.nick, "settlement"):
                tr.problems.append("%s: city spot %s for %s is no settlement of theirs" % (
                    self.chan, v, p.nick))
        for v in s.get("settlement", []):
            if not tr.free_corner(int(v)) or int(v) not in tr.reach(p.nick):
                tr.problems.append("%s: settlement spot %s for %s: not free or not reached" % (
                    self.chan, v, p.nick))
        for e in s.get("road", []):
            a, b = edge_of(e)
            if (a, b) in tr.roads or not ({a, b} & tr.reach(p.nick)):
                tr.problems.append("%s: road spot %s for %s: taken or not reached" % (
                    self.chan, e, p.nick))

    @staticmethod
    def after_move(hand, move):
        """The hand after a build or a bank trade."""
        w = move.split()
        if w[0] == "!bank":
            k = w.index("for")
            return add(add(hand, cards(", ".join(" ".join(w[i:i + 2]) for i in
                                                  range(k + 1, len(w), 2)))),
                       cards(", ".join(" ".join(w[i:i + 2]) for i in range(1, k, 2))), -1)
        kind = {"!city": "city", "!settle": "settlement", "!road": "road"}[w[0]]
        return add(hand, COST[kind], -1)

    def build_phase(self, p, measure=None, hoard=False, since=0):
        """Builds and trades until nothing more helps; at most eight moves a turn. First asks
        for !spots: a reply to the current player for the pacing check, and a check of the
        board as tracked."""
        if not hoard and not self.tr.winner:
            self.check_spots(p)
        tried = set()
        for _ in range(8):
            if hoard or self.tr.winner:
                return
            hand = self.current_hand(p, since)
            move = self.next_move(p, hand)
            if not move or move in tried:
                return
            tried.add(move)
            after = self.after_move(hand, move)
            n = len(self.hand_lines.get(p.nick, []))
            answer = lambda: next((t for r, t in self.hand_lines.get(p.nick, [])[n:]
                                   if r == after), None)
            t0 = self.act(p, move, lambda: answer() is not None)
            if t0 is None:
                return
            # A reply to the player whose move it is: the pacing check's sample.
            self.measures.append((p.nick, t0, answer(), move))
            if move.startswith(("!city", "!settle", "!road")):
                # The build line itself, so that the board is known for the next move.
                kind = move.split()[0][1:]
                at = move.split()[1]
                self.wait(lambda: self.tr.winner or any(
                    l.startswith("%s built a %s at %s" % (p.nick, "settlement" if kind ==
                                                          "settle" else kind, at))
                    for l in self.tr.lines[-12:]), 30, "build line for " + move)

    def play_turn(self, measure=None, hoard=False):
        self.wait(lambda: self.tr.current or self.tr.winner, 30, "the first turn")
        if self.tr.winner:
            return
        turn, nick = self.tr.turn, self.tr.current
        p = self.by_nick(nick)
        t0 = self.say(p, "!roll")
        self.wait(lambda: self.tr.roll and self.tr.roll[0] == turn or self.tr.winner, 30,
                  "roll of turn %d" % turn)
        if self.tr.winner:
            return
        if self.tr.roll[1] == 7:
            self.after_seven(nick)
        if not self.tr.winner:
            self.build_phase(p, measure, hoard, since=t0)
        if not self.tr.winner:
            self.say(p, "!end")
            self.wait(lambda: self.tr.turn != turn or self.tr.winner, 30, "turn after %d" % turn)

    def play(self, max_turns=200, timeout=300, measure=None):
        deadline = time.time() + timeout
        for _ in range(max_turns):
            if self.tr.winner:
                if measure is not None:
                    measure.extend(self.measures)
                return self.tr.winner
            check(time.time() < deadline, "%s: a winner within %ss (turn %d, last lines %s)" % (
                self.chan, timeout, self.tr.turn, self.tr.lines[-8:]))
            self.play_turn(measure)
        raise TestFailure("%s: no winner within %d turns" % (self.chan, max_turns))
