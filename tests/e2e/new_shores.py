#!/usr/bin/python3
"""A whole game on Heading for New Shores, through the real bot and a local ngIRCd.

One scripted person, ann, opens a lobby, picks the map with !map new_shores, seats two normal
computer players with !addbot (a short delay and thinking time) and starts. Then she plays from
what the bot tells her: the setup prompts in the channel (a settlement from !spots, beside a
gold field when !corner shows one of the best two corners is; a road, her second piece a ship
when !spots offers one); her turn, her discards and the robber from the channel lines; and
otherwise !status, asked when the channel falls quiet or a line about gold names her, whose
first line says what the game waits for (her gold choice: !gold, ore first, another resource
when refused). On her turns she rolls, asks !spots when her hand pays for something and builds
a city, a settlement, a ship (before a road, so that she builds ships whenever !spots offers
one) or a road, trades with the bank (4:1, a better rate once refused), and ends the turn; she
rejects every offer made to her, so that computer players need not wait for her. The wording
of event lines about gold is not relied on.

Checked: the map is New Shores (the !map reply in the lobby and in the game), someone wins
(SPEC section 5's game-over line), a ship was built (an event line), ann got and answered
what she was asked, the bot stays up, exits 0 and its log is clean. Every wait is bounded."""

import argparse
import random
import re
import shutil
import sys
import time

from harness import Bot, Client, Ngircd, TestFailure, Workdir, bot_config, check, join_all
from play import COST, HAND_RE, RES, SPOTS_RE, Table, Tracker, nick_match, typed

BOT = "brickwood"
CHAN = "#shores"
ME = "ann"
# The names !addbot gives, in order.
ROBOTS = ["Ada", "Alan", "Grace"]
SHIP = (1, 0, 1, 0, 0)
STATUS_RE = re.compile(r"^(?:#\S+ )?(setup: |turn \d+: |game over)")
# Seconds without a new channel line after which ann asks !status what the game waits for.
QUIET_S = 1.2
OFFER_RE = r"^(NICK) offers (.+?) for (.+?) to (.+?) \(offer (\d+)\)(?: \(\S+trade accept .*\))?$"


def covers(hand, cost):
    return all(h >= c for h, c in zip(hand, cost))


