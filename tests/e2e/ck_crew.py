"""Scripted people at a Cities & Knights table, for the end-to-end tests: they play every move
from what the bot tells them and SPEC.md's fixed forms only: `!spots` (where to build, and what
their knights may do), the hand line (goods, commodities, `| progress: ...`), `rolled N (red R)`,
the turn and setup lines, `!board text` (hexes, buildings, knights) for the arguments of their
progress cards and their answers, and the first line of `!status` when the channel falls quiet.

On a person's turn: roll, then a few moves, each tried and its refusal accepted: a city, a
settlement, a city improvement with the commodity they hold, a knight (activate, build,
promote), a wall, a road out, a trade with the bank towards a city; with `cards` on, every
progress card they hold, with arguments worked out from the board (the alchemist instead of the
roll). Offers to them are rejected. When the channel says the game waits for one of them to
choose (a pillaged city, a displaced knight's corner, goods for a wedding or a commercial
harbor, a knight for a deserter), or the bot asks them privately, they answer with `!choose`
and `!give` where the bot knows those commands, else the turn timer answers for them; a
master merchant's or a spy's look is answered with `!take`."""

import random
import re
import time

from harness import TestFailure, check
from play import (CORNERS, HEX_NAMES, NICK, RES, SPOTS_RE, STATUS_RE, Table, nick_match,
                  typed)

COMMODITIES = ["paper", "cloth", "coin"]
GOODS = RES + COMMODITIES
TRACKS = {"paper": "science", "cloth": "trade", "coin": "politics"}
CITY = (0, 0, 0, 2, 3)
SETTLEMENT = (1, 1, 1, 1, 0)
ROAD = (1, 1, 0, 0, 0)
HAND_RE = re.compile(r"^(#\S+) hand: (.*?)\s*\((\d+) cards?\)(.*)$")
OFFER_RE = r"^(NICK) offers (.+?) for (.+?) to (.+?) \(offer (\d+)\)"
# The channel's line while the game waits for a player's answer (README, "Cards that ask").
ASK_RE = r"^the game waits for (NICK) to choose (.*)$"
JOIN = " \u00b7 "
QUIET_S = 1.5
# The cards that ask another player something or look at their hand.
ASKING = {"wedding", "commercial harbor", "master merchant", "spy", "deserter", "diplomat",
          "intrigue"}
# The cards whose player is shown another's hand (`you see NICK's goods: ...`) and then takes
# from it: only after these may a look come.
LOOKING = {"master merchant", "spy"}


def goods(text):
    """'2 wood, 1 paper' -> a tuple of the 8 goods' counts."""
    out = [0] * 8
    for part in text.split(","):
        w = part.split()
        if len(w) == 2 and w[1] in GOODS:
            out[GOODS.index(w[1])] += int(w[0])
    return tuple(out)


def covers(hand, cost):
    return all(h >= c for h, c in zip(hand, cost))


