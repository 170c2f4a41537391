#!/usr/bin/python3
"""The New World played to the end by two normal computer players and one scripted person,
through the real bot and a local ngIRCd.

ann opens a lobby, picks the map with !map new_world, seats two computer players with !addbot
and starts. She plays every move herself (sea_crew.Crew: `!spots` for where to build, the hand
line for what she holds, `!status` when the channel falls quiet), so that the turn timer never
acts for her (three timeouts would resign her); she rejects the computers' offers.

Checked: the map is The New World (the !map reply in the lobby and in the game) and its board
is drawn for the game (land and sea hexes in !board text); the computer players' moves are
marked (bot); someone wins with the scenario's 12 points; ann's time never ran out and she
rolled on her turns; every island bonus announced is counted in the summary, each player's
points adding up; the bot stays up, exits 0 and its log is clean. Every wait is bounded; every
server is stopped by its PID."""

import sys
import time

from harness import check
from play import nick_match
from sea_crew import Crew, announced, arguments, game_over, run, start_game

CHAN = "#world"
ME = "ann"
# The names !addbot gives, in order.
ROBOTS = ["Ada", "Alan"]


def main():
    args = arguments(timeout=260, seed=5)
    started = time.time()

    def body(bot, clients, log):
        ann = clients[0]
        t = Crew(CHAN, clients, "brickwood", seed=args.seed, log=log, lean=True)
        announced(t, ann, "!new", "ann opened a lobby")
        chose = announced(t, ann, "!map new world", "ann chose the map new_world")
        check("The New World" in chose and "12 points" in chose, "the map: %r" % chose)
        for name in ROBOTS:
            announced(t, ann, "!addbot normal", "%s (bot) joined" % name)
        order = start_game(t, ann, ("new_world", "The New World"),
                           [ME] + [r + " (bot)" for r in ROBOTS])
        t.play(time.time() + args.timeout)

        tr = t.tr
        check(any(nick_match(r"^\w+ \(bot\) built a (settlement|road|ship) at ", p)
                  for p in tr.parts), "the computer players' moves are marked (bot)")
        check(t.did["setup"] == 4 and t.did["roll"] >= 3 and t.did["end"] >= 3,
              "ann placed her setup pieces and played her turns: %s" % t.did)
        timeouts = [p for p in tr.parts if p.startswith("time is up for %s" % ME)]
        check(not timeouts, "ann's time never ran out: %s" % timeouts)
        winner, bonus = game_over(t, bot, 12)
        print("ok: %s; %s won with %d VP after %d turns; island bonuses %s; ann did %s; %.0f s"
              % (order, winner[0], winner[1], tr.turn, bonus, t.did, time.time() - started))

    game = {"max_players": 4, "turn_timeout_s": 30, "bot_delay_ms": 0, "bot_think_ms": 50}
    return run(args, CHAN, [ME], game, body)


if __name__ == "__main__":
    sys.exit(main())
