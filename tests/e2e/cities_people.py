#!/usr/bin/python3
"""Cities & Knights played by four scripted people who play their progress cards at each
other, through the real bot and a local ngIRCd; and the bot killed (SIGKILL) while the game
waits for one of them, started again on the same store.

ann opens a lobby with `!expansion cities`; bob, cat and dan join; ann starts. They play from
SPEC.md's fixed forms only (ck_crew.CkCrew): whenever one of ann, bob and cat holds a progress
card (the hand line's `| progress: ...`), they play it on their turn with arguments worked out
from `!board text`, `!spots` and their hand (the alchemist instead of the roll), and answer
what they are asked (`!choose`, `!give`, `!take` where the bot has them, else the turn timer
answers). dan keeps his cards, so that a fifth comes and must go.

The first time the game waits for a person (a city the barbarians pillage, a knight's corner,
goods for a card, a deck to draw from, a fifth card to give up), the bot is killed with
SIGKILL and started again with the same configuration and store: the channel gets a line
containing `resumes`, the waiting person's hand line (progress cards included) and the status
line are what they were, and then the person answers (or the timer does) and the game goes on.

Checked: at least MIN_CARDS distinct progress cards played (`NICK plays CARD` in the channel),
among them one that asks another player once the bot has the answer commands; the restore
above, with at least 3 turns after it; the game runs to a winner or to MAX_TURNS turns within
the time limit, never stuck; no hidden information in the channel; the bot stays up, exits 0
and both logs are clean. Every wait is bounded; every server is stopped by its PID."""

import os
import re
import signal
import sys
import time

from harness import TestFailure, check
from ck_crew import ASKING, STATUS_RE, CkCrew
from sea_crew import announced, arguments, run

CHAN = "#progress"
PEOPLE = ["ann", "bob", "cat", "dan"]
HOARDER = "dan"
MIN_CARDS = 4
MAX_TURNS = 44
# When nothing has waited for a person by this turn, the restore is done at the next turn's
# start (with a progress card held, when one is).
RESTORE_BY = 30


def status_head(t):
    """The first line of !status, without the time left."""
    return re.sub(r" \(\d+:\d+ left\)", "", t.status())


class Restore:
    """Kills the bot with SIGKILL the first time something waits for a person, and starts it
    again on the same store."""

    def __init__(self, t, bot):
        self.t, self.bot = t, bot
        self.done = None

    def __call__(self, kind, nick, what):
        if self.done:
            return
        t, bot = self.t, self.bot
        p = t.people[nick]
        t.quiet(0.3, 2)
        before_hand = t.fresh_hand(p)
        hand_text = t.tr.seen_hands[nick][-1][2]
        before = status_head(t)
        t.note("! restore: %s for %s (%s); status %s" % (kind, nick, what, before))
        os.kill(bot.proc.pid, signal.SIGKILL)
        bot.proc.wait(15)
        bot.finished()
        bot.check_clean_log()
        killed = time.time()
        n = len(t.tr.lines)
        bot.restart("bot2")
        t.wait(lambda: any("resumes" in l for l in t.tr.lines[n:]), 45,
               "a line saying the game resumes")
        line = next(l for l in t.tr.lines[n:] if "resumes" in l)
        after_hand = t.fresh_hand(p)
        check(after_hand == before_hand and t.tr.seen_hands[nick][-1][2] == hand_text,
              "%s's hand line: %r before, %r after" % (nick, hand_text,
                                                      t.tr.seen_hands[nick][-1][2]))
        after = status_head(t)
        check(after == before, "status: %r before, %r after" % (before, after))
        self.done = (kind, nick, what, t.tr.turn, time.time() - killed, line)
        t.note("! restored: %s" % (self.done,))


def main():
    args = arguments(timeout=420, seed=7)
    started = time.time()

    def body(bot, clients, log):
        t = CkCrew(CHAN, clients, "brickwood", seed=args.seed, log=log, cards=True,
                   hoarder=HOARDER)
        ann = clients[0]
        announced(t, ann, "!new", "ann opened a lobby")
        announced(t, ann, "!expansion cities", "ann chose Cities & Knights")
        for c in clients[1:]:
            announced(t, c, "!join", "%s joined" % c.nick)
        n = len(t.tr.lines)
        t.say(ann, "!start")
        t.wait(lambda: any(l.startswith("the game starts! order:") for l in t.tr.lines[n:]),
               20, "the game starts")
        order = next(l for l in t.tr.lines[n:] if l.startswith("the game starts!"))
        t.seats = order.split(":", 1)[1].strip().split(", ")
        check(sorted(t.seats) == sorted(PEOPLE), "the order names every seat: %r" % order)
        t.read_board()
        restore = Restore(t, bot)
        t.on_pending = restore
        deadline = time.time() + args.timeout
        t.play(deadline, max_turns=RESTORE_BY)
        if not restore.done and not t.tr.winner:
            # Nothing waited for anyone: the restore at a turn's start instead.
            t.quiet(0.5, 3)
            holder = next((n for n in PEOPLE if t.tr.told(n)[1]), t.tr.current)
            restore("turn", holder, "a turn's start")
        turn = t.tr.turn
        t.play(deadline, max_turns=MAX_TURNS)
        tr = t.tr

        check(restore.done, "the bot was killed and started again mid-game")
        check(tr.winner or tr.turn >= turn + 3, "the game went on after the restore: turn %d, "
              "restored on turn %d" % (tr.turn, turn))
        check(not tr.problems, "what the people read: %s" % tr.problems[:5])
        cards = sorted({c for _, c, _ in t.played_ok})
        check(len(cards) >= MIN_CARDS, "at least %d distinct progress cards played: %s "
              "(refused: %s)" % (MIN_CARDS, cards, t.card_refused[-6:]))
        asking = sorted(set(cards) & ASKING)
        if t.knows_answers():
            check(asking, "a card that asks another player played: %s (refused: %s)"
                  % (cards, [r for r in t.card_refused if r[1].split()[1] in
                             ("wedding", "commercial", "master", "spy", "deserter",
                              "diplomat", "intrigue")][-6:]))
        check(bot.alive(), "the bot is alive")
        rc = bot.stop()
        check(rc == 0, "bot exit status %s" % rc)
        bot.check_clean_log()
        timeouts = {}
        for _, n in tr.timeouts:
            timeouts[n] = timeouts.get(n, 0) + 1
        print("ok: %s; %s after %d turns; %d attacks; cards played %s (%d plays, asking %s, "
              "answer commands %s); restore %s; did %s; timeouts %s; %.0f s" % (
                  order, "%s won with %d VP" % tr.winner if tr.winner else "no winner",
                  tr.turn, tr.attacks, cards, len(t.played_ok), asking, t.answer_cmds,
                  restore.done[:5], t.did, timeouts, time.time() - started))

    game = {"max_players": 4, "turn_timeout_s": 30}
    return run(args, CHAN, PEOPLE, game, body)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except TestFailure as e:
        print("FAIL:", e)
        sys.exit(1)
