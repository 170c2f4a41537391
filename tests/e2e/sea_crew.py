"""Scripted people on a Seafarers map, for the end-to-end tests: a Table whose people (one or
several; the other seats may be computer players) play every move from what the bot tells them
and from SPEC.md's fixed forms only, never from a geometry of their own: `!spots` for where to
build, the hand line for what they hold, `rolled N`, the setup and turn lines of the channel,
and the first line of `!status` when the channel falls quiet (what the game waits for: a
discard, a gold choice, the robber or the pirate).

On a person's turn: roll, then at most a few moves, each from a fresh `!spots`: a city, a
settlement (beside their own ship first: that is how islands are reached), a ship or a road
(ships and roads by turns, each extending the piece built last, so that a route goes out
instead of round), a development card, else one bank trade towards a city or settlement (4:1,
a better rate learnt from a refusal); then `!end`. Offers to them are rejected."""

import argparse
import random
import re
import shutil
import time

from harness import Bot, Client, Ngircd, TestFailure, Workdir, bot_config, check, join_all
from play import (COST, HAND_RE, RES, SPOTS_RE, STATUS_RE, Table, Tracker, nick_match,
                  typed)

BOT = "brickwood"

SHIP = (1, 0, 1, 0, 0)
COSTS = {"city": COST["city"], "settlement": COST["settlement"], "ship": SHIP,
         "road": COST["road"], "dev": COST["dev"]}
OFFER_RE = r"^(NICK) offers (.+?) for (.+?) to (.+?) \(offer (\d+)\)(?: \(\S+trade accept .*\))?$"
ISLAND_RE = r"^(NICK) settled a new island: \+(\d+) points?$"
# Seconds without a new channel line after which a person asks !status what the game awaits.
QUIET_S = 1.5


def covers(hand, cost):
    return all(h >= c for h, c in zip(hand, cost))


def edge_ends(text):
    return tuple(int(x) for x in text.split("-"))


