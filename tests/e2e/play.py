"""Scripted players for the end-to-end tests: a table (one channel, its player clients), a
tracker that follows every player's hand from the channel and private lines, and a simple
strategy that plays a game to its end (settlements and cities whenever it can).

The tracker keeps each player's hand as a list of states; every `hand:` line a player receives
must equal one of them, in order (the bot replaces an outdated hand still queued, so states may
be skipped, and a hand line may arrive before the channel line that explains it)."""

import random
import re
import select
import time

from harness import TestFailure, check

RES = ["wood", "brick", "wool", "grain", "ore"]
COST = {"road": (1, 1, 0, 0, 0), "settlement": (1, 1, 1, 1, 0), "city": (0, 0, 0, 2, 3),
        "dev": (0, 0, 1, 1, 1)}
HAND_RE = re.compile(r"^(#\S+) hand: (.*?)\s*\((\d+) cards?\)(.*)$")
SPOTS_RE = re.compile(r"^(#\S+) spots: (.*)$")
ZERO = (0, 0, 0, 0, 0)


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


def cards_text(t):
    return " ".join("%d %s" % (n, RES[i]) for i, n in enumerate(t) if n)


class Tracker:
    """Follows one channel's game from the lines its players receive."""

    def __init__(self, chan, bot_nick):
        self.chan = chan
        self.bot = bot_nick.lower()
        self.hands = {}        # nick -> list of (resources, dev cards held)
        self.seen_hands = {}   # nick -> list of (resources, dev count, raw text)
        self.setup = True
        self.current = None
        self.turn = 0
        self.roll = None       # (turn, value)
        self.discard = {}      # nick -> count still owed
        self.robber = None     # nick who must move it
        self.robber_moved = 0
        self.prompts = []      # setup prompts: (kind, nick)
        self.winner = None
        self.lines = []        # every channel line from the bot, in order
        self.pending = []      # channel lines waiting for a private steal line
        self.steals = []       # (thief, victim, resource) from the thief's private lines
        self.victim_lines = []
        self.bought = {}       # nick -> list of card names, from private lines
        self.problems = []
        self.warnings = []
        self.timeouts = []

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

    def hand(self, nick):
        self.seat(nick)
        return self.hands[nick][-1]

    def change(self, nick, res=ZERO, sign=1, dev=0):
        r, d = self.hand(nick)
        r = add(r, res, sign)
        if min(r) < 0:
            self.problems.append("%s: %s's hand went negative: %s" % (self.chan, nick, r))
        self.hands[nick].append((r, d + dev))

    # Channel lines from the bot, in the order the channel got them.
    def channel(self, text):
        if self.pending:
            self.pending.append(text)
            return
        self.lines.append(text)
        self._channel(text)

    def _channel(self, t):
        m = re.match(r"^turn (\d+): (\S+) to roll", t)
        if m:
            self.setup = False
            self.turn, self.current = int(m.group(1)), m.group(2)
            return
        m = re.match(r"^(\S+): place (?:a|your first) settlement", t)
        if m:
            self.prompts.append(("settlement", m.group(1)))
            return
        m = re.match(r"^(\S+): place a road from (\d+)", t)
        if m:
            self.prompts.append(("road", m.group(1)))
            return
        m = re.match(r"^(\S+) rolled (\d+) \(", t)
        if m:
            self.roll = (self.turn, int(m.group(2)))
            return
        m = re.match(r"^(\S+) receives (.+?)( for the second settlement)?$", t)
        if m:
            self.change(m.group(1), cards(m.group(2)))
            return
        m = re.match(r"^(\S+) built a (settlement|city|road) at ", t)
        if m:
            if not self.setup:
                self.change(m.group(1), COST[m.group(2)], -1)
            return
        m = re.match(r"^(\S+) bought a development card", t)
        if m:
            self.change(m.group(1), COST["dev"], -1, dev=1)
            return
        m = re.match(r"^(\S+) plays (a knight|road building|year of plenty|monopoly)", t)
        if m:
            self.change(m.group(1), dev=-1)
            return
        m = re.match(r"^(\S+) takes (.+) from the bank$", t)
        if m:
            self.change(m.group(1), cards(m.group(2)))
            return
        m = re.match(r"^(\S+) takes (\d+) (\w+) in all \(monopoly\)", t)
        if m:
            self.change(m.group(1), cards("%s %s" % (m.group(2), m.group(3))))
            return
        m = re.match(r"^(\S+) gives (.+) to (\S+) for (.+)$", t)
        if m:
            give, get = cards(m.group(2)), cards(m.group(4))
            self.change(m.group(1), add(get, give, -1))
            self.change(m.group(3), add(give, get, -1))
            return
        m = re.match(r"^(\S+) gives (\d+) (\w+) to (\S+)$", t)
        if m:
            self.change(m.group(1), cards("%s %s" % (m.group(2), m.group(3))), -1)
            return
        m = re.match(r"^(\S+) must discard (\d+) card", t)
        if m:
            self.discard[m.group(1)] = int(m.group(2))
            return
        m = re.match(r"^(\S+) discarded (.+)$", t)
        if m:
            self.discard.pop(m.group(1), None)
            self.change(m.group(1), cards(m.group(2)), -1)
            return
        m = re.match(r"^(\S+) must move the robber", t)
        if m:
            self.robber = m.group(1)
            return
        if re.match(r"^(\S+) moved the robber to ", t):
            self.robber = None
            self.robber_moved += 1
            return
        m = re.match(r"^(\S+) stole a card from (\S+)$", t)
        if m:
            self.pending.append(t)
            self._resolve()
            return
        m = re.match(r"^(\S+) trades (.+) with the bank for (.+)$", t)
        if m:
            self.change(m.group(1), add(cards(m.group(3)), cards(m.group(2)), -1))
            return
        m = re.match(r"^(\S+) wins with (\d+) victory points", t)
        if m:
            self.winner = (m.group(1), int(m.group(2)))
            return
        m = re.match(r"^(\S+): (\d+) seconds left for your move", t)
        if m:
            self.warnings.append(m.group(1))
            return
        m = re.match(r"^time is up for (\S+): the game acted", t)
        if m:
            self.timeouts.append(m.group(1))
            return
        if " hand: " in t or "stole 1 " in t or "you bought" in t:
            self.problems.append("%s: hidden information in the channel: %r" % (self.chan, t))

    def _resolve(self):
        """Applies a public steal once the thief's private line names the card."""
        while self.pending:
            m = re.match(r"^(\S+) stole a card from (\S+)$", self.pending[0])
            for i, (thief, victim, r) in enumerate(self.steals):
                if thief == m.group(1) and victim == m.group(2):
                    del self.steals[i]
                    self.pending.pop(0)
                    one = cards("1 " + r)
                    self.change(thief, one)
                    self.change(victim, one, -1)
                    break
            else:
                return
            rest, self.pending = self.pending, []
            for t in rest:
                self.channel(t)

    # Private lines from the bot to one player.
    def private(self, nick, text):
        if not text.startswith(self.chan + " "):
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
        m = re.match(r"^\S+ you stole 1 (\w+) from (\S+)$", text)
        if m:
            self.steals.append((nick, m.group(2), m.group(1)))
            self._resolve()
            return
        m = re.match(r"^\S+ (\S+) stole 1 (\w+) from you$", text)
        if m:
            self.victim_lines.append((m.group(1), nick, m.group(2)))
            return
        m = re.match(r"^\S+ you bought a development card: (\w+)", text)
        if m:
            self.bought.setdefault(nick, []).append(m.group(1))

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
        self.log = log
        for p in self.players:
            self.tr.seat(p.nick)

    def by_nick(self, nick):
        for p in self.players:
            if p.nick.lower() == nick.lower():
                return p
        raise TestFailure("%s: no player %s" % (self.chan, nick))

    def feed(self, client, m):
        """Hands one arrived line to the tracker."""
        if m.nick.lower() == self.bot.lower() and m.cmd in ("PRIVMSG", "NOTICE") and m.params:
            target, text = m.params[0], m.params[-1]
            if target.lower() == self.chan.lower():
                if client is self.players[0]:
                    self.tr.channel(text)
                if " hand: " in text:
                    self.tr.problems.append("hand line in %s: %r" % (self.chan, text))
            elif target.lower() == client.nick.lower():
                self.tr.private(client.nick, text)
                if not HAND_RE.match(text):
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
        """Sends one command, keeping under the bot's per-user rate limit."""
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
        player.send(b"PRIVMSG " + (where or self.chan).encode() + b" :" + text)

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

    def clear_replies(self, player):
        self.replies[player.nick] = []

    def spots(self, player):
        self.clear_replies(player)
        t0 = time.time()
        self.say(player, "!spots")
        text, t1 = self.reply(player, lambda t: SPOTS_RE.match(t) is not None, 40, "spots")
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

    # The game itself.
    def start(self):
        first = self.players[0]
        self.say(first, "!new")
        self.wait(lambda: any("opened a lobby" in l for l in self.tr.lines), 20, "lobby")
        for p in self.players[1:]:
            self.say(p, "!join")
        self.wait(lambda: any("joined (%d seated" % len(self.players) in l for l in self.tr.lines),
                  20, "everyone seated")
        self.say(first, "!start")
        self.wait(lambda: self.tr.prompts, 20, "first setup prompt")

    def setup(self, timeout=120):
        done = 0
        deadline = time.time() + timeout
        while self.tr.setup:
            check(time.time() < deadline, "%s: setup within %ss" % (self.chan, timeout))
            if done >= len(self.tr.prompts):
                self.pump(0.2)
                continue
            kind, nick = self.tr.prompts[done]
            done += 1
            p = self.by_nick(nick)
            s, _, _ = self.spots(p)
            check(s.get(kind), "%s: %s has a %s spot in setup" % (self.chan, nick, kind))
            self.say(p, "!build %s %s" % (kind, self.rng.choice(s[kind])))
            if kind == "road" and done == 2 * 2 * len(self.players):
                break
            self.wait(lambda: len(self.tr.prompts) > done or not self.tr.setup, 20,
                      "next setup step")

    def discard_for(self, nick):
        p = self.by_nick(nick)
        need = self.tr.discard.get(nick, 0)
        hand = list(self.real_hand(p))
        give = [0] * 5
        for _ in range(need):
            i = max(range(5), key=lambda k: hand[k])
            hand[i] -= 1
            give[i] += 1
        self.say(p, "!discard " + cards_text(give))

    def move_robber(self, nick, hexes="ABCDEFGHIJKLMNOPQRS"):
        p = self.by_nick(nick)
        others = [q.nick for q in self.players if q.nick != nick]
        moved = self.tr.robber_moved
        for attempt in range(8):
            h = self.rng.choice(hexes)
            self.clear_replies(p)
            self.say(p, "!robber %s" % h)
            end = time.time() + 10
            while time.time() < end and self.tr.robber_moved == moved:
                if self.replies.get(p.nick):
                    break
                self.pump(0.1)
            if self.tr.robber_moved != moved:
                return
            text = self.replies[p.nick][0][0] if self.replies.get(p.nick) else ""
            if "name whom" in text:
                for o in others:
                    self.clear_replies(p)
                    self.say(p, "!robber %s %s" % (h, o))
                    self.wait(lambda: self.tr.robber_moved != moved or self.replies.get(p.nick),
                              10, "robber answer")
                    if self.tr.robber_moved != moved:
                        return
        raise TestFailure("%s: %s could not move the robber" % (self.chan, nick))

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

    def build_phase(self, p, measure=None, hoard=False):
        """Cities first (no road needed), then settlements; 4:1 with the bank towards a city."""
        for _ in range(3):
            if hoard or self.tr.winner:
                return
            res, _ = self.tr.hand(p.nick)
            can = [k for k in ("city", "settlement", "road")
                   if all(a >= b for a, b in zip(res, COST[k]))]
            if not can or can == ["road"] and sum(res) < 7:
                if not self.trade_with_bank(p, res):
                    return
                continue
            s, t0, t1 = self.spots(p)
            if measure is not None:
                measure.append((p.nick, t0, t1))
            kind = next((k for k in can if s.get(k)), None)
            if kind == "road" and s.get("settlement"):
                kind = None
            if not kind:
                return
            self.say(p, "!build %s %s" % (kind, self.rng.choice(s[kind])))
            self.quiet(0.25, 2)

    def trade_with_bank(self, p, res):
        """Gives 4 of a resource the next city does not need for one that it lacks."""
        need = lambda c: sum(max(0, c[i] - res[i]) for i in range(5))
        want = min((COST["city"], COST["settlement"]), key=need)
        missing = [i for i in range(5) if res[i] < want[i]]
        spare = [i for i in range(5) if res[i] - want[i] >= 4]
        if not missing or not spare:
            return False
        give = [0] * 5
        give[spare[0]] = 4
        get = [0] * 5
        get[missing[0]] = 1
        n = len(self.tr.lines)
        self.clear_replies(p)
        self.say(p, "!bank %s for %s" % (cards_text(give), cards_text(get)))
        self.wait(lambda: len(self.tr.lines) > n or self.replies.get(p.nick), 10, "bank answer")
        self.quiet(0.2, 1)
        return not self.replies.get(p.nick)

    def play_turn(self, measure=None, hoard=False):
        self.wait(lambda: self.tr.current or self.tr.winner, 20, "the first turn")
        if self.tr.winner:
            return
        turn, nick = self.tr.turn, self.tr.current
        p = self.by_nick(nick)
        self.say(p, "!roll")
        self.wait(lambda: self.tr.roll and self.tr.roll[0] == turn or self.tr.winner, 20,
                  "roll of turn %d" % turn)
        if self.tr.roll[1] == 7:
            self.after_seven(nick)
        self.quiet(0.3, 3)
        if not self.tr.winner:
            self.build_phase(p, measure, hoard)
        if not self.tr.winner:
            self.say(p, "!end")
            self.wait(lambda: self.tr.turn != turn or self.tr.winner, 20, "turn after %d" % turn)

    def play(self, max_turns=200, timeout=300, measure=None):
        deadline = time.time() + timeout
        for _ in range(max_turns):
            if self.tr.winner:
                return self.tr.winner
            check(time.time() < deadline, "%s: a winner within %ss (turn %d, last lines %s)" % (
                self.chan, timeout, self.tr.turn, self.tr.lines[-8:]))
            self.play_turn(measure)
        raise TestFailure("%s: no winner within %d turns" % (self.chan, max_turns))
