#!/usr/bin/python3
"""Through the Desert played to a winner by four scripted people, through the real bot and a
local ngIRCd.

ann opens a lobby and picks the map with !map through_desert; bob, cat and dan join; ann starts.
They play only from SPEC.md's commands and fixed forms (sea_crew.Crew): `!spots` for every
place they build, the hand line for what they hold, `rolled N`, `!status` when the channel
falls quiet, and the game-over line `NICK wins with N victory points`.

Checked: the map is Through the Desert (the !map reply in the lobby and in the game); someone
wins with the scenario's 14 points; a person built a ship (its event line); an island bonus
(the strip beyond the desert or a small island) was announced, and every bonus announced is
counted in the summary's island points, each player's points adding up; the bot stays up,
exits 0 and its log is clean. Every wait is bounded; every server is stopped by its PID."""

import sys
import time

from harness import check
from play import nick_match
from sea_crew import ISLAND_RE, Crew, announced, arguments, game_over, run, start_game

CHAN = "#desert"
PEOPLE = ["ann", "bob", "cat", "dan"]


def main():
    args = arguments(timeout=400, seed=5)
    started = time.time()

    def body(bot, clients, log):
        t = Crew(CHAN, clients, "brickwood", seed=args.seed, log=log)
        ann = clients[0]
        announced(t, ann, "!new", "ann opened a lobby")
        chose = announced(t, ann, "!map through_desert", "ann chose the map through_desert")
        check("Through the Desert" in chose and "14 points" in chose, "the map: %r" % chose)
        for c in clients[1:]:
            announced(t, c, "!join", "%s joined" % c.nick)
        order = start_game(t, ann, ("through_desert", "Through the Desert"), PEOPLE)
        t.play(time.time() + args.timeout)

        tr = t.tr
        rolls = [p for p in tr.parts if nick_match(r"^NICK rolled \d+", p)]
        check(len(rolls) >= tr.turn - 1, "a roll line each turn: %d rolls, %d turns"
              % (len(rolls), tr.turn))
        ships = [p for p in tr.parts if nick_match(r"^NICK (built|places) a (free )?ship at ", p)]
        check(ships and t.did["ship"] >= 1, "a ship built: %s, did %s" % (ships[:3], t.did))
        islands = [p for p in tr.parts if nick_match(ISLAND_RE, p)]
        check(islands, "an island bonus announced (beyond the desert or a small island)")
        timeouts = [p for p in tr.parts if p.startswith("time is up for ")]
        check(not timeouts, "nobody's time ran out: %s" % timeouts)
        winner, bonus = game_over(t, bot, 14)
        check(winner[0] in PEOPLE, "a person won: %s" % (winner,))
        print("ok: %s; %s won with %d VP after %d turns; %d ship lines; island bonuses %s; "
              "did %s; %.0f s" % (order, winner[0], winner[1], tr.turn, len(ships), bonus,
                                  t.did, time.time() - started))

    return run(args, CHAN, PEOPLE, {"max_players": 4, "turn_timeout_s": 60}, body)


if __name__ == "__main__":
    sys.exit(main())