class Crew(Table):
    """people: their clients (players[0] reads the channel for everyone)."""

    BURST = 4
    REFILL = 1.1

    def __init__(self, chan, people, bot_nick, seed=1, log=None, lean=False):
        super().__init__(chan, people, bot_nick, seed=seed, log=log)
        # lean: a turn of few commands (one build at most, no bank trade, no card), for a
        # person among computer players, whose offers take her commands too.
        self.lean = lean
        self.people = {p.nick: p for p in people}
        self.tr = Tracker(chan, bot_nick, watched=list(self.people))
        for n in self.people:
            self.tr.seat(n)
        self.rng = random.Random(seed)
        self.seats = list(self.people)
        self.land, self.sea = [], []
        self.did = {k: 0 for k in ("setup", "roll", "city", "settlement", "ship", "road", "dev",
                                   "bank", "robber", "pirate", "discard", "gold", "status",
                                   "end", "reject", "knight", "plenty", "roads")}
        self.mine = {n: {"verts": set(), "last": None, "ships": set(), "pieces": 0,
                         "route": 3}
                     for n in self.people}
        self.rate = {n: [4] * 5 for n in self.people}
        self.last_line = time.time()
        self.read = 0
        self.asker = 0
        self.card_turn = None      # the turn a development card was played on

    def pump(self, timeout):
        n = len(self.tr.lines)
        super().pump(timeout)
        if len(self.tr.lines) != n:
            self.last_line = time.time()

    # What the bot shows.
    def status(self):
        """The first line of a !status answer (in the channel, or privately when asked again
        soon), asked by each person in turn."""
        who = self.players[self.asker % len(self.players)]
        self.asker += 1
        self.did["status"] += 1
        return self.status_of(who)

    def spots_of(self, p, kind=None):
        self.clear_replies(p)
        self.say(p, "!spots" + (" " + kind if kind else ""))
        text, _ = self.reply(p, lambda t: SPOTS_RE.match(t) is not None, 30, "spots")
        kinds = {}
        for part in SPOTS_RE.match(text).group(2).split("|"):
            words = part.split()
            if words and words[0] in ("settlement", "road", "city", "ship"):
                kinds[words[0]] = words[1:]
        return kinds

    def fresh_hand(self, p):
        n = len(self.tr.seen_hands.get(p.nick, []))
        self.say(p, "!hand")
        self.wait(lambda: len(self.tr.seen_hands.get(p.nick, [])) > n or self.tr.winner, 20,
                  "hand line")
        return self.tr.told(p.nick)[0]

    def try_move(self, p, text, done, timeout=20):
        """A move; True when done() came true, False when the bot refused it."""
        self.clear_replies(p)
        self.say(p, text)
        refusal = lambda: next((r for r, _ in self.replies.get(p.nick, [])
                                if self.refuses(r)), None)
        self.wait(lambda: done() or refusal() or self.tr.winner, timeout,
                  "answer to %s's %r" % (p.nick, text))
        if done():
            return True
        if not self.tr.winner:
            self.refused.append((p.nick, text, refusal()))
            self.note("! refused %s %r: %s" % (p.nick, text, refusal()))
        return False

    def refuses(self, reply):
        """Whether a private reply to a move is a refusal (not an offer's or !spots' line)."""
        return "offer" not in reply and not SPOTS_RE.match(reply)

    def new_part(self, n, pattern):
        return lambda: any(nick_match(pattern, x) for x in self.tr.parts[n:])

    def built(self, p, kind, at):
        """Notes a piece of p's: the corners it reaches and the one it reached last."""
        me = self.mine[p.nick]
        me["pieces"] += 1
        if kind in ("road", "ship"):
            me["route"] -= 1
            a, b = edge_ends(at)
            new = b if a in me["verts"] else a
            me["verts"].update((a, b))
            me["last"] = new
            if kind == "ship":
                me["ships"].update((a, b))
        else:
            me["verts"].add(int(at))
            me["last"] = int(at)
        self.did[kind] += 1

    def outward(self, p, edges):
        """The edges in order of preference: one going on from the corner reached last to a
        corner not reached yet first, then any reaching a new corner."""
        me = self.mine[p.nick]

        def rank(e):
            a, b = edge_ends(e)
            new = (a not in me["verts"]) + (b not in me["verts"])
            return (-(me["last"] in (a, b) and new > 0), -new, self.rng.random())
        return sorted(edges, key=rank)

    # The setup.
    def place(self, p, kind):
        self.did["setup"] += 1
        if kind == "settlement":
            spots = self.spots_of(p, "settlement").get("settlement", [])
            check(spots, "%s: a settlement spot in the setup" % p.nick)
            at = spots[0]  # the best first
            n = len(self.tr.parts)
            ok = self.try_move(p, "!build settlement %s" % at,
                               self.new_part(n, r"^%s built a settlement at " % p.nick))
            check(ok, "%s's setup settlement at %s: %s" % (p.nick, at, self.refused[-1:]))
            self.built(p, "settlement", at)
            return
        spots = self.spots_of(p)
        roads, ships = spots.get("road", []), spots.get("ship", [])
        # The second setup piece a ship when the coast allows one (the rules allow it).
        second = self.mine[p.nick]["pieces"] >= 3
        choices = ([("ship", e) for e in ships] if second else []) + \
            [("road", e) for e in roads] + [("ship", e) for e in ships]
        check(choices, "a road or ship spot in the setup: %s" % spots)
        for piece, edge in choices[:3]:
            n = len(self.tr.parts)
            if self.try_move(p, "!build %s %s" % (piece, edge),
                             self.new_part(n, r"^%s (built|places) a %s at " % (p.nick, piece))):
                self.built(p, piece, edge)
                return
        raise TestFailure("%s could not place a setup road or ship: %s" % (p.nick,
                                                                       self.refused[-3:]))

    # Answers.
    def discard(self, p, need):
        hand = list(self.fresh_hand(p))
        check(sum(hand) >= need, "%s holds %s, must discard %d" % (p.nick, hand, need))
        give = [0] * 5
        for _ in range(need):
            i = max(range(5), key=lambda k: (hand[k] - COST["city"][k], hand[k]))
            hand[i] -= 1
            give[i] += 1
        text = "!discard " + " ".join("%d %s" % (n, RES[i]) for i, n in enumerate(give) if n)
        n = len(self.tr.parts)
        if self.try_move(p, text, self.new_part(n, r"^%s discarded " % p.nick)):
            self.did["discard"] += 1

    def gold(self, p, need):
        """!gold: ore first, then grain, wool, wood, brick, one resource for all."""
        before = self.tr.told(p.nick)[0]
        for res in ("ore", "grain", "wool", "wood", "brick"):
            n = len(self.hand_lines.get(p.nick, []))
            done = lambda: any(sum(r) > sum(before) for r, _ in self.hand_lines.get(p.nick,
                                                                                   [])[n:])
            if self.try_move(p, "!gold " + " ".join([res] * need), done):
                self.did["gold"] += 1
                return
            if self.tr.winner:
                return
            if "gold" not in self.refused[-1][2] and "bank" not in self.refused[-1][2]:
                return  # not asked any more

    def robber(self, p, verb="!robber"):
        """The robber to a land hex or the pirate to a sea hex, naming a victim when asked
        (verb: "!play knight" plays a knight to do it)."""
        hexes = self.land + self.sea
        self.rng.shuffle(hexes)
        others = [typed(s) for s in self.seats if s != p.nick]
        moved = self.tr.robber_moved
        done = lambda: (self.tr.robber_moved != moved or any(
            nick_match(r"^%s moved the pirate to " % p.nick, x) for x in self.tr.parts[n:]))
        for h in hexes[:8]:
            for victim in [None] + others:
                n = len(self.tr.parts)
                text = "%s %s" % (verb, h) + (" %s" % victim if victim else "")
                if self.try_move(p, text, done):
                    self.did["pirate" if h in self.sea else "robber"] += 1
                    if verb != "!robber":
                        self.did["knight"] += 1
                    self.tr.robber = None
                    return
                if self.tr.winner:
                    return
                if "name whom" not in (self.refused[-1][2] or ""):
                    break
        if verb != "!robber":
            return
        raise TestFailure("%s could not move the robber or the pirate: %s"
                          % (p.nick, self.refused[-4:]))

    def answer_offers(self):
        """Rejects every offer made to a person (a computer player's offer waits for them)."""
        while self.read < len(self.tr.parts):
            m = nick_match(OFFER_RE, self.tr.parts[self.read])
            self.read += 1
            if not m:
                continue
            to = m.group(4).split(", ")
            for nick, p in self.people.items():
                if m.group(1) != nick and (to == ["everyone"] or nick in to):
                    self.say(p, "!trade reject %s" % m.group(5))
                    self.did["reject"] += 1

    # A turn.
    def hand_after(self, p, n, timeout=10):
        """p's hand once a hand line newer than the first n has come (else asked)."""
        try:
            self.wait(lambda: len(self.hand_lines.get(p.nick, [])) > n or self.tr.winner,
                      timeout, "%s's hand line" % p.nick)
        except TestFailure:
            return self.fresh_hand(p)
        return self.tr.told(p.nick)[0]

    def choose(self, p, hand):
        """The build to make with this hand from fresh !spots: (kind, where) or None. Notes
        what the spots offered (for the bank's goal)."""
        me = self.mine[p.nick]
        can = [k for k in ("city", "settlement", "ship", "road") if covers(hand, COSTS[k])
               and (k not in ("ship", "road") or me["route"] > 0 and not self.lean)]
        spots = self.spots_of(p) if can else {}
        if "settlement" in can and not spots.get("settlement"):
            me["route"] = 2  # no corner to settle: two pieces out before looking again
        moves = []
        for kind in can:
            at = spots.get(kind)
            if not at:
                continue
            if kind == "settlement":
                at = sorted(at, key=lambda v: int(v) not in me["ships"])
            elif kind in ("ship", "road"):
                at = self.outward(p, at)
            moves.append((kind, at[0]))
        # Ships and roads by turns (one ship for two roads), after a settlement or city.
        kinds = [k for k, _ in moves]
        if "ship" in kinds and "road" in kinds:
            drop = "road" if self.did["ship"] * 2 <= self.did["road"] else "ship"
            moves = [m for m in moves if m[0] != drop]
        return moves[0] if moves else None

    def goals(self, p):
        """What p saves for, from the spots last offered: a city on a settlement of theirs, a
        settlement on a free corner they reach, else a road or ship out."""
        out = [COST["settlement"]]
        if self.did_of(p, "settlement") > self.did_of(p, "city"):
            out.append(COST["city"])
        if self.mine[p.nick]["route"] > 0:
            out += [COST["road"], SHIP]
        return out

    def bank_move(self, p, hand, spill=False):
        """One maritime trade towards the nearest goal; with spill, any trade that brings the
        hand under 8 cards (a 7 would take half)."""
        rate = self.rate[p.nick]
        goal = min(self.goals(p), key=lambda g: sum(max(0, c - h) for c, h in zip(g, hand)))
        if spill:
            goal = tuple(0 for _ in goal) if covers(hand, goal) else goal
        spare = [i for i in range(5) if hand[i] - goal[i] >= rate[i]]
        lack = [i for i in range(5) if hand[i] < goal[i]] or \
            [min(range(5), key=lambda i: hand[i])]
        if not spare or not lack:
            return None
        give = max(spare, key=lambda i: hand[i] - goal[i])
        get = max(lack, key=lambda i: goal[i] - hand[i])
        if give == get:
            return None
        return "!bank %d %s for 1 %s" % (rate[give], RES[give], RES[get])

    def did_of(self, p, kind):
        """p's pieces of kind built, the setup's among them, from the channel."""
        return sum(1 for x in self.tr.parts if x.startswith("%s built a %s at " % (p.nick, kind)))

    def build_phase(self, p, hand):
        """Builds and trades with the bank while it helps, at most eight moves; a development
        card when nothing else is to be had and the hand is large."""
        for _ in range(1 if self.lean else 8):
            if self.tr.winner:
                return
            move = self.choose(p, hand)
            n, parts = len(self.hand_lines.get(p.nick, [])), len(self.tr.parts)
            if move:
                kind, at = move
                if not self.try_move(p, "!build %s %s" % (kind, at),
                                     self.new_part(parts, r"^%s built a %s at " % (p.nick, kind))):
                    return
                self.built(p, kind, at)
                hand = self.hand_after(p, n)
                continue
            if self.lean:
                return
            if covers(hand, COSTS["dev"]) and sum(hand) >= 8:
                if self.try_move(p, "!buy", self.new_part(parts, r"^%s bought a development "
                                                          "card" % p.nick)):
                    self.did["dev"] += 1
                    hand = self.hand_after(p, n)
                    continue
            trade = self.bank_move(p, hand, spill=sum(hand) >= 8)
            if not trade:
                return
            if self.try_move(p, trade, self.new_part(parts, r"^%s trades " % p.nick)):
                self.did["bank"] += 1
                hand = self.hand_after(p, n)
                continue
            if "rate" in (self.refused[-1][2] or ""):
                give = RES.index(trade.split()[2])
                self.rate[p.nick][give] = max(2, self.rate[p.nick][give] - 1)
            return

    def devs(self, p):
        """The development cards p may play (the hand line's dev: part; not those new)."""
        seen = self.tr.seen_hands.get(p.nick)
        m = re.search(r"\| dev: ([^|]*)", seen[-1][2]) if seen else None
        return [w.strip() for w in m.group(1).split(",")] if m else []

    def play_card(self, p, hand, before_roll):
        """One development card a turn: a knight before the roll; after it road building
        (two roads from !spots) or year of plenty (what the nearest goal lacks)."""
        held = self.devs(p)
        parts = len(self.tr.parts)
        if self.card_turn == self.tr.turn:
            return
        if before_roll:
            if "knight" in held:
                knights = self.did["knight"]
                self.robber(p, "!play knight")
                if self.did["knight"] > knights:
                    self.card_turn = self.tr.turn
            return
        goal = min(self.goals(p), key=lambda g: sum(max(0, c - h) for c, h in zip(g, hand)))
        if "plenty" in held:
            lack = [i for i in range(5) for _ in range(max(0, goal[i] - hand[i]))][:2]
            lack += [3, 4][len(lack):]
            if self.try_move(p, "!play plenty %s %s" % (RES[lack[0]], RES[lack[1]]),
                             self.new_part(parts, r"^%s plays year of plenty" % p.nick)):
                self.did["plenty"] += 1
            return
        if "roads" in held:
            roads = self.outward(p, self.spots_of(p, "road").get("road", []))
            for pick in (roads[:2], roads[:1]):
                if pick and self.try_move(p, "!play roads %s" % " ".join(pick), self.new_part(
                        parts, r"^%s plays road building" % p.nick)):
                    self.did["roads"] += 1
                    for e in pick:
                        self.built(p, "road", e)
                    return

    def roll(self, p):
        """Rolls; returns p's hand after the roll's production (None when not rolled)."""
        parts, n = len(self.tr.parts), len(self.hand_lines.get(p.nick, []))
        if not self.try_move(p, "!roll", self.new_part(parts, r"^%s rolled \d+" % p.nick)):
            return None
        self.did["roll"] += 1
        line = [x for x in self.tr.parts[parts:]]
        if any(x.startswith("%s receives " % p.nick) for x in line):
            return self.hand_after(p, n)
        return self.tr.told(p.nick)[0]

    def end(self, p):
        n = len(self.tr.parts)
        if self.try_move(p, "!end", lambda: self.tr.winner or any(
                x.startswith("turn ") for x in self.tr.parts[n:])):
            self.did["end"] += 1

    # The board's hexes, for the robber and the pirate.
    def read_board(self):
        """!board text: its land and sea hexes. It comes to the channel, or privately when the
        channel saw it a moment ago (or its start drawing is still being sent)."""
        p = self.players[0]
        n = len(self.tr.lines)
        self.clear_replies(p)
        self.say(p, "!board text")
        got = lambda: self.tr.lines[n:] + [r for r, _ in self.replies.get(p.nick, [])]
        self.wait(lambda: any(re.match(r"^\S+ sea: ", l) for l in got()), 20,
                  "the board as text, its sea")
        for l in got():
            m = re.match(r"^\S+ (hexes|sea): (.*)$", l)
            if m:
                names = [w.split()[0] for w in m.group(2).split(", ") if w.strip()]
                (self.land if m.group(1) == "hexes" else self.sea).extend(
                    x for x in names if re.match(r"^[A-Z]+$", x))
        check(self.land and self.sea, "land and sea hexes read: %s / %s" % (self.land,
                                                                          self.sea))

    # The game.
    def play(self, deadline):
        """Reacts to the channel where it names a person (setup prompts, their turn, their
        discards, the robber); when the channel falls quiet, asks !status what the game awaits."""
        tr = self.tr
        asked_at = 0
        prompts = 0
        discarded, rolled, ended = set(), set(), set()
        hand = None
        while not tr.winner:
            check(time.time() < deadline, "a winner in time (turn %d, did %s, last lines %s)"
                  % (tr.turn, self.did, tr.lines[-6:]))
            self.pump(0.05)
            if tr.winner:
                break
            self.answer_offers()
            while tr.setup and prompts < len(tr.prompts):
                kind, nick, _ = tr.prompts[prompts]
                prompts += 1
                if nick in self.people:
                    self.place(self.people[nick], kind)
            if not tr.setup:
                owed = [(n, c) for n, c in tr.discard.items()
                        if n in self.people and (tr.turn, n) not in discarded]
                if owed:
                    discarded.add((tr.turn, owed[0][0]))
                    self.discard(self.people[owed[0][0]], owed[0][1])
                    continue
                if tr.robber in self.people:
                    self.robber(self.people[tr.robber])
                    continue
                cur = self.people.get(tr.current)
                if cur and tr.turn not in rolled:
                    rolled.add(tr.turn)
                    if not self.lean:
                        self.play_card(cur, None, True)
                    hand = self.roll(cur)
                    continue
                if (cur and tr.turn not in ended and not tr.discard and tr.robber is None):
                    ended.add(tr.turn)
                    # After a 7 (discards, a steal) the hand is asked afresh.
                    if hand is None or (tr.roll and tr.roll[1] == 7 and not self.lean):
                        hand = self.fresh_hand(cur)
                    if not tr.winner and self.devs(cur) and hand is not None and not self.lean:
                        n = len(self.hand_lines.get(cur.nick, []))
                        self.play_card(cur, hand, False)
                        if len(self.hand_lines.get(cur.nick, [])) > n:
                            hand = self.tr.told(cur.nick)[0]
                    self.build_phase(cur, hand)
                    if not tr.winner:
                        self.end(cur)
                    continue
            now = time.time()
            if now - self.last_line < QUIET_S or now - asked_at < QUIET_S:
                continue
            asked_at = now
            if self.act_on(self.status()):
                prompts = len(tr.prompts)
        return tr.winner

    def act_on(self, line):
        """Does what the first line of !status asks of a person; True for a setup piece."""
        text = re.sub(r"^#\S+ ", "", line)
        text = re.sub(r" \([^()]*left[^()]*\)$", "", text)
        self.note("! status: %s" % text)
        m = nick_match(r"^setup: (NICK) places a (settlement|road)", text)
        if m:
            if m.group(1) in self.people:
                self.place(self.people[m.group(1)], m.group(2))
                return True
            return False
        m = re.match(r"^.*waiting for (discards|gold choices):(.*)$", text)
        if m:
            for who, n in re.findall(r"(\S+(?: \(bot\))?) (\d+)", m.group(2)):
                if who in self.people:
                    (self.discard if m.group(1) == "discards" else self.gold)(
                        self.people[who], int(n))
            return False
        m = nick_match(r"^turn \d+: (NICK) (rolls the dice|moves the robber|rolled \d+, trades)",
                       text)
        if not m or m.group(1) not in self.people:
            return False
        p = self.people[m.group(1)]
        if m.group(2).startswith("rolls"):
            self.roll(p)
        elif m.group(2).startswith("moves"):
            self.robber(p)
        else:
            self.build_phase(p, self.fresh_hand(p))
            if not self.tr.winner:
                self.end(p)
        return False

    # What the channel said about islands, and the points at the end.
    def island_checks(self):
        """Every island bonus announced is counted: the summary's island points of each player
        are the sum of their bonuses, and each player's points add up. Returns the bonuses."""
        bonus = {}
        for x in self.tr.parts:
            m = nick_match(ISLAND_RE, x)
            if m:
                bonus[m.group(1)] = bonus.get(m.group(1), 0) + int(m.group(2))
        summary = next(l for l in self.tr.lines if l.startswith("points: "))
        for item in summary[len("points: "):].split("; "):
            m = re.match(r"^(\S+(?: \(bot\))?) (\d+) VP \((.*)\)$", item.strip())
            check(m, "a player's points in the summary: %r" % item)
            who, vp, parts = m.group(1), int(m.group(2)), m.group(3)
            count = lambda pat: int((re.search(pat, parts) or [0, 0])[1])
            island = count(r"(\d+) island points?")
            check(island == bonus.get(who, 0), "%s's island points %d, bonuses announced %s"
                  % (who, island, bonus.get(who, 0)))
            total = (count(r"(\d+) settlements?") + 2 * count(r"(\d+) cit(?:y|ies)") +
                     count(r"(\d+) VP cards?") + island +
                     2 * len(re.findall(r"longest (?:road|trade route)|largest army", parts)))
            check(total == vp, "%s's points add up: %d VP from %r" % (who, vp, parts))
        return bonus


