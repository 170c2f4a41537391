#!/usr/bin/python3
"""House rules through the real bot and a local ngIRCd: a lobby whose channel has configured
rules (game.rules: friendly_robber = true), three more set by !rules, a game to a winner.

ann opens a lobby and reads the fixed line (the configured rule in it); a person not seated is
refused; ann picks The Four Islands (13 points) and sets points 6, bob (seated) sets discard 9 and timer slow; a rule out of range is
refused with its range. At !start the channel gets the fixed line with all four; the game is
played by the scripted people (sea_crew.Crew) from SPEC.md's commands and fixed forms until
someone wins with at least 6 points; !status in the game carries the line too. The bot stays
up, exits 0 and its log is clean. Every wait is bounded; every server is stopped by its PID.

Before that game, the dice deck's event cards: ann opens a lobby with dice deck and timer fast
and two easy computer players, and starts; when her first setup move runs out of time a
computer player sits in for her (game.takeover), the computer players play, and a roll's card
carries an event: its line ("event card NAME: what it does") comes under the roll; cat (a bot
admin) stops that game. About 40 s more."""

import re
import sys
import time

from harness import check
from sea_crew import Crew, announced, arguments, game_over, run, start_game

CHAN = "#rules"
PEOPLE = ["ann", "bob", "cat"]
BOOK = ("#rules rules: points 10, discard 7, friendly_robber on, no_sevens 0, robber_desert "
        "on, dice random, trade on, harbormaster off, timer normal")
# An event card's line, as the channel reads it after a roll's line ("·" joins them).
EVENT_RE = re.compile(r"event card [A-Z][A-Za-z ]+: [^·]+")
CHOSEN = ("#rules rules: points 6, discard 9, friendly_robber on, no_sevens 0, robber_desert "
          "on, dice random, trade on, harbormaster off, timer slow")


def dice_events(t, ann, cat):
    """The lobby with the dice deck and computer players, until an event card's line."""
    announced(t, ann, "!new", "ann opened a lobby")
    announced(t, ann, "!rules dice deck", "ann set the house rule dice to deck")
    announced(t, ann, "!rules timer fast", "ann set the house rule timer to fast")
    for _ in range(2):
        announced(t, ann, "!addbot easy", "a computer player (easy)")
    n = len(t.tr.lines)
    t.say(ann, "!start")
    t.wait(lambda: any(EVENT_RE.search(l) for l in t.tr.lines[n:]), 90, "an event card's line")
    line = next(l for l in t.tr.lines[n:] if EVENT_RE.search(l))
    check(re.search(r"rolled \d+ \(\d\+\d\).* · event card ", line),
          "the event under its roll: %r" % line)
    announced(t, cat, "!stop", "the game in #rules is stopped (by an admin)")
    t.quiet(0.5, 3)
    return EVENT_RE.search(line).group(0)


def main():
    args = arguments(timeout=400, seed=7)
    started = time.time()

    def body(bot, clients, log):
        ann, bob = clients[0], clients[1]
        event = dice_events(Crew(CHAN, clients, "brickwood", seed=args.seed, log=log), ann,
                            clients[2])
        t = Crew(CHAN, clients, "brickwood", seed=args.seed, log=log)
        announced(t, ann, "!new", "ann opened a lobby")
        t.clear_replies(ann)
        t.say(ann, "!rules")
        reply, _ = t.reply(ann, lambda r: r.startswith("#rules rules:"), 20, "the rules line")
        check(reply == BOOK, "the configured rules: %r" % reply)
        t.clear_replies(bob)
        t.say(bob, "!rules points 6")
        reply, _ = t.reply(bob, lambda r: "not playing" in r, 20, "a refusal")
        check(reply == "you are not playing in #rules", "not seated: %r" % reply)
        announced(t, ann, "!map four islands", "ann chose the map four_islands")
        announced(t, ann, "!rules points 6",
                  "ann set the house rule points to 6 (the rule book's: 13)")
        for c in clients[1:]:
            announced(t, c, "!join", "%s joined" % c.nick)
        announced(t, bob, "!rules discard 9", "bob set the house rule discard to 9")
        announced(t, bob, "!rules ti slow", "bob set the house rule timer to slow")
        t.clear_replies(bob)
        t.say(bob, "!rules no_sevens 99")
        reply, _ = t.reply(bob, lambda r: "takes" in r, 20, "a refusal")
        check(reply == 'no_sevens takes 0-10, not "99"', "out of range: %r" % reply)
        n = len(t.tr.lines)
        order = start_game(t, ann, ("four_islands",), PEOPLE)
        check(CHOSEN in t.tr.lines[n:], "the rules line at !start: %s" % t.tr.lines[n:n + 4])
        n = len(t.tr.lines)
        t.say(bob, "!status")
        t.wait(lambda: CHOSEN in t.tr.lines[n:], 20, "the rules line after !status")
        t.play(time.time() + args.timeout)
        winner, _ = game_over(t, bot, 6)
        check(winner[0] in PEOPLE, "a person won: %s" % (winner,))
        check(winner[1] < 13, "won with the house points, not the map's: %s" % (winner,))
        print("ok: %r; %s; %s won with %d VP after %d turns; %.0f s"
              % (event, order, winner[0], winner[1], t.tr.turn, time.time() - started))

    game = {"max_players": 4, "turn_timeout_s": 60, "rules": {"friendly_robber": True},
            "takeover": True}
    return run(args, CHAN, PEOPLE, game, body, admins=["cat!*@127.0.0.1"])


if __name__ == "__main__":
    sys.exit(main())