class CkTracker:
    """What the people read in the channel and privately: the turn, setup prompts, rolls, the
    7's discards and robber, the asks, the cards played, the winner. Hands are not followed
    card by card (commodities and progress cards change hands in many ways): each person's last
    hand line is what they hold."""

    def __init__(self, chan, bot_nick):
        self.chan = chan
        self.bot = bot_nick.lower()
        self.lines, self.parts = [], []
        self.seen_hands = {}       # nick -> [(goods, progress cards, text)]
        self.setup = True
        self.turn, self.current, self.roll = 0, None, None
        self.prompts = []          # (kind, nick)
        self.discard = {}          # nick -> cards owed
        self.robber = None
        self.robber_moved = 0
        self.asks = []             # (index in parts, nick, what)
        self.choices = []          # (index in parts, nick, "draw" | "fifth")
        self.played = []           # (index in parts, nick, card)
        self.drew = []             # (nick, card) from private lines
        self.looks = []            # (nick, whose, kind, what) from private lines
        self.prompted = []         # (nick, text): private lines naming an answer command
        self.timeouts = []
        self.attacks = 0
        self.winner = None
        self.problems = []

    def seat(self, nick):
        self.seen_hands.setdefault(nick, [])

    def rename(self, old, new):
        pass

    def told(self, nick):
        seen = self.seen_hands.get(nick)
        return (seen[-1][0], seen[-1][1]) if seen else ((0,) * 8, [])

    def channel(self, text):
        self.lines.append(text)
        if " hand: " in text or "you drew" in text or "you see " in text:
            self.problems.append("hidden information in the channel: %r" % text)
        for part in text.split(JOIN):
            self.parts.append(part)
            self._part(part)

    def _part(self, t):
        m = nick_match(r"^turn (\d+): (NICK) to roll", t)
        if m:
            self.setup = False
            self.turn, self.current = int(m.group(1)), m.group(2)
            self.discard, self.robber = {}, None
            return
        m = nick_match(r"^(NICK): place (?:a|your first) settlement", t)
        if m:
            self.prompts.append(("settlement", m.group(1)))
            return
        m = nick_match(r"^(NICK): place a road from (\d+)", t)
        if m:
            self.prompts.append(("road", m.group(1)))
            return
        m = nick_match(r"^(NICK) rolled (\d+) \(red (\d)\)", t)
        if m:
            self.roll = (self.turn, int(m.group(2)))
            return
        m = nick_match(r"^(NICK) must discard (\d+) card", t)
        if m:
            self.discard[m.group(1)] = int(m.group(2))
            return
        m = nick_match(r"^(NICK) discarded ", t)
        if m:
            self.discard.pop(m.group(1), None)
            return
        m = nick_match(r"^(NICK) must move the robber", t)
        if m:
            self.robber = m.group(1)
            return
        m = nick_match(r"^(NICK) moved the robber to ", t)
        if m:
            self.robber = None
            self.robber_moved += 1
            return
        m = nick_match(ASK_RE, t)
        if m:
            self.asks.append((len(self.parts) - 1, m.group(1), m.group(2)))
            return
        m = nick_match(r"^(NICK) plays (.+?)(?: on \w+)?(?: and takes .*|: .*)?$", t)
        if m:
            self.played.append((len(self.parts) - 1, m.group(1), m.group(2)))
            return
        m = nick_match(r"^(NICK) (draws a progress card from a deck of their choice|holds 5 "
                       r"progress cards)", t)
        if m:
            self.choices.append((len(self.parts) - 1, m.group(1),
                                 "draw" if m.group(2).startswith("draws") else "fifth"))
            return
        m = nick_match(r"^(NICK) (?:chooses (\d+) cards? from |gets nothing from this roll: "
                       r"the aqueduct)", t)
        if m:  # the aqueduct's card (chosen as gold is)
            self.choices.append((len(self.parts) - 1, m.group(1), "gold %s" % (m.group(2) or 1)))
            return
        if t.startswith("the barbarians attack"):
            self.attacks += 1
            return
        m = nick_match(r"^time is up for (NICK):", t)
        if m:
            self.timeouts.append((self.turn, m.group(1)))
            return
        m = nick_match(r"^(NICK) wins with (\d+) victory points", t)
        if m:
            self.winner = (m.group(1), int(m.group(2)))

    def private(self, nick, text):
        if not text.startswith(self.chan + " "):
            if re.search(r"!(choose|give|take)\b", text):
                self.prompted.append((nick, text))
            return
        m = HAND_RE.match(text)
        if m:
            g = goods(m.group(2))
            if sum(g) != int(m.group(3)):
                self.problems.append("card count of %r" % text)
            cards = []
            pm = re.search(r"\| progress: ([^|]*)", m.group(4))
            if pm:
                cards = [c.strip() for c in pm.group(1).split(",") if c.strip()]
            self.seat(nick)
            self.seen_hands[nick].append((g, cards, text))
            return
        m = re.match(r"^\S+ you drew (.+) from the \w+ deck", text)
        if m:
            self.drew.append((nick, m.group(1)))
            return
        m = nick_match(r"^\S+ you see (NICK)'s (goods|progress cards): (.*)$", text)
        if m:
            self.looks.append((nick, m.group(1), m.group(2), m.group(3)))
            return
        if re.search(r"!(choose|give|take)\b", text):
            self.prompted.append((nick, text))


