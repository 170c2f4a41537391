#!/usr/bin/python3
"""A person among computer players, through the real bot and a local ngIRCd.

The lobby first: !addbot and !removebot with the replies the bot gives when a level is unknown,
the table is full, a name is no computer player's (a person's included) or someone not seated
asks; a computer player removed by its name and seated again. Then one scripted person, ann,
plays beside an easy, a normal and a hard computer player (game.takeover on, a 10 s turn
timer, 6 victory points), from the channel and her private lines: she places her setup
pieces, and on her first turn after the setup goes silent. Her time runs out and the channel
is told that a computer player sits in; once it has made a move for her (an answer to an offer,
a roll) she speaks (and tries !addbot and !removebot, which a running game refuses), and at the
start of her next move the channel is told that she is back. Then she plays on until someone
wins: rolls, builds, trades with the bank, offers trades to the computer players (naming one
without "(bot)") and confirms with one who accepts, answers theirs (or lets them pass when
they are closed or her time is short), discards and moves the robber when the dice say so.

Checked besides: every hand line ann gets matches her hand as followed from the channel;
nothing is ever sent to a computer player's name (clients named like them, outside the
channel, get nothing from the bot; no client sees 401 or 432); the bot stays up, exits 0 and
its log is clean. About a minute; every wait is bounded."""

import argparse
import re
import shutil
import sys
import time

from harness import (Bot, Client, Ngircd, TestFailure, Workdir, bot_config, check, from_bot,
                     join_all)
from play import COST, RES, Table, Tracker, cards, cards_text, nick_match, typed

BOT = "brickwood"
CHAN = "#robots"
ME = "ann"
TIMER = 10
# Short games, yet long enough that ann is back well before anyone can win.
VP = 6
# ann goes silent on this regular turn of hers (counted from 1): early, so that the game is
# still on when she is back.
SILENT_TURN = 1
# Of the turn timer, what ann may spend before she only builds, and before she only ends.
OPTIONAL_S = 3.5
BUILD_S = 6.0
# The names !addbot gives, in order.
ROBOTS = ["Ada", "Alan", "Grace"]
OFFER_RE = r"^(NICK) offers (.+?) for (.+?) to (.+?) \(offer (\d+)\)(?: \(\S+trade accept .*\))?$"