def announced(t, who, text, want):
    """Sends text as who; the first channel line after it holding want."""
    n = len(t.tr.lines)
    t.say(who, text)
    t.wait(lambda: any(want in l for l in t.tr.lines[n:]), 20, "%r after %r" % (want, text))
    return next(l for l in t.tr.lines[n:] if want in l)


def start_game(t, who, want_map, seats):
    """!start, then the seats of the order line and the game's map (!map, its reply checked
    for want_map) and its hexes; returns the order line."""
    n = len(t.tr.lines)
    t.say(who, "!start")
    t.wait(lambda: any(l.startswith("the game starts! order:") for l in t.tr.lines[n:]), 20,
           "the game starts")
    order = next(l for l in t.tr.lines[n:] if l.startswith("the game starts!"))
    t.seats = order.split(":", 1)[1].strip().split(", ")
    check(sorted(t.seats) == sorted(seats), "the order names every seat: %r" % order)
    t.clear_replies(who)
    t.say(who, "!map")
    reply, _ = t.reply(who, lambda r: "played on" in r, 20, "the game's map")
    check(all(w in reply for w in want_map), "!map in the game: %r" % reply)
    t.read_board()
    return order


def game_over(t, bot, points):
    """After the win: the summary, one game-over line with at least points, no hand in the
    channel, island bonuses counted; the bot stopped by its PID with status 0 and a clean log.
    Returns (winner, island bonuses)."""
    tr = t.tr
    t.wait(lambda: any(l.startswith("points: ") for l in tr.lines), 20, "the summary")
    t.quiet(0.5, 3)
    over = [x for x in tr.parts if nick_match(r"^NICK wins with \d+ victory points", x)]
    check(len(over) == 1, "one game-over line: %s" % over)
    check(tr.winner[1] >= points, "the winner has the scenario's %d points: %s"
          % (points, tr.winner))
    hidden = [l for l in tr.lines if HAND_RE.match(l) or " hand: " in l]
    check(not hidden, "no hand in the channel: %s" % hidden[:3])
    bonus = t.island_checks()
    check(bot.alive(), "the bot is alive")
    rc = bot.stop()
    check(rc == 0, "bot exit status %s" % rc)
    bot.check_clean_log()
    return tr.winner, bonus


