#!/usr/bin/python3
"""Catan for two (doc/two.md) through the real bot and a local ngIRCd: two scripted people
(sea_crew.Crew, playing from !spots, their hand lines and !status) play a game to a winner at 5
points with commands only.

ann opens a lobby, picks `!variant two` and `!rules points 5`, bob joins, ann starts. Each road
or settlement either of them builds is followed by the private prompt for the neutral player's
free piece, answered with the first spot it lists (`!neutral SPOT`, with `a` where it fits
both); after the roll each of them forces a trade (`!token trade`) until two were made, and
answers the prompt for the cards given back with its example (`!give LIST`). Asserted: one
"wins with" line for ann or bob, a neutral piece built from a `!neutral` answer, a token
action, and the cards a forced trade took told to the two players only (never in the
channel). Every wait is bounded; every server is stopped by its PID."""

import re
import sys
import time

from harness import check
from play import RES, nick_match
from sea_crew import Crew, announced, arguments, game_over, run

CHAN = "#two"
PEOPLE = ["ann", "bob"]
LAND = list("ABCDEFGHIJKLMNOPQRS")  # the base map's hexes, for the robber
NEUTRAL_RE = re.compile(r"build a free (road|settlement) for a neutral player: .*; "
                        r"(?:sides|corners): ([^()·]+?)\s*(?:\(|·|$)")
GIVE_RE = re.compile(r"forced trade: give .* back: .*e\.g\. (\S+give .+?) \(you hold")
STOLE_RE = re.compile(r"you stole (.+?) from \S+?(?: ·|$)")
# Private lines of a Catan-for-two move that are no refusal of it.
NOT_REFUSAL_RE = re.compile(r"build a free |forced trade: |you stole |stole .* from you|"
                            r"gave you |you gave ")
TRADES = 2


class TwoCrew(Crew):
    """Crew with the two answers Catan for two asks of a person: the neutral piece after a
    road or settlement, and the cards given back after a forced trade."""

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.land = list(LAND)
        self.did.update(neutral=0, token=0, give=0)
        self.stolen = []   # what a forced trade took, from the forcing player's private line

    def feed(self, client, m):
        """Also keeps the steal lines of a forced trade (play.Table keeps them from the
        replies), and the prompt sent with them."""
        super().feed(client, m)
        if (m.nick.lower() == self.bot.lower() and m.cmd in ("PRIVMSG", "NOTICE") and m.params
                and m.params[0].lower() == client.nick.lower() and "you stole " in m.params[-1]):
            text = m.params[-1]
            if "forced trade: " in text:
                self.stolen += STOLE_RE.findall(text)
            if "forced trade: " in text and (text, m.time) not in self.replies.get(
                    client.nick, []):
                self.replies.setdefault(client.nick, []).append((text, m.time))

    def refuses(self, reply):
        return super().refuses(reply) and not NOT_REFUSAL_RE.search(reply)

    def try_move(self, p, text, done, timeout=20):
        ok = super().try_move(p, text, done, timeout)
        if ok and not self.tr.setup and re.match(r"^!(build (road|settlement)|play roads)",
                                                 text):
            for _ in range(2 if text.startswith("!play") else 1):
                self.neutral(p)
        return ok

    def neutral(self, p, timeout=5):
        """Answers the private neutral prompt with the first spot it lists (nothing is owed
        where nothing fits: then no prompt comes)."""
        if self.tr.winner:
            return
        try:
            text, _ = self.reply(p, lambda r: NEUTRAL_RE.search(r) is not None, timeout,
                                 "neutral prompt")
        except Exception:
            return
        first = NEUTRAL_RE.search(text).group(2).split(", ")[0]
        spot = first.replace(" a|b", " a")
        n = len(self.tr.parts)
        if Crew.try_move(self, p, "!neutral " + spot, self.new_part(
                n, r"^%s builds a (road|settlement) for neutral [AB] at " % p.nick)):
            self.did["neutral"] += 1

    def give_back(self, p, timeout=10):
        text, _ = self.reply(p, lambda r: GIVE_RE.search(r) is not None, timeout,
                             "forced trade's prompt")
        n = len(self.tr.parts)
        if Crew.try_move(self, p, GIVE_RE.search(text).group(1),
                         self.new_part(n, r"^%s gives \S+ \d+ cards? back" % p.nick)):
            self.did["give"] += 1

    def build_phase(self, p, hand):
        if self.did["token"] < TRADES and not self.tr.winner:
            self.clear_replies(p)
            n = len(self.tr.parts)
            if Crew.try_move(self, p, "!token trade",
                             self.new_part(n, r"^%s forces a trade on " % p.nick)):
                self.did["token"] += 1
                self.give_back(p)
                hand = self.fresh_hand(p)
        super().build_phase(p, hand)

    def act_on(self, line):
        m = nick_match(r"the game waits for (NICK) to (build a|give)", line)
        if m and m.group(1) in self.people:
            p = self.people[m.group(1)]
            self.clear_replies(p)
            self.say(p, "!status")  # the prompt comes again with the status
            (self.neutral if m.group(2) == "build a" else self.give_back)(p, 10)
            return False
        return super().act_on(line)


def main():
    args = arguments(timeout=130, seed=7)
    started = time.time()

    def body(bot, clients, log):
        ann, bob = clients
        t = TwoCrew(CHAN, clients, "brickwood", seed=args.seed, log=log)
        announced(t, ann, "!new", "ann opened a lobby")
        announced(t, ann, "!variant two", "ann chose the variant two")
        announced(t, ann, "!rules points 5", "ann set the house rule points to 5")
        announced(t, bob, "!join", "bob joined")
        order = announced(t, ann, "!start", "the game starts! order:")
        t.seats = order.split(":", 1)[1].strip().split(", ")
        check(sorted(t.seats) == PEOPLE, "the order names both: %r" % order)
        t.play(time.time() + args.timeout)
        winner, _ = game_over(t, bot, 5)
        check(winner[0] in PEOPLE, "a person won: %s" % (winner,))
        parts = t.tr.parts
        neutral = [x for x in parts if re.match(r"^(ann|bob) builds a (road|settlement) for "
                                                r"neutral [AB] at ", x)]
        check(t.did["neutral"] >= 1 and neutral, "a neutral piece from !neutral: %s / %s"
              % (t.did, neutral[:2]))
        trades = [i for i, x in enumerate(parts) if re.match(r"^(ann|bob) forces a trade on ", x)]
        check(t.did["token"] >= 1 and trades, "a token action: %s" % t.did)
        check(t.did["give"] >= 1, "a forced trade's cards given back with !give: %s" % t.did)
        check(t.stolen, "the cards taken, told privately: %s" % t.did)
        named = [x for x in t.tr.lines if "you stole" in x or
                 any("stole %s" % s in x for s in t.stolen)]
        check(not named, "the cards a forced trade took named in the channel: %s" % named[:3])
        for i in trades:  # from the trade to the cards given back: how many, never which
            for x in parts[i:i + 4]:
                if re.search(r" gives \S+ \d+ cards? back", x):
                    break
                check(not any(re.search(r"\b%s\b" % r, x) for r in RES),
                      "a card of the forced trade named in the channel: %r" % x)
        print("ok: %s won with %d VP after %d turns; did %s; taken %s; %.0f s"
              % (winner[0], winner[1], t.tr.turn, t.did, t.stolen, time.time() - started))

    game = {"max_players": 4, "turn_timeout_s": 60}
    return run(args, CHAN, PEOPLE, game, body)


if __name__ == "__main__":
    sys.exit(main())