class Person(Table):
    """ann at a table of computer players; the Tracker reads the channel, the rest is read
    from !status and !spots."""

    # The bot takes a command a second from each user, a burst of five: ann keeps just under.
    # The bot counts by when it reads a command: a loaded machine can bring two of hers to it
    # closer than she sent them, and a spare token (a burst of four) absorbs that.
    BURST = 4
    REFILL = 1.1

    def __init__(self, client, log, seed):
        super().__init__(CHAN, [client], BOT, seed=seed, log=log)
        self.me = client
        # Only ann's private lines are read: a steal between computer players names no card.
        self.tr = Tracker(CHAN, BOT, watched=[ME])
        self.tr.seat(ME)
        self.read = 0              # channel parts read for offers
        self.offers = []           # offers to ann not answered yet
        self.gold_asked = 0        # times !status said the game waits for ann's gold choice
        self.rate = [4] * 5        # ann's bank rates as she learns them from refusals
        self.did = {"setup": 0, "roll": 0, "build": 0, "ship": 0, "bank": 0, "robber": 0,
                    "discard": 0, "gold": 0, "status": 0, "end": 0, "reject": 0}
        self.ship_offered = 0      # turns on which !spots offered ann a ship
        self.seats = [ME]          # every player's name, from the order line
        self.land, self.sea = [], []  # hex letters, from !board text
        self.done_prompts = 0
        self.last_line = time.time()
        self.status_lines = []     # the first line of every !status answer, in order

    def pump(self, timeout):
        n = len(self.tr.lines)
        super().pump(timeout)
        if len(self.tr.lines) != n:
            self.last_line = time.time()

    # What the bot shows.
    def status(self):
        """The first line of a !status answer (in the channel, or privately when asked again
        within 15 s)."""
        self.did["status"] += 1
        n = len(self.tr.lines)
        self.clear_replies(self.me)
        self.say(self.me, "!status")
        deadline = time.time() + 20
        while time.time() < deadline:
            for t in self.tr.lines[n:]:
                if STATUS_RE.match(t):
                    self.status_lines.append(t)
                    return t
            for t, _ in self.replies.get(ME, []):
                if STATUS_RE.match(t):
                    self.status_lines.append(t)
                    return t
            if self.tr.winner:
                return ""
            self.pump(0.2)
        raise TestFailure("no answer to !status (last lines %s)" % self.tr.lines[-6:])

    def spots_of(self, kind=None):
        self.clear_replies(self.me)
        self.say(self.me, "!spots" + (" " + kind if kind else ""))
        text, _ = self.reply(self.me, lambda t: SPOTS_RE.match(t) is not None, 30, "spots")
        kinds = {}
        for part in SPOTS_RE.match(text).group(2).split("|"):
            words = part.split()
            if words and words[0] in ("settlement", "road", "city", "ship"):
                kinds[words[0]] = words[1:]
        return kinds

    def hand(self):
        return self.tr.told(ME)[0]

    def fresh_hand(self):
        """The bot's answer to !hand."""
        n = len(self.tr.seen_hands.get(ME, []))
        self.say(self.me, "!hand")
        self.wait(lambda: len(self.tr.seen_hands.get(ME, [])) > n or self.tr.winner, 20,
                  "hand line")
        return self.hand()

    def try_move(self, text, done, timeout=20):
        """A move; True when done() came true, False when the bot refused it. A late answer
        to a rejected offer (already closed) is no answer to the move."""
        self.clear_replies(self.me)
        self.say(self.me, text)
        refusal = lambda: next((r for r, _ in self.replies.get(ME, [])
                                if "offer" not in r and not SPOTS_RE.match(r)), None)
        self.wait(lambda: done() or refusal() or self.tr.winner, timeout, "answer to %r" % text)
        if done():
            return True
        if not self.tr.winner:
            self.refused.append((ME, text, refusal()))
            self.note("! refused %s %r: %s" % (ME, text, refusal()))
        return False

    def new_part(self, n, pattern):
        return lambda: any(nick_match(pattern, p) for p in self.tr.parts[n:])

    # The setup.
    def place(self, kind, at):
        self.did["setup"] += 1
        if kind == "settlement":
            spots = self.spots_of("settlement").get("settlement", [])
            check(spots, "a settlement spot in the setup")
            # Beside a gold field if one of the best few corners is (so that the gold
            # choice comes to ann): !corner names the hexes around a corner.
            for v in spots[:2]:
                self.clear_replies(self.me)
                self.say(self.me, "!corner %s" % v)
                text, _ = self.reply(self.me, lambda r: "corner %s:" % v in r, 20, "!corner")
                if "gold" in text.split(";")[0]:
                    spots = [v]
                    break
            n = len(self.tr.parts)
            ok = self.try_move("!build settlement %s" % spots[0],
                               self.new_part(n, r"^%s built a settlement at " % ME))
            check(ok, "ann's setup settlement at %s: %s" % (spots[0], self.refused[-1:]))
            return
        spots = self.spots_of()
        roads, ships = spots.get("road", []), spots.get("ship", [])
        # The second setup piece a ship when the coast allows one (the rules allow it).
        if ships:
            self.ship_offered += 1
        choices = ([("ship", e) for e in ships] if self.did["setup"] == 4 else []) + \
                  [("road", e) for e in roads] + [("ship", e) for e in ships]
        check(choices, "a road or ship spot in the setup: %s" % spots)
        for piece, edge in choices[:3]:
            n = len(self.tr.parts)
            if self.try_move("!build %s %s" % (piece, edge),
                             self.new_part(n, r"^%s (built|places) a %s at " % (ME, piece))):
                if piece == "ship":
                    self.did["ship"] += 1
                return
        raise TestFailure("ann could not place her setup road or ship: %s" % self.refused[-3:])

    # Answers.
    def discard(self, need):
        hand = list(self.fresh_hand())
        check(sum(hand) >= need, "ann holds %s, must discard %d" % (hand, need))
        give = [0] * 5
        for _ in range(need):
            i = max(range(5), key=lambda k: (hand[k] - COST["city"][k], hand[k]))
            hand[i] -= 1
            give[i] += 1
        text = "!discard " + " ".join("%d %s" % (n, RES[i]) for i, n in enumerate(give) if n)
        n = len(self.tr.parts)
        if self.try_move(text, self.new_part(n, r"^%s discarded " % ME)):
            self.did["discard"] += 1

    def gold(self, need):
        """!gold: ore first (cities), then grain, wool, wood, brick, one resource for all."""
        order = ["ore", "grain", "wool", "wood", "brick"]
        before = self.hand()
        for res in order:
            n = len(self.hand_lines.get(ME, []))
            # Done when a hand line with more cards arrives, or the game moves on.
            done = lambda: any(sum(r) > sum(before) for r, _ in self.hand_lines.get(ME, [])[n:])
            if self.try_move("!gold " + " ".join([res] * need), done):
                self.did["gold"] += 1
                return
            if self.tr.winner:
                return
            self.note("! gold %s refused: %s" % (res, self.refused[-1:]))
            if "gold" not in self.refused[-1][2] and "bank" not in self.refused[-1][2]:
                return  # not asked any more (a timeout chose for her)

    def robber(self):
        """Moves the robber (a land hex) or the pirate (a sea hex); names a victim when the
        bot asks whom to rob."""
        hexes = self.land + self.sea
        rng = random.Random(len(self.tr.parts))
        rng.shuffle(hexes)
        others = [typed(s) for s in self.seats if s != ME]
        moved = self.tr.robber_moved
        done = lambda: (self.tr.robber_moved != moved or any(
            nick_match(r"^%s moved the pirate to " % ME, p) for p in self.tr.parts[n:]))
        for h in hexes[:8]:
            n = len(self.tr.parts)
            if self.try_move("!robber %s" % h, done):
                self.did["robber"] += 1
                self.tr.robber = None
                return
            if self.tr.winner:
                return
            if "name whom" in self.refused[-1][2]:
                for o in others:
                    n = len(self.tr.parts)
                    if self.try_move("!robber %s %s" % (h, o), done):
                        self.did["robber"] += 1
                        self.tr.robber = None
                        return
        raise TestFailure("ann could not move the robber or the pirate: %s" % self.refused[-4:])

    # Her turn.
    def build_phase(self):
        """One build at most, else one bank trade: short turns keep the game short."""
        for _ in range(1):
            if self.tr.winner:
                return
            hand = self.hand()
            can = {k: covers(hand, COST[k]) for k in ("city", "settlement", "road")}
            can["ship"] = covers(hand, SHIP)
            if not any(can.values()):
                break
            spots = self.spots_of()
            if spots.get("ship"):
                self.ship_offered += 1
            moves = []
            for kind in ("city", "settlement", "ship", "road"):
                if can[kind] and spots.get(kind):
                    moves.append((kind, spots[kind][0]))
            if not moves:
                break
            kind, at = moves[0]
            n = len(self.tr.parts)
            if not self.try_move("!build %s %s" % (kind, at),
                                 self.new_part(n, r"^%s built a %s at " % (ME, kind))):
                break
            self.did["build"] += 1
            if kind == "ship":
                self.did["ship"] += 1
            return
        hand = self.hand()
        spare = [i for i in range(5) if hand[i] >= self.rate[i]]
        lack = [i for i in (4, 3, 2, 0, 1) if hand[i] == 0]
        if spare and lack and not self.tr.winner:
            give, get = max(spare, key=lambda i: hand[i]), lack[0]
            n = len(self.tr.parts)
            if self.try_move("!bank %d %s for 1 %s" % (self.rate[give], RES[give], RES[get]),
                             self.new_part(n, r"^%s trades " % ME)):
                self.did["bank"] += 1
            elif "rate" in (self.refused[-1][2] or "") and self.rate[give] > 2:
                self.rate[give] -= 1  # a harbor: a better rate next time

    def roll(self):
        turn = self.tr.turn
        n = len(self.tr.parts)
        if not self.try_move("!roll", self.new_part(n, r"^%s rolled \d+" % ME)):
            return
        self.did["roll"] += 1
        self.note("! ann rolled on turn %d" % turn)

    def end(self):
        n = len(self.tr.parts)
        if self.try_move("!end", lambda: self.tr.winner or any(
                p.startswith("turn ") for p in self.tr.parts[n:])):
            self.did["end"] += 1

    def answer_offers(self):
        """Rejects every offer made to ann (a computer player's offer waits for her answer)."""
        while self.read < len(self.tr.parts):
            m = nick_match(OFFER_RE, self.tr.parts[self.read])
            self.read += 1
            if m and m.group(1) != ME and (m.group(4) == "everyone" or
                                           ME in m.group(4).split(", ")):
                self.offers.append(m.group(5))
        # Only those still open (one closed in the meantime needs no answer).
        self.pump(0)
        for oid in self.offers:
            closed = re.compile(r"^(offer %s .*closed|NICK accepts offer %s;)".replace(
                "NICK", r"\S+(?: \(bot\))?") % (oid, oid))
            if not any(closed.match(p) for p in self.tr.parts[-30:]):
                self.say(self.me, "!trade reject %s" % oid)
                self.did["reject"] += 1
        self.offers = []

    # The game.
    def play(self, deadline):
        """Reacts to the channel where it says what ann must do (her turn, her discards, the
        robber); otherwise, when the channel falls quiet or a line about gold names her, asks
        !status what the game waits for."""
        tr = self.tr
        asked_at = 0
        gold_read = 0
        discarded, rolled, ended = set(), set(), set()
        while not tr.winner:
            check(time.time() < deadline, "a winner in time (turn %d, ann did %s, last lines "
                  "%s)" % (tr.turn, self.did, tr.lines[-6:]))
            self.pump(0.05)
            if tr.winner:
                break
            self.answer_offers()
            while tr.setup and self.done_prompts < len(tr.prompts):
                kind, nick, at = tr.prompts[self.done_prompts]
                self.done_prompts += 1
                if nick == ME:
                    self.place(kind, at)
            # Whatever its wording, a line about gold that names ann: ask at once.
            hints = [p for p in tr.parts[gold_read:] if "gold" in p and ME in p.split()]
            hints += [t for t, _ in self.replies.get(ME, []) if "gold" in t]
            gold_read = len(tr.parts)
            if hints:
                self.clear_replies(self.me)
                asked_at = 0
                self.last_line = 0
            elif not tr.setup:
                if ME in tr.discard and tr.turn not in discarded:
                    discarded.add(tr.turn)
                    self.discard(tr.discard[ME])
                    continue
                if tr.robber == ME:
                    self.robber()
                    continue
                if tr.current == ME and tr.turn not in rolled:
                    rolled.add(tr.turn)
                    self.roll()
                    continue
                if (tr.current == ME and tr.turn in rolled and tr.turn not in ended and
                        ME not in tr.discard and tr.robber is None):
                    ended.add(tr.turn)
                    self.build_phase()
                    if not tr.winner:
                        self.end()
                    continue
            # The game waits for someone when the channel is quiet: ask what for.
            now = time.time()
            if now - self.last_line < QUIET_S or now - asked_at < QUIET_S:
                continue
            asked_at = now
            self.act_on(self.status())
        return tr.winner

    def act_on(self, line):
        """Does what the first line of !status asks of ann, if anything."""
        text = re.sub(r"^#\S+ ", "", line)
        text = re.sub(r" \([^()]*left[^()]*\)$", "", text)
        self.note("! status: %s" % text)
        m = nick_match(r"^setup: (NICK) places a (settlement|road)", text)
        if m:
            if m.group(1) == ME:
                # A prompt not read yet (or missed): placed now, and not again for the prompt.
                self.done_prompts = len(self.tr.prompts)
                self.place(m.group(2), None)
            return
        m = re.match(r"^.*waiting for (discards|gold choices):(.*)$", text)
        if m:
            owed = dict((w, int(n)) for w, n in
                        re.findall(r"(\S+(?: \(bot\))?) (\d+)", m.group(2)))
            if ME in owed:
                if m.group(1) != "discards":
                    self.gold_asked += 1
                (self.discard if m.group(1) == "discards" else self.gold)(owed[ME])
            return
        m = nick_match(r"^turn \d+: (NICK) (rolls the dice|moves the robber|rolled \d+, trades)",
                       text)
        if not m or m.group(1) != ME:
            return
        if m.group(2).startswith("rolls"):
            self.roll()
        elif m.group(2).startswith("moves"):
            self.robber()
        else:
            self.build_phase()
            if not self.tr.winner:
                self.end()