class Person(Table):
    """One scripted person at a table of computer players: the Table's strategy for her own
    moves, the Tracker reading the channel for everyone (only her private lines are seen)."""

    def __init__(self, client, log):
        super().__init__(CHAN, [client], BOT, seed=5, log=log)
        self.me = client
        self.tr = Tracker(CHAN, BOT, watched=[client.nick])
        self.tr.seat(client.nick)
        self.seen = 0              # parts of channel lines read by events()
        self.offers = []           # (id, from, give, get) offered to ann, still to answer
        self.answers = {}          # offer id -> {nick: "accepts" | "rejects"}
        self.closed = set()        # offer ids closed
        self.state = "play"        # play -> silent -> sat_in -> asked -> back
        self.marks = {}            # what happened when: name -> (time, index in tr.parts)
        self.did = {"setup": 0, "roll": 0, "build": 0, "bank": 0, "robber": 0, "discard": 0,
                    "offer": 0, "trade": 0, "accept": 0, "reject": 0, "ignored": 0}
        self.own_turns = 0
        self.played = set()        # turns ann has played (or let pass in silence)
        self.discarded = set()     # (turn, roll) of the 7s ann discarded for
        self.turn_at = 0           # when the last turn of ann's began
        self.denied = []           # replies, after her return, that a computer sits in for her

    # Reading the channel.
    def mark(self, name):
        """Notes the first time name happened, and how many channel parts were read then."""
        if name not in self.marks:
            self.marks[name] = (time.time(), self.seen)

    def events(self):
        """Reads the channel parts that arrived since the last call."""
        parts = self.tr.parts
        while self.seen < len(parts):
            t = parts[self.seen]
            self.seen += 1
            m = nick_match(OFFER_RE, t)
            if m:
                who, oid = m.group(1), int(m.group(5))
                to = m.group(4).split(", ")
                self.answers.setdefault(oid, {})
                if who != ME and (to == ["everyone"] or ME in to):
                    self.offers.append((oid, who, cards(m.group(2)), cards(m.group(3))))
                continue
            m = nick_match(r"^(NICK) (accepts|rejects) offer (\d+)", t)
            if m:
                self.answers.setdefault(int(m.group(3)), {})[m.group(1)] = m.group(2)
                continue
            m = re.match(r"^offer (\d+) by .* is closed$", t)
            if m:
                self.closed.add(int(m.group(1)))
                continue
            if re.match(r"^turn \d+: %s to roll(?: \(\S+roll\))?$" % ME, t):
                self.turn_at = time.time()
            elif t == "%s is out of time: a computer player sits in until they are back" % ME:
                self.mark("sat_in")
                if self.state in ("play", "back"):
                    # Not planned: ann was too slow (a stall somewhere). She takes the seat back
                    # all the same, and the test says so.
                    self.note("! %s ran out of time while playing" % ME)
                    self.mark("unplanned")
                self.state = "sat_in"
            elif t == "%s is back and plays again" % ME:
                self.mark("back")
                if self.state == "asked":
                    self.state = "back"
            elif t.startswith("time is up for %s:" % ME):
                self.mark("timeout")
            elif self.state == "sat_in" and re.match(
                    r"^%s (rolled|accepts offer|rejects offer|discarded|built|moved the robber|"
                    r"trades|bought|plays|offers) " % ME, t):
                self.mark("sitter_moved")

    def pump(self, timeout):
        super().pump(timeout)
        self.events()

    def feed(self, client, m):
        super().feed(client, m)
        if (self.state == "back" and m.nick == BOT and m.params and m.params[0] == ME and
                "a computer player sits in for you" in m.params[-1]):
            self.denied.append(m.params[-1])

    def until(self, cond, timeout):
        """Reads until cond() or timeout seconds; returns cond()."""
        deadline = time.time() + timeout
        while not cond() and time.time() < deadline:
            self.pump(min(0.2, deadline - time.time()))
        return cond()

    def tokens_left(self):
        now = time.time()
        tok, at = self.tokens.get(id(self.me), (self.BURST, now))
        return min(self.BURST, tok + (now - at) / self.REFILL)

    # ann's own moves.
    def discard_for(self, nick):
        """Only ann's discards: the computer players make their own."""
        if nick != ME:
            return
        need = self.tr.discard.get(ME, 0)
        self.clear_replies(self.me)
        super().discard_for(nick)
        self.wait(lambda: ME not in self.tr.discard or self.replies.get(ME) or self.tr.winner,
                  10, "discard line")
        if ME in self.tr.discard and not self.tr.winner:
            # The tracked hand was off: the bot's own, then the cheapest cards.
            hand = list(self.real_hand(self.me))
            give = [0] * 5
            for _ in range(need):
                i = max(range(5), key=lambda k: hand[k])
                hand[i] -= 1
                give[i] += 1
            self.act(self.me, "!discard " + cards_text(give),
                     lambda: ME not in self.tr.discard, 20, "discard line")
        self.did["discard"] += 1

    def place(self, kind, at):
        """A setup piece where the Table's strategy puts it, else at one of the bot's spots."""
        choice = self.setup_choice(kind, ME, at)
        if choice is None:
            s, _, _ = self.spots(self.me)
            check(s.get(kind), "%s has a %s spot in setup" % (ME, kind))
            choice = s[kind][0]
        n = len(self.tr.buildings) + len(self.tr.roads)
        done = lambda: len(self.tr.buildings) + len(self.tr.roads) > n and any(
            p.startswith("%s built a %s at " % (ME, kind)) for p in self.tr.parts[-6:])
        if not self.act(self.me, "!build %s %s" % (kind, choice), done, 20, "setup piece"):
            s, _, _ = self.spots(self.me)
            check(s.get(kind), "%s has a %s spot in setup (%s)" % (ME, kind, self.refused[-1:]))
            check(self.act(self.me, "!build %s %s" % (kind, s[kind][0]), done, 20, "setup piece"),
                  "%s places a %s at one of the bot's spots: %s" % (ME, kind, self.refused[-1:]))
        self.did["setup"] += 1

    def answer_offers(self, mine=False):
        """Offers to ann from computer players (counter-offers to hers during her turn, when
        mine): accepted when they bring her closer to what she builds next, else rejected;
        ignored when closed already, or in her own turn when her time is short (a computer
        player waits a few seconds for answers from people, then goes on)."""
        while self.offers:
            oid, who, give, get = self.offers.pop(0)
            if oid in self.closed or (self.tr.current == ME) != mine or (
                    mine and self.tokens_left() < 1):
                self.did["ignored"] += 1
                continue
            hand = self.tr.hand(ME)[0]
            after = add_cards(hand, give, get)
            verb = "accept" if after and self.need(after) < self.need(hand) else "reject"
            self.say(self.me, "!trade %s %d" % (verb, oid))
            self.did[verb] += 1

    def need(self, hand):
        """Cards missing for the nearest of a city and a settlement."""
        return min(sum(max(0, c - h) for c, h in zip(goal, hand))
                   for goal in (COST["city"], COST["settlement"]))

    def offer_trade(self, since):
        """One offer of a spare card for a missing one to the computer players (the first one
        named without "(bot)"); confirmed with whoever accepts, else withdrawn."""
        hand = self.current_hand(self.me, since)
        goal = min((COST["city"], COST["settlement"]),
                   key=lambda g: sum(max(0, c - h) for c, h in zip(g, hand)))
        missing = [i for i in range(5) if hand[i] < goal[i]]
        spare = [i for i in range(5) if hand[i] > goal[i]]
        if not missing or not spare:
            return
        give, get = max(spare, key=lambda i: hand[i] - goal[i]), missing[0]
        to = " to %s" % ROBOTS[self.did["offer"] % 3] if self.did["offer"] % 2 == 0 else ""
        parts = len(self.tr.parts)
        self.clear_replies(self.me)
        self.say(self.me, "!trade offer 1 %s for 1 %s%s" % (RES[give], RES[get], to))
        self.did["offer"] += 1
        line = lambda: next((p for p in self.tr.parts[parts:]
                             if p.startswith("%s offers 1 %s for 1 %s to " % (ME, RES[give],
                                                                            RES[get]))), None)
        self.wait(lambda: line() or self.replies.get(ME) or self.tr.winner, 20, "offer line")
        if not line():
            return
        m = nick_match(OFFER_RE, line())
        oid, to = int(m.group(5)), m.group(4).split(", ")
        if self.did["offer"] % 2 == 1:
            check(to == [ROBOTS[(self.did["offer"] - 1) % 3] + " (bot)"],
                  "an offer to a computer player named without (bot): %r" % line())
        else:
            check(to == ["everyone"] or sorted(to) == [n + " (bot)" for n in ROBOTS],
                  "an offer to everyone: %r" % line())
        expected = 3 if len(to) == 3 or to == ["everyone"] else 1
        self.until(lambda: len(self.answers.get(oid, {})) >= expected or oid in self.closed or
                   self.tr.winner, 4)
        takers = [n for n, a in self.answers.get(oid, {}).items() if a == "accepts"]
        # A counter-offer from one who refused: answered too.
        self.answer_offers(mine=True)
        if takers and oid not in self.closed:
            n = len(self.tr.parts)
            ok = self.act(self.me, "!trade confirm %s %d" % (typed(takers[0]), oid),
                          lambda: any(p.startswith("%s gives 1 %s to %s for " % (
                              ME, RES[give], takers[0])) for p in self.tr.parts[n:]), 20,
                          "trade line")
            self.did["trade"] += 1 if ok else 0
        elif oid not in self.closed:
            self.act(self.me, "!trade cancel %d" % oid, lambda: oid in self.closed, 20,
                     "offer closed")

    def my_turn(self):
        tr = self.tr
        turn, start = tr.turn, min(time.time(), self.turn_at or time.time())
        self.played.add(turn)
        self.own_turns += 1
        t0 = self.say(self.me, "!roll")
        self.wait(lambda: tr.roll and tr.roll[0] == turn or tr.winner, 20, "roll of turn %d"
                  % turn)
        if tr.winner:
            return
        self.did["roll"] += 1
        if tr.roll[1] == 7:
            self.after_seven(ME)
            self.did["robber"] += 1
        if self.own_turns == 1:
            self.check_spots(self.me)
        if not tr.winner and time.time() - start < OPTIONAL_S and self.did["offer"] < 4:
            self.offer_trade(t0)
        tried = set()
        for _ in range(6):
            if tr.winner or time.time() - start > BUILD_S:
                break
            hand = self.current_hand(self.me, t0)
            move = self.next_move(self.me, hand)
            if not move or move in tried:
                break
            tried.add(move)
            after = self.after_move(hand, move)
            n = len(self.hand_lines.get(ME, []))
            answer = lambda: any(r == after for r, _ in self.hand_lines.get(ME, [])[n:])
            if not self.act(self.me, move, answer, 20):
                break
            self.did["bank" if move.startswith("!bank") else "build"] += 1
            if not move.startswith("!bank"):
                kind = {"!city": "city", "!settle": "settlement", "!road": "road"}[move.split()[0]]
                at = move.split()[1]
                self.wait(lambda: tr.winner or any(p.startswith("%s built a %s at %s" % (
                    ME, kind, at)) for p in tr.parts[-12:]), 20, "build line for " + move)
        if not tr.winner:
            self.say(self.me, "!end")
            self.wait(lambda: tr.turn != turn or tr.winner, 20, "turn after %d" % turn)

    # The game.
    def play(self, deadline):
        tr = self.tr
        prompts = 0
        while not tr.winner:
            check(time.time() < deadline, "a winner in time (turn %d, state %s, last lines %s)"
                  % (tr.turn, self.state, tr.lines[-6:]))
            self.pump(0.1)
            while prompts < len(tr.prompts) and tr.setup:
                kind, nick, at = tr.prompts[prompts]
                prompts += 1
                if nick == ME:
                    self.place(kind, at)
            if tr.setup or tr.winner:
                continue
            if self.state == "sat_in" and "sitter_moved" in self.marks:
                # A computer player has moved for ann: she speaks in the channel, and tries
                # what a running game refuses.
                self.state = "asked"
                self.clear_replies(self.me)
                self.mark("spoke")
                self.say(self.me, "!status")
                self.say(self.me, "!addbot hard")
                self.reply(self.me, lambda t: "computer players join in the lobby" in t, 20,
                           "!addbot refused in a game")
                self.say(self.me, "!removebot Ada")
                self.reply(self.me, lambda t: "computer players leave in the lobby" in t, 20,
                           "!removebot refused in a game")
                continue
            if self.state in ("silent", "sat_in", "asked"):
                continue  # a computer player moves for ann until the bot says she is back
            if ME in tr.discard and (tr.turn, tr.roll) not in self.discarded:
                self.discarded.add((tr.turn, tr.roll))
                self.discard_for(ME)
                continue
            if tr.current == ME and tr.turn not in self.played and not tr.robber:
                if self.state == "play" and self.own_turns + 1 == SILENT_TURN:
                    self.state = "silent"
                    self.played.add(tr.turn)
                    self.mark("silent")
                    self.note("! %s falls silent on turn %d" % (ME, tr.turn))
                    continue
                self.my_turn()
                continue
            self.answer_offers()
        return tr.winner