class Board:
    """The board as `!board text` lists it: hexes, buildings, roads, knights."""

    def __init__(self):
        self.hexes = {}            # letter -> (terrain, token)
        self.robber = None
        self.buildings = {}        # corner -> (nick, kind)
        self.roads = {}            # (a, b) -> nick
        self.knights = {}          # corner -> (nick, level words)

    def read(self, lines):
        """Reads the board text's lines (each group of one kind may be split over lines)."""
        for l in lines:
            m = re.match(r"^\S+ (hexes|buildings|knights): (.*)$", l)
            if not m:
                continue
            kind, body = m.groups()
            if kind == "hexes":
                for item in body.split(", "):
                    w = item.split()
                    if w and w[0] in HEX_NAMES:
                        token = int(w[2]) if len(w) > 2 and w[2].isdigit() else 0
                        self.hexes[w[0]] = (w[1] if len(w) > 1 else "", token)
                        if w[-1] == "robber":
                            self.robber = w[0]
            elif kind == "buildings":
                self._pieces(body)
            else:
                self._knights(body)

    def _pieces(self, body):
        for group in body.split("; "):
            words = group.split()
            nick, what = [], None
            for w in words:
                if w in ("settlement", "city", "road", "ship"):
                    what = w
                elif what and re.match(r"^\d+(-\d+)?$", w):
                    if "-" in w:
                        a, b = sorted(int(x) for x in w.split("-"))
                        self.roads[(a, b)] = " ".join(nick)
                    else:
                        self.buildings[int(w)] = (" ".join(nick), what)
                elif what is None:
                    nick.append(w)

    def _knights(self, body):
        for group in body.split("; "):
            m = nick_match(r"^(NICK) (.*)$", group.strip())
            if not m or m.group(1) == "none":
                continue
            for item in m.group(2).split(", "):
                w = item.split()
                if w and w[0].isdigit():
                    self.knights[int(w[0])] = (m.group(1), " ".join(w[1:]))

    def of(self, nick, kind):
        return sorted(v for v, (n, k) in self.buildings.items() if n == nick and k == kind)

    def knights_of(self, nick):
        return sorted(v for v, (n, _) in self.knights.items() if n == nick)

    def reach(self, nick):
        out = {v for v, (n, _) in self.buildings.items() if n == nick}
        for (a, b), n in self.roads.items():
            if n == nick:
                out.update((a, b))
        return out

    def open_roads(self, nick=None):
        """Roads with an end where their owner has no other road, no building and no knight
        (a diplomat's target)."""
        out = []
        for (a, b), n in self.roads.items():
            if nick and n != nick:
                continue
            for end in (a, b):
                other = [e for e, o in self.roads.items() if o == n and end in e and e != (a, b)]
                if not other and self.buildings.get(end, ("",))[0] != n and \
                        self.knights.get(end, ("",))[0] != n:
                    out.append("%d-%d" % (a, b))
                    break
        return out