def lobby(t):
    me = t.me

    def announced(text, want):
        n = len(t.tr.lines)
        t.say(me, text)
        t.wait(lambda: any(want in l for l in t.tr.lines[n:]), 20, "%r after %r" % (want, text))
        return next(l for l in t.tr.lines[n:] if want in l)

    announced("!new", "%s opened a lobby" % ME)
    chose = announced("!map new_shores", "%s chose the map new_shores" % ME)
    check("Heading for New Shores" in chose and "14 points" in chose,
          "the map chosen: %r" % chose)
    return chose


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", required=True)
    ap.add_argument("--ngircd", default="/usr/sbin/ngircd")
    ap.add_argument("--timeout", type=float, default=210)
    ap.add_argument("--robots", type=int, default=2, choices=(2, 3))
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--keep", action="store_true", help="keep the work directory")
    args = ap.parse_args()
    started = time.time()
    work = Workdir()
    server = Ngircd(args.ngircd, work, throttle=False)
    net = {"name": "local", "host": "127.0.0.1", "port": server.port, "tls": False, "nick": BOT,
           "channels": [CHAN], "flood": {"burst": 50, "interval_ms": 20}}
    game = {"max_players": 4, "turn_timeout_s": 20, "bot_delay_ms": 0, "bot_think_ms": 50}
    bot = Bot(args.bot, work, bot_config([net], game=game, bot={"colors": False}),
              seed=args.seed)
    log = open(work.file("table.log"), "w")
    clients = []
    ok = False
    try:
        ann = Client(server.port, ME)
        clients.append(ann)
        join_all([ann], CHAN, BOT)  # the bot, started first, may be in before her
        t = Person(ann, log, args.seed)

        chose = lobby(t)
        for name, level in zip(ROBOTS, ("normal", "normal", "easy")[:args.robots]):
            n = len(t.tr.lines)
            t.say(ann, "!addbot " + level)
            t.wait(lambda: any("%s (bot) joined" % name in l for l in t.tr.lines[n:]), 20,
                   "%s seated" % name)
        n = len(t.tr.lines)
        t.say(ann, "!start")
        t.wait(lambda: any(l.startswith("the game starts! order:") for l in t.tr.lines[n:]), 20,
               "the game starts")
        order = next(l for l in t.tr.lines[n:] if l.startswith("the game starts!"))
        t.seats = order.split(":", 1)[1].strip().split(", ")
        check(len(t.seats) == args.robots + 1, "the order names every seat: %r" % order)
        # The game's map, and its hexes for the robber and the pirate.
        t.clear_replies(ann)
        t.say(ann, "!map")
        reply, _ = t.reply(ann, lambda r: "played on" in r, 20, "the game's map")
        check("new_shores" in reply and "Heading for New Shores" in reply and "14 points" in
              reply, "!map in the game: %r" % reply)
        n = len(t.tr.lines)
        t.clear_replies(ann)
        t.say(ann, "!board text")
        # In the channel, or privately when the channel saw it a moment ago.
        got = lambda: t.tr.lines[n:] + [r for r, _ in t.replies.get(ann.nick, [])]
        t.wait(lambda: any(re.match(r"^\S+ sea: ", l) for l in got()) or t.tr.winner,
               15, "the board as text, its sea")
        for l in got():
            m = re.match(r"^\S+ (hexes|sea): (.*)$", l)
            if m:
                names = [w.split()[0] for w in m.group(2).split(", ") if w.strip()]
                (t.land if m.group(1) == "hexes" else t.sea).extend(
                    x for x in names if re.match(r"^[A-Z]+$", x))
        check(t.land and t.sea, "land and sea hexes read: %s / %s" % (t.land, t.sea))

        winner = t.play(time.time() + args.timeout)

        tr = t.tr
        t.wait(lambda: any(l.startswith("points: ") for l in tr.lines), 20, "the summary")
        t.quiet(0.5, 3)
        game_over = [p for p in tr.parts if nick_match(r"^NICK wins with \d+ victory points",
                                                       p)]
        check(len(game_over) == 1, "one game-over line: %s" % game_over)
        check(winner[1] >= 14, "the winner has the scenario's 14 points: %s" % (winner,))
        ships = [p for p in tr.parts if nick_match(r"^NICK (built|places) a (free )?ship at ",
                                                   p)]
        check(ships, "a ship built (an event line)")
        check(t.did["setup"] == 4, "ann placed her four setup pieces: %s" % t.did)
        check(t.did["roll"] >= 3, "ann rolled on her turns: %s" % t.did)
        if t.ship_offered:
            check(t.did["ship"] >= 1, "ann built a ship, offered %d times: %s"
                  % (t.ship_offered, t.did))
        if t.gold_asked:
            check(t.did["gold"] >= 1, "ann chose from the gold fields when asked: %s" % t.did)
        timeouts = [p for p in tr.parts if p.startswith("time is up for %s" % ME)]
        check(not timeouts, "ann's time never ran out: %s" % timeouts)
        # What a player may not see, never in the channel.
        hidden = [l for l in tr.lines if HAND_RE.match(l) or " hand: " in l]
        check(not hidden, "no hand in the channel: %s" % hidden[:3])
        check(bot.alive(), "the bot is alive")
        rc = bot.stop()
        check(rc == 0, "bot exit status %s" % rc)
        bot.check_clean_log()
        print("ok: %s; %s; %s won with %d VP after %d turns; %d ship lines; ann did %s; "
              "asked for gold %d times; %.0f s" % (chose, order, winner[0], winner[1], tr.turn,
                                              len(ships), t.did, t.gold_asked,
                                              time.time() - started))
        ok = True
        return 0
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


if __name__ == "__main__":
    try:
        sys.exit(main())
    except TestFailure as e:
        print("FAIL:", e)
        sys.exit(1)