def run(args, chan, nicks, game, body, admins=None):
    """A local ngIRCd, the bot (BRICKWOOD_SEED args.seed, the game settings, bot.admins), a
    client for each nick in chan; body(bot, clients, log) plays. Every server is stopped by its
    PID; the work directory is kept when body fails, or with --keep. Returns the exit status."""
    work = Workdir()
    server = Ngircd(args.ngircd, work, throttle=False)
    net = {"name": "local", "host": "127.0.0.1", "port": server.port, "tls": False,
           "nick": BOT, "channels": [chan], "flood": {"burst": 50, "interval_ms": 20}}
    settings = {"colors": False}
    if admins:
        settings["admins"] = admins
    bot = Bot(args.bot, work, bot_config([net], game=game, bot=settings), seed=args.seed)
    log = open(work.file("table.log"), "w")
    clients = []
    ok = False
    try:
        clients += [Client(server.port, n) for n in nicks]
        join_all(clients, chan, BOT)  # the bot, started first, may be in before them
        for c in clients:
            c.wait_member(chan, nicks, 20)
        body(bot, clients, log)
        ok = True
        return 0
    except TestFailure as e:
        print("FAIL:", e)
        return 1
    finally:
        log.close()
        for c in clients:
            c.close()
        if bot.alive():
            bot.stop()
        server.stop()
        if args.keep or not ok:
            print("work directory kept: %s" % work.path)
        else:
            shutil.rmtree(work.path, ignore_errors=True)


def arguments(timeout, seed):
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", required=True)
    ap.add_argument("--ngircd", default="/usr/sbin/ngircd")
    ap.add_argument("--timeout", type=float, default=timeout)
    ap.add_argument("--seed", type=int, default=seed)
    ap.add_argument("--keep", action="store_true", help="keep the work directory")
    return ap.parse_args()