class CkCrew(Table):
    """people: their clients (players[0] reads the channel for everyone). cards: play progress
    cards; answer: answer what they are asked with commands (else the timer does)."""

    BURST = 4
    # The bot allows one command a second: the one command of its burst beyond ours absorbs a
    # command that arrives late, so no more margin is needed (1.1 s cost cities_people 16 s).
    REFILL = 1.02

    def __init__(self, chan, people, bot_nick, seed=1, log=None, cards=False, hoarder=None):
        super().__init__(chan, people, bot_nick, seed=seed, log=log)
        self.tr = CkTracker(chan, bot_nick)
        self.people = {p.nick: p for p in people}
        for n in self.people:
            self.tr.seat(n)
        self.rng = random.Random(seed)
        self.cards = cards
        self.hoarder = hoarder     # a person who keeps their progress cards (a fifth comes)
        self.seats = list(self.people)
        self.board = Board()
        self.levels = {n: {"science": 0, "trade": 0, "politics": 0} for n in self.people}
        self.rate = {n: [4] * 8 for n in self.people}
        self.did = {k: 0 for k in ("setup", "roll", "city", "settlement", "road", "knight",
                                   "promote", "activate", "improve", "wall", "bank", "discard",
                                   "robber", "end", "reject", "status", "answer", "take",
                                   "fifth", "draw", "gold")}
        self.played_ok = []        # (nick, card, command)
        self.card_refused = []     # (nick, command, reply)
        self.answered = set()      # indexes of asks answered (or left to the timer)
        self.chosen = 0            # choices of deck and fifth cards seen to
        self.looked = 0
        self.prompted = 0
        self.read = 0
        self.asker = 0
        self.last_line = time.time()
        self.answer_cmds = None    # whether the bot knows !choose and !give (asked once)
        self.route = {n: 3 for n in self.people}
        self.on_pending = None     # called with a description when something waits for a person

    def pump(self, timeout):
        n = len(self.tr.lines)
        super().pump(timeout)
        if len(self.tr.lines) != n:
            self.last_line = time.time()

    # What the bot shows.
    def new_part(self, n, pattern):
        return lambda: any(nick_match(pattern, x) for x in self.tr.parts[n:])

    def refusal(self, p):
        """The first private line to p that answers a command and is no listing."""
        for r, _ in self.replies.get(p.nick, []):
            if r.startswith(self.chan + " ") or STATUS_RE.match(r) or r.startswith(
                    ("scores:", "barbarians ", "progress decks")):
                continue
            return r
        return None

    def try_move(self, p, text, done, timeout=20):
        """A move; True when done() came true, False when the bot refused it (the refusal is
        noted)."""
        self.clear_replies(p)
        self.say(p, text)
        self.wait(lambda: done() or self.refusal(p) or self.tr.winner, timeout,
                  "answer to %s's %r" % (p.nick, text))
        if done():
            return True
        if not self.tr.winner:
            self.refused.append((p.nick, text, self.refusal(p)))
            self.note("! refused %s %r: %s" % (p.nick, text, self.refusal(p)))
        return False

    def status(self):
        """The first line of a !status answer, asked by each person in turn."""
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
            if words and words[0] != "none":
                kinds[words[0]] = words[1:]
        return kinds

    def fresh_hand(self, p):
        n = len(self.tr.seen_hands.get(p.nick, []))
        self.say(p, "!hand")
        self.wait(lambda: len(self.tr.seen_hands.get(p.nick, [])) > n or self.tr.winner, 20,
                  "hand line")
        return self.tr.told(p.nick)

    def hand_after(self, p, n, timeout=5):
        """p's goods once a hand line newer than the first n has come (else asked)."""
        try:
            self.wait(lambda: len(self.tr.seen_hands[p.nick]) > n or self.tr.winner, timeout,
                      "%s's hand line" % p.nick)
        except TestFailure:
            return self.fresh_hand(p)[0]
        return self.tr.told(p.nick)[0]

    def read_board(self):
        """!board text, read into self.board (afresh). It comes to the channel, or privately
        when the channel saw it a moment ago."""
        p = self.players[0]
        n = len(self.tr.lines)
        self.clear_replies(p)
        self.say(p, "!board text")
        got = lambda: self.tr.lines[n:] + [r for r, _ in self.replies.get(p.nick, [])]
        self.wait(lambda: any(re.match(r"^\S+ barbarians: ", l) for l in got()), 20,
                  "the board as text")
        self.board = Board()
        self.board.read(got())
        check(len(self.board.hexes) == 19, "19 land hexes in the board text: %s"
              % sorted(self.board.hexes))

    def knows_answers(self):
        """Whether the bot has the answer commands (!choose, !give): asked once, by !help."""
        if self.answer_cmds is None:
            p = self.players[0]
            self.clear_replies(p)
            self.say(p, "!help choose")
            text, _ = self.any_reply(p, 20, "help on choose")
            self.answer_cmds = not re.search(r"unknown|not a command|no command", text)
            self.note("! answer commands: %s (%s)" % (self.answer_cmds, text))
        return self.answer_cmds

    # The setup.
    def place(self, p, kind):
        self.did["setup"] += 1
        spots = self.spots_of(p, None)
        at = spots.get(kind) or spots.get("city") or []
        check(at, "%s: a %s spot in the setup: %s" % (p.nick, kind, spots))
        for choice in at[:3]:
            n = len(self.tr.parts)
            if self.try_move(p, "!build %s %s" % (kind, choice),
                             self.new_part(n, r"^%s built a %s at " % (re.escape(p.nick), kind))):
                return
        raise TestFailure("%s could not place a setup %s: %s" % (p.nick, kind,
                                                              self.refused[-3:]))

    # Answers.
    def discard(self, p, need):
        hand = list(self.fresh_hand(p)[0])
        check(sum(hand) >= need, "%s holds %s, must discard %d" % (p.nick, hand, need))
        give = [0] * 8
        keep = CITY + (1, 1, 1)
        for _ in range(need):
            i = max(range(8), key=lambda k: (hand[k] - keep[k], hand[k]))
            hand[i] -= 1
            give[i] += 1
        text = "!discard " + " ".join("%d %s" % (n, GOODS[i]) for i, n in enumerate(give) if n)
        n = len(self.tr.parts)
        if self.try_move(p, text, self.new_part(n, r"^%s discarded " % re.escape(p.nick))):
            self.did["discard"] += 1

    def robber(self, p):
        hexes = [h for h in sorted(self.board.hexes) if h != self.board.robber]
        self.rng.shuffle(hexes)
        others = [typed(s) for s in self.seats if s != p.nick]
        moved = self.tr.robber_moved
        for h in hexes[:6]:
            for victim in [None] + others:
                text = "!robber %s" % h + (" %s" % victim if victim else "")
                if self.try_move(p, text, lambda: self.tr.robber_moved != moved):
                    self.did["robber"] += 1
                    self.board.robber = h
                    return
                if self.tr.winner or "name whom" not in (self.refused[-1][2] or ""):
                    break
            if self.tr.winner or self.tr.robber != p.nick:
                return

    def answer_offers(self):
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

    def answer(self, p, what):
        """Answers the game's question to p (the channel's `the game waits for p to choose
        WHAT`) with !choose or !give; True when the game went on."""
        if not self.knows_answers():
            return False
        self.read_board()
        hand = self.fresh_hand(p)[0]
        tries = []
        # The private prompt names the corners that may be chosen ("!choose V, one of 9, 18").
        named = [re.search(r"!choose V, one of ([\d, ]+)", x) for n, x in self.tr.prompted
                 if n == p.nick]
        if named and named[-1]:
            tries = ["!choose %s" % v for v in re.findall(r"\d+", named[-1].group(1))]
        if tries:
            pass
        elif what.startswith("which city"):
            tries = ["!choose %d" % v for v in self.board.of(p.nick, "city")]
        elif what.startswith("where their knight"):
            spots = self.spots_of(p)
            tries = ["!choose %s" % v for v in spots.get("knight", [])]
            tries += ["!choose %d" % v for v in sorted(self.board.reach(p.nick))
                      if v not in self.board.buildings and v not in self.board.knights]
        elif what.startswith("which knight"):
            tries = ["!choose %d" % v for v in self.board.knights_of(p.nick)]
        elif "commercial harbor" in what:
            tries = ["!give 1 %s" % c for i, c in enumerate(COMMODITIES) if hand[5 + i]]
        elif "wedding" in what:
            order = sorted(range(8), key=lambda i: -hand[i])
            a, b = order[0], order[1] if hand[order[0]] < 2 else order[0]
            tries = ["!give 1 %s 1 %s" % (GOODS[a], GOODS[b]) if a != b else
                     "!give 2 %s" % GOODS[a]]
        for text in tries[:6]:
            n = len(self.tr.parts)
            done = lambda: any(not nick_match(ASK_RE, x) for x in self.tr.parts[n:])
            if self.try_move(p, text, done):
                self.did["answer"] += 1
                return True
            if self.tr.winner:
                return True
        return False

    def take(self, p, whose, kind, what):
        """After a master merchant's or a spy's look: !take what was seen."""
        if kind == "goods":
            seen = goods(what)
            pick = [i for i in range(8) for _ in range(seen[i])][:2]
            text = "!take " + " ".join("1 %s" % GOODS[i] for i in pick)
        else:
            cards = [c.strip() for c in what.split(",") if c.strip()]
            if not cards or what.strip() == "nothing":
                return
            text = "!take " + cards[0]
        n = len(self.tr.parts)
        if self.try_move(p, text, self.new_part(
                n, r"^(%s (takes|gives)|NICK gives .* to %s)" % (re.escape(p.nick),
                                                                re.escape(p.nick)))):
            self.did["take"] += 1

    def pending_cards(self, p, deck_choice):
        """A choice of deck (after a tie defending Catan) or a fifth progress card."""
        n = len(self.tr.parts)
        if deck_choice:
            for deck in ("science", "trade", "politics"):
                if self.try_move(p, "!progress draw %s" % deck, self.new_part(
                        n, r"^%s draws a progress card" % re.escape(p.nick))):
                    self.did["draw"] += 1
                    return
            return
        cards = self.fresh_hand(p)[1]
        if not cards:
            return
        if self.try_move(p, "!progress discard %s" % cards[-1], self.new_part(
                n, r"^%s gives up a progress card" % re.escape(p.nick))):
            self.did["fifth"] += 1

    # Progress cards.
    def card_args(self, p, card, hand):
        """Commands that play card with arguments from the board and the hand, best first."""
        b = self.board
        me = p.nick
        others = [s for s in self.seats if s != me]
        mine = set(b.of(me, "settlement") + b.of(me, "city"))
        lack = [i for i in range(5) if hand[i] < CITY[i]] or [4]
        most = max(range(8), key=lambda i: hand[i])
        hexes = sorted(b.hexes)
        near = [h for h in hexes if b.hexes[h][0] != "desert" and
                set(CORNERS[HEX_NAMES.index(h)]) & mine]
        play = "!play %s" % card
        if card == "alchemist":
            return ["%s %d %d" % (play, y, r) for y, r in ((3, 3), (4, 4), (2, 4))]
        if card == "inventor":
            ok = [h for h in hexes if b.hexes[h][1] in (3, 4, 5, 9, 10, 11)]
            return ["%s %s %s" % (play, ok[i], ok[j]) for i, j in ((0, 1), (1, 2), (0, 2))
                    if j < len(ok)]
        if card == "crane":
            return ["%s %s" % (play, t) for t in ("science", "trade", "politics")]
        if card == "road building":
            roads = self.spots_of(p, "road").get("road", [])
            return ["!play roads %s" % " ".join(roads[:2]), "!play roads %s" % " ".join(
                roads[:1])] if roads else []
        if card == "engineer":
            return ["%s %d" % (play, v) for v in b.of(me, "city")]
        if card == "medicine":
            return ["%s %d" % (play, v) for v in b.of(me, "settlement")]
        if card == "smith":
            k = b.knights_of(me)
            return ["%s %s" % (play, " ".join(str(v) for v in k[:2]))] + \
                ["%s %d" % (play, v) for v in k[:3]] if k else []
        if card == "merchant fleet":
            return ["%s %s" % (play, GOODS[most])]
        if card == "resource monopoly":
            return ["%s %s" % (play, RES[lack[0]]), "%s ore" % play]
        if card == "trade monopoly":
            return ["%s %s" % (play, c) for c in COMMODITIES]
        if card == "bishop":
            return ["%s %s" % (play, h) for h in hexes if h != b.robber][:3]
        if card == "merchant":
            return ["%s %s" % (play, h) for h in near][:3]
        if card in ("irrigation", "mining", "warlord", "saboteur", "wedding"):
            return [play]
        if card == "commercial harbor":
            res = [RES[i] for i in range(5) if hand[i]]
            if not res:
                return []
            pairs = ["%s %s" % (typed(o), res[k % len(res)]) for k, o in enumerate(others)]
            return ["%s %s" % (play, " ".join(pairs))] + ["%s %s" % (play, x) for x in pairs]
        if card in ("master merchant", "spy"):
            return ["%s %s" % (play, typed(o)) for o in others]
        if card == "deserter":
            return ["%s %s" % (play, typed(o)) for o in others
                    if b.knights_of(o)] or ["%s %s" % (play, typed(o)) for o in others[:1]]
        if card == "diplomat":
            theirs = [e for o in others for e in b.open_roads(o)]
            own = b.open_roads(me)
            return ["%s %s" % (play, e) for e in (theirs + own)[:3]]
        if card == "intrigue":
            reach = b.reach(me)
            return ["%s %d" % (play, v) for v, (n, _) in sorted(b.knights.items())
                    if n != me and v in reach][:3]
        return [play]

    def play_cards(self, p, before_roll):
        """Every progress card p holds that fits now: the alchemist before the roll (True when it
        rolled), the others after."""
        if not self.cards or p.nick == self.hoarder:
            return False
        hand, held = self.tr.told(p.nick)
        tried = set()
        for _ in range(4):
            if self.tr.winner:
                return False
            hand, held = self.tr.told(p.nick)
            todo = [c for c in held if c not in tried and (c == "alchemist") == before_roll]
            if not todo:
                return False
            card = todo[0]
            tried.add(card)
            self.read_board()
            for text in self.card_args(p, card, hand)[:3]:
                n, h = len(self.tr.parts), len(self.tr.seen_hands[p.nick])
                played = self.new_part(n, r"^%s plays " % re.escape(p.nick))
                if self.try_move(p, text, played):
                    self.played_ok.append((p.nick, card, text))
                    self.note("! played %s: %s" % (p.nick, text))
                    self.after_card(p, card)
                    if before_roll:
                        return True
                    self.wait(lambda: len(self.tr.seen_hands[p.nick]) > h or self.tr.winner,
                              10, "%s's hand after %s" % (p.nick, card))
                    break
                self.card_refused.append((p.nick, text, self.refused[-1][2] if self.refused
                                          else None))
                if self.tr.winner:
                    return False
        return False

    def after_card(self, p, card):
        """What a card asks of its player next: a look answered with !take (only a card of
        LOOKING shows a hand, and not every time: a spy finds none when the other holds no
        card, so the look is waited for a few seconds at most); the asked people answer from
        the main loop."""
        deadline = time.time() + (3 if card in LOOKING else 0)
        while time.time() < deadline and not self.tr.winner:
            self.pump(0.1)
            if len(self.tr.looks) > self.looked:
                break
        self.handle_looks()

    def handle_looks(self):
        while self.looked < len(self.tr.looks):
            nick, whose, kind, what = self.tr.looks[self.looked]
            self.looked += 1
            if nick in self.people and self.knows_answers():
                self.take(self.people[nick], whose, kind, what)

    # A turn.
    def roll(self, p):
        n = len(self.tr.parts)
        rolled = self.new_part(n, r"^%s rolled \d+" % re.escape(p.nick))
        if self.play_cards(p, True) or self.try_move(p, "!roll", rolled):
            self.did["roll"] += 1
            return True
        return False

    def improve(self, p, hand):
        """A city improvement the commodities held pay for (level N costs N)."""
        lv = self.levels[p.nick]
        for i, c in enumerate(COMMODITIES):
            track = TRACKS[c]
            if lv[track] < 5 and hand[5 + i] >= lv[track] + 1:
                return "!improve %s" % track, r"^%s improves %s to level (\d)" % (
                    re.escape(p.nick), track)
        return None

    def bank_move(self, p, hand):
        """One trade with the bank towards a city: the good held most (commodities too)."""
        rate = self.rate[p.nick]
        lack = [i for i in range(5) if hand[i] < CITY[i]]
        if not lack:
            return None
        keep = CITY + (0, 0, 0)
        spare = [i for i in range(8) if hand[i] - keep[i] >= rate[i]
                 and not (i >= 5 and hand[i] <= self.levels[p.nick][TRACKS[GOODS[i]]] + 1)]
        if not spare:
            return None
        give = max(spare, key=lambda i: hand[i] - keep[i])
        get = max(lack, key=lambda i: CITY[i] - hand[i])
        return "!bank %d %s for 1 %s" % (rate[give], GOODS[give], RES[get]), give

    def build_phase(self, p):
        """At most ten moves, each from a fresh hand and !spots; a refused kind is not tried
        again this turn."""
        nick = re.escape(p.nick)
        skip = set()
        knights = len(self.board.knights_of(p.nick))
        hand = self.fresh_hand(p)[0]
        for _ in range(8):
            if self.tr.winner:
                return
            spots = self.spots_of(p)
            n, h = len(self.tr.parts), len(self.tr.seen_hands[p.nick])
            moves = []
            if "city" in spots and covers(hand, CITY):
                moves.append(("city", "!build city %s" % spots["city"][0],
                              r"^%s built a city at " % nick))
            if "settlement" in spots and covers(hand, SETTLEMENT):
                moves.append(("settlement", "!build settlement %s" % spots["settlement"][0],
                              r"^%s built a settlement at " % nick))
            imp = self.improve(p, hand)
            if imp:
                moves.append(("improve", imp[0], imp[1]))
            if "activate" in spots:
                moves.append(("activate", "!knight activate %s" % spots["activate"][0],
                              r"^%s activated the knight at " % nick))
            if "knight" in spots and knights < 3:
                moves.append(("knight", "!knight build %s" % spots["knight"][0],
                              r"^%s built a basic knight at " % nick))
            if "promote" in spots and hand[2] >= 2:
                moves.append(("promote", "!knight promote %s" % spots["promote"][0],
                              r"^%s promoted the knight at " % nick))
            if "wall" in spots and sum(hand) >= 7:
                moves.append(("wall", "!wall %s" % spots["wall"][0],
                              r"^%s built a city wall at " % nick))
            if "road" in spots and "settlement" not in spots and covers(hand, ROAD) and \
                    self.route[p.nick] > 0:
                edges = spots["road"]
                moves.append(("road", "!build road %s" % self.rng.choice(edges[:4]),
                              r"^%s built a road at " % nick))
            bank = self.bank_move(p, hand)
            if bank:
                moves.append(("bank", bank[0], r"^%s trades " % nick))
            moves = [m for m in moves if m[0] not in skip]
            if not moves:
                return
            kind, text, pattern = moves[0]
            if self.try_move(p, text, self.new_part(n, pattern)):
                self.did[kind] += 1
                if kind == "knight":
                    knights += 1
                if kind == "road":
                    self.route[p.nick] -= 1
                if kind == "settlement":
                    self.route[p.nick] = 2
                if kind == "improve":
                    m = next(nick_match(pattern, x) for x in self.tr.parts[n:]
                             if nick_match(pattern, x))
                    self.levels[p.nick][text.split()[1]] = int(m.group(1))
                hand = self.hand_after(p, h)
                continue
            skip.add(kind)
            reply = self.refused[-1][2] or "" if self.refused else ""
            if kind == "bank" and "rate" in reply:
                give = bank[1]
                self.rate[p.nick][give] = max(2, self.rate[p.nick][give] - 1)
                skip.discard("bank")
            if "waits for" in reply or "first" in reply:
                return  # something pending comes first: the main loop sees to it

    def end(self, p):
        n = len(self.tr.parts)
        if self.try_move(p, "!end", lambda: self.tr.winner or any(
                x.startswith("turn ") for x in self.tr.parts[n:])):
            self.did["end"] += 1
            return True
        return False

    # The game.
    def handle_asks(self):
        """Asks of people not yet answered: answered with a command, else left to the timer."""
        for i, (at, nick, what) in enumerate(self.tr.asks):
            if i in self.answered or nick not in self.people:
                continue
            self.answered.add(i)
            if self.on_pending:
                self.on_pending("ask", nick, what)
            self.answer(self.people[nick], what)
            return True
        return False

    def handle_choices(self):
        """A deck to choose or a fifth card to give up, as the channel said."""
        while self.chosen < len(self.tr.choices):
            _, nick, kind = self.tr.choices[self.chosen]
            self.chosen += 1
            if nick in self.people:
                if kind.startswith("gold"):
                    self.gold(self.people[nick], int(kind.split()[1]))
                    return True
                if self.on_pending:
                    self.on_pending(kind, nick, "")
                self.pending_cards(self.people[nick], kind == "draw")
                return True
        return False

    def gold(self, p, need):
        """The aqueduct's card: what a city lacks most, else ore."""
        hand = self.tr.told(p.nick)[0]
        lack = [i for i in range(5) for _ in range(max(0, CITY[i] - hand[i]))] + [4] * need
        n = len(self.tr.parts)
        if self.try_move(p, "!gold " + " ".join(RES[i] for i in lack[:need]), self.new_part(
                n, r"^%s (took|takes) " % re.escape(p.nick))):
            self.did["gold"] += 1

    def play(self, deadline, max_turns=None):
        """Plays until someone wins, or (max_turns) until that turn begins; returns the winner
        or None."""
        tr = self.tr
        asked_at = 0
        prompts = 0
        discarded, rolled, ended = set(), set(), set()
        while not tr.winner:
            if max_turns and tr.turn >= max_turns:
                return None
            check(time.time() < deadline, "a winner in time (turn %d, did %s, last lines %s)"
                  % (tr.turn, self.did, tr.lines[-6:]))
            self.pump(0.05)
            if tr.winner:
                break
            self.answer_offers()
            self.handle_looks()
            while tr.setup and prompts < len(tr.prompts):
                kind, nick = tr.prompts[prompts]
                prompts += 1
                if nick in self.people:
                    self.place(self.people[nick], kind)
            if tr.setup:
                if time.time() - self.last_line > QUIET_S * 2 and time.time() - asked_at > 3:
                    asked_at = time.time()
                    if self.act_on(self.status()):
                        prompts = len(tr.prompts)
                continue
            if self.handle_asks() or self.handle_choices():
                continue
            owed = [(n, c) for n, c in tr.discard.items()
                    if n in self.people and (tr.turn, n, tr.roll) not in discarded]
            if owed:
                discarded.add((tr.turn, owed[0][0], tr.roll))
                self.discard(self.people[owed[0][0]], owed[0][1])
                continue
            if tr.robber in self.people:
                if not self.board.hexes:
                    self.read_board()
                self.robber(self.people[tr.robber])
                continue
            cur = self.people.get(tr.current)
            if cur and tr.turn not in rolled:
                rolled.add(tr.turn)
                self.roll(cur)
                continue
            if cur and tr.turn not in ended and not tr.discard and tr.robber is None:
                ended.add(tr.turn)
                self.play_cards(cur, False)
                self.build_phase(cur)
                self.play_cards(cur, False)
                if not tr.winner:
                    self.end(cur)  # when refused, !status says later what the game awaits
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
        for m in re.finditer(r" \| (%s) (draws a progress card from a deck|holds 5 progress)"
                             % NICK, text):
            if m.group(1) in self.people:
                if self.on_pending:
                    self.on_pending("draw" if "draws" in m.group(2) else "fifth", m.group(1),
                                    text)
                self.pending_cards(self.people[m.group(1)], "draws" in m.group(2))
                return False
        m = nick_match(r"^setup: (NICK) places a (settlement|road)", text)
        if m:
            if m.group(1) in self.people:
                self.place(self.people[m.group(1)], m.group(2))
                return True
            return False
        m = re.match(r"^.*waiting for (discards|gold choices):(.*?)(?: \(|$)", text)
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
            if not self.board.hexes:
                self.read_board()
            self.robber(p)
        else:
            self.build_phase(p)
            if not self.tr.winner:
                self.end(p)
        return False