def add_cards(hand, give, get):
    """ann's hand after taking give for get, or None when she lacks get."""
    after = tuple(h + a - b for h, a, b in zip(hand, give, get))
    return after if min(after) >= 0 else None


def lobby(t, watcher):
    """!addbot and !removebot before the game, each refusal in the bot's words."""
    me = t.me

    def refused(text, want, who=me):
        t.clear_replies(who)
        t.say(who, text)
        got, _ = t.reply(who, lambda r: True, 20, "reply to %r" % text)
        check(got == want, "%r: %r, not %r" % (text, got, want))

    def announced(text, want):
        n = len(t.tr.lines)
        t.say(me, text)
        t.wait(lambda: any(want in l for l in t.tr.lines[n:]), 20, "%r after %r" % (want, text))

    announced("!new", "%s opened a lobby" % ME)
    refused("!addbot expert", '"expert" is not a level; usage: !addbot [easy|normal|hard]')
    for name, level in zip(ROBOTS, ("easy", "normal", "hard")):
        announced("!addbot " + level, "%s (bot) joined, a computer player (%s) (%d seated, 3-4 "
                  "needed)" % (name, level, ROBOTS.index(name) + 2))
    refused("!addbot", "the table is full")
    refused("!removebot Zed", "no computer player of that name here")
    refused("!removebot " + ME, "no computer player of that name here")
    # Someone not seated may not seat one.
    watcher.say(CHAN, "!addbot")
    m = watcher.expect(from_bot(BOT, target=watcher.nick), 20, "reply to the watcher")
    want = "you are not playing in %s" % CHAN
    check(m.params[-1] == want, "!addbot from someone not seated: %r, not %r"
          % (m.params[-1], want))
    announced("!removebot grace", "Grace (bot) left (3 seated)")
    announced("!addbot hard", "Grace (bot) joined, a computer player (hard) (4 seated, 3-4 "
              "needed)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", required=True)
    ap.add_argument("--ngircd", default="/usr/sbin/ngircd")
    ap.add_argument("--timeout", type=float, default=150)
    # BRICKWOOD_SEED: the seat order follows from it, and with 39 ann sits first, so that her
    # silence is on turn 1 and she is back by turn 9, long before anyone can have 6 points.
    ap.add_argument("--seed", type=int, default=39)
    ap.add_argument("--keep", action="store_true", help="keep the work directory")
    args = ap.parse_args()
    started = time.time()
    work = Workdir()
    server = Ngircd(args.ngircd, work, throttle=False)
    net = {"name": "local", "host": "127.0.0.1", "port": server.port, "tls": False, "nick": BOT,
           "channels": [CHAN], "flood": {"burst": 50, "interval_ms": 20}}
    game = {"max_players": 4, "victory_points": VP, "turn_timeout_s": TIMER, "takeover": True,
            "bot_delay_ms": 20, "bot_think_ms": 200}
    bot = Bot(args.bot, work, bot_config([net], game=game, bot={"colors": False}),
              seed=args.seed)
    clients = []
    log = open(work.file("table.log"), "w")
    ok = False
    try:
        ann = Client(server.port, ME)
        watcher = Client(server.port, "watcher")
        clients += [ann, watcher]
        # Named like the computer players, outside the channel: a line the bot sent to one of
        # their names would reach them.
        traps = [Client(server.port, n) for n in ROBOTS]
        clients += traps
        join_all([watcher, ann], CHAN, BOT)  # the bot, started first, may be in before them
        ann.expect(lambda m: m.cmd == "JOIN" and m.nick == ME, 20, "ann in the channel")
        t = Person(ann, log)

        lobby(t, watcher)
        n = len(t.tr.lines)
        t.say(ann, "!start")
        t.wait(lambda: any(l.startswith("the game starts! order:") for l in t.tr.lines[n:]), 20,
               "the game starts")
        order = next(l for l in t.tr.lines[n:] if l.startswith("the game starts!"))
        t.say(ann, "!board text")
        winner = t.play(time.time() + args.timeout)

        tr = t.tr
        # The summary follows the win.
        t.wait(lambda: any(l.startswith("points: ") for l in tr.lines), 20, "the summary")
        t.quiet(0.5, 3)
        joined = " · ".join(tr.lines)
        check(not tr.problems, "tracker: %s" % tr.problems[:5])
        checked = tr.verify_hands()
        check(not tr.problems, "ann's hand lines: %s" % tr.problems[:5])
        check(checked > 5, "ann got hand lines (%d)" % checked)
        check(t.did["setup"] == 4, "ann placed her four setup pieces: %s" % t.did)
        check(t.did["roll"] >= 1, "ann rolled on her own turns: %s" % t.did)
        check(re.search(r"\w+ \(bot\) built a settlement at \d+", joined),
              "computer players' moves are marked (bot)")

        # The silence and the return, as the channel was told. (Should ann ever run out of
        # time while she plays, on a machine stalled for seconds, the sit-in and return that
        # follow are checked instead of the planned ones, and the test says so.)
        unplanned = "unplanned" in t.marks
        for name in ("timeout", "sat_in", "sitter_moved", "spoke", "back") + (
                () if unplanned else ("silent",)):
            check(name in t.marks, "%s: no %s (marks %s, last lines %s)"
                  % (ME, name, sorted(t.marks), tr.lines[-8:]))
        order_of = lambda name: t.marks[name][1]
        check(order_of("timeout") <= order_of("sat_in") < order_of("sitter_moved")
              < order_of("back"), "the order of events: %s" % t.marks)
        check(t.marks["spoke"][0] < t.marks["back"][0], "ann spoke before she was back")
        if not unplanned:
            check(order_of("silent") <= order_of("timeout"), "timeout after the silence: %s"
                  % t.marks)
            # Nothing from ann between falling silent and speaking.
            quiet = [x for w, _, x in t.sent if t.marks["silent"][0] <= w < t.marks["spoke"][0]]
            check(not quiet, "ann was silent: %s" % quiet)
        # She is back at the start of her move: the last turn line before is hers, nothing of
        # hers happened in between, and from then on she rolls herself, never refused.
        i = t.marks["back"][1]
        before = [p for p in tr.parts[:i] if p.startswith("turn ")]
        check(before and re.match(r"^turn \d+: %s to roll(?: \(\S+roll\))?$" % ME, before[-1]),
              "back at the start of ann's move: %s" % before[-1:])
        since = tr.parts[tr.parts[:i].index(before[-1]) + 1:i - 1]
        check(not any(p.startswith(ME + " ") for p in since),
              "nothing of ann's between her turn and her return: %s" % since)
        rolls = [w for w, x, y in t.sent if w > t.marks["back"][0] and y == b"!roll"]
        check(rolls, "ann rolled again after she was back")
        check(not t.denied, "after her return, nothing of ann's refused for a computer player "
              "sitting in: %s" % t.denied)

        # Nothing went to a computer player's name.
        for trap in traps:
            trap.pump(0.2)
            check(not trap.closed, "%s stayed connected" % trap.nick)
            got = [m for m in trap.seen if m.nick == BOT and m.cmd in ("PRIVMSG", "NOTICE")]
            check(not got, "a line to the name %s: %s" % (trap.nick, got[:3]))
        bad = [m for c in clients for m in c.seen if m.cmd in ("401", "432")]
        check(not bad, "no line to a name that is no nick: %s" % bad)
        check(bot.alive(), "the bot is alive")
        rc = bot.stop()
        check(rc == 0, "bot exit status %s" % rc)
        bot.check_clean_log()
        if unplanned:
            print("note: ann ran out of time while she played (a stall of seconds)")
        print("ok: %s; %s won with %d VP after %d turns; ann did %s; sat in on turn lines %s; "
              "%.0f s" % (order, winner[0], winner[1], tr.turn, t.did,
                          [p for p in tr.parts if "sits in" in p or "plays again" in p],
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
