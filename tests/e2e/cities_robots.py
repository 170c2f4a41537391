#!/usr/bin/python3
"""A whole game of Cities & Knights through the real bot and a local ngIRCd: one scripted person
and three normal computer players (!addbot normal), to a winner.

ann opens a lobby, picks the expansion with `!expansion cities`, seats three computer players and
starts. She plays her own moves from SPEC.md's fixed forms only (ck_crew.CkCrew): `!spots` for
where to build and what her knights may do, her hand line (commodities and `| progress: ...`),
`rolled N (red R)`, `!status` when the channel falls quiet: she rolls, builds, improves her
cities with the commodities she holds, builds and activates knights, trades with the bank,
ends her turn; she rejects the computers' offers and answers what she is asked (with !choose
and !give where the bot has them, else the turn timer answers for her).

Checked: the lobby's and the game's expansion is Cities & Knights; every roll line has the red
die; `!status` has `barbarians N/7`; her hand lines add up; the barbarians attacked at least
once; someone wins with 13 points or more (`NICK wins with N victory points`); ann built and
rolled on her own; no hidden information in the channel; the bot stays up, exits 0 and its log
is clean. Every wait is bounded; every server is stopped by its PID."""

import re
import sys
import time

from harness import check
from ck_crew import CkCrew
from play import nick_match
from sea_crew import announced, arguments, run

CHAN = "#cities"
ME = "ann"
ROBOTS = ["Ada", "Alan", "Grace"]


def start(t, ann, seats):
    """!start; the order line's seats, `barbarians N/7` in !status and the board read."""
    n = len(t.tr.lines)
    t.say(ann, "!start")
    t.wait(lambda: any(l.startswith("the game starts! order:") for l in t.tr.lines[n:]), 20,
           "the game starts")
    order = next(l for l in t.tr.lines[n:] if l.startswith("the game starts!"))
    t.seats = order.split(":", 1)[1].strip().split(", ")
    check(sorted(t.seats) == sorted(seats), "the order names every seat: %r" % order)
    t.clear_replies(ann)
    t.say(ann, "!expansion")
    reply, _ = t.reply(ann, lambda r: "Cities & Knights" in r, 20, "the game's expansion")
    n = len(t.tr.lines)
    t.say(ann, "!status")
    t.wait(lambda: any(re.match(r"^barbarians \d/7", l) for l in t.tr.lines[n:]), 20,
           "barbarians N/7 in !status")
    t.read_board()
    return order


def finish(t, bot, points):
    """After the win: one game-over line with at least points, the summary, hand lines that
    add up, nothing hidden in the channel; the bot stopped by its PID, status 0, a clean log."""
    tr = t.tr
    t.wait(lambda: any(l.startswith("points: ") for l in tr.lines), 20, "the summary")
    t.quiet(0.5, 3)
    over = [x for x in tr.parts if nick_match(r"^NICK wins with \d+ victory points", x)]
    check(len(over) == 1, "one game-over line: %s" % over)
    check(tr.winner[1] >= points, "the winner has %d points or more: %s" % (points, tr.winner))
    check(not tr.problems, "what the people read: %s" % tr.problems[:5])
    rolls = [x for x in tr.parts if nick_match(r"^NICK rolled \d+ ", x)]
    bad = [x for x in rolls if not nick_match(r"^NICK rolled \d+ \(red \d\) ", x)]
    check(rolls and not bad, "every roll names the red die: %s" % bad[:3])
    check(tr.attacks >= 1, "the barbarians attacked (%d)" % tr.attacks)
    check(bot.alive(), "the bot is alive")
    rc = bot.stop()
    check(rc == 0, "bot exit status %s" % rc)
    bot.check_clean_log()


def main():
    args = arguments(timeout=420, seed=5)
    started = time.time()

    def body(bot, clients, log):
        ann = clients[0]
        t = CkCrew(CHAN, clients, "brickwood", seed=args.seed, log=log)
        announced(t, ann, "!new", "ann opened a lobby")
        announced(t, ann, "!expansion cities", "ann chose Cities & Knights")
        for name in ROBOTS:
            announced(t, ann, "!addbot normal", "%s (bot) joined" % name)
        order = start(t, ann, [ME] + [r + " (bot)" for r in ROBOTS])
        t.play(time.time() + args.timeout)
        tr = t.tr
        check(t.did["setup"] == 4 and t.did["roll"] >= 3 and t.did["end"] >= 3,
              "ann placed her setup pieces and played her turns: %s" % t.did)
        built = sum(t.did[k] for k in ("city", "settlement", "road", "knight", "improve",
                                       "wall", "activate", "promote"))
        check(built >= 3, "ann built, improved or raised knights: %s" % t.did)
        check(any(nick_match(r"^\w+ \(bot\) (built|improves|activated) ", p) for p in tr.parts),
              "the computer players' moves are marked (bot)")
        mine = [x for x in tr.timeouts if x[1] == ME]
        finish(t, bot, 13)
        print("ok: %s; %s won with %d VP after %d turns; %d attacks; ann did %s; her timeouts "
              "%s; computer timeouts %d; %.0f s" % (
                  order, tr.winner[0], tr.winner[1], tr.turn, tr.attacks, t.did, mine,
                  len([x for x in tr.timeouts if x[1] != ME]), time.time() - started))

    game = {"max_players": 4, "turn_timeout_s": 30, "bot_delay_ms": 0, "bot_think_ms": 50}
    return run(args, CHAN, [ME], game, body)


if __name__ == "__main__":
    sys.exit(main())
