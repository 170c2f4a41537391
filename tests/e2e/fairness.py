#!/usr/bin/python3
"""Output shared fairly, through a real ngircd (throttle on) with the bot paced as on a real
network (a burst of 4, then one line per 500 ms). One scenario per run: --only NAME.

  private_board  in #g1 the game waits for a player's setup placement; that player asks for
                 the board drawing privately (`/msg brickwood board`) 20 times, as fast as
                 the bot's rate limit lets a user (about 22 s); right after the last one
                 somebody types `!new` in #g2: the lobby line must reach #g2 within
                 MAX_NEW_S (the time is printed)
  status_spam    in #g1 a game runs (setup, then turns) while a non-player sends `!status`
                 and `!board text` in turn in the channel, one every 1.1 s, for SPAM_S seconds:
                 the answer to every `!roll` (the `rolled` line) reaches the channel within
                 MAX_ROLL_S of the command (the worst is printed), and the repeated displays
                 go privately to the asker (both kinds arrive there, fewer than asked for: a
                 newer display replaces one still waiting): at most one status and one board
                 text in the channel per 15 s
  robots_alone   tables without people: in #q a lobby the last person leaves and a game the
                 last person leaves (`!leave`) end at once, said in #q; in #r1, #r2 and #r3 a
                 person starts a game with three computer players (turn timer 10 s, takeover
                 on, the computers quick) and parts: the computers play on, one sitting in for
                 the person once the timer runs out, their lines crowding the output; then in
                 #q somebody asks `!status` ROBOT_ASKS times: every one answered (the times to
                 the answer printed: those games' lines wait until nothing else does); a
                 stranger in #r1 stops that game with `!stop` (none of its players is there)

Every process is stopped by its PID, every wait is bounded, only 127.0.0.1 is used; each
scenario takes under a minute."""

import argparse
import re
import sys
import time

from harness import Ngircd, TestFailure, Workdir, check, join_all
from play import Table
import scenarios

BOT = "brickwood"
MAX_NEW_S = 5.0
MAX_ROLL_S = 5.0
SPAM_S = 35
REPEAT_S = 15   # a display asked for again within this goes to the asker alone
ROBOT_ASKS = 8


class Timed(Table):
    """A table that keeps the arrival time of every channel line from the bot."""

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.timed = []   # (time, text)

    def feed(self, client, m):
        if m.nick.lower() == self.bot.lower() and m.cmd in ("PRIVMSG", "NOTICE") and \
                m.params and m.params[0].lower() == self.chan.lower() and \
                client is self.players[0]:
            self.timed.append((m.time, m.params[-1]))
        super().feed(client, m)


class World(scenarios.World):
    """scenarios.World on a throttled server, the bot in chans and paced as on a real network,
    with a table per channel."""

    def __init__(self, args, work, chans, game=None):
        super().__init__(args, work, chan=chans[0],
                         server=Ngircd(args.ngircd, work, throttle=True),
                         network={"channels": chans, "flood": {"burst": 4, "interval_ms": 500}},
                         seed=args.seed, game=game)

    def client(self, nick, chan):
        c = super().client(nick)
        join_all([c], chan, BOT)
        return c

    def table(self, chan, board=True):
        players = [self.client(n, chan) for n in ("alice", "bob", "carol")]
        t = Timed(chan, players, BOT, seed=3, log=self.log)
        t.start(board=board)
        return t

    def finish(self):
        text = self.bot.log_text()
        check(text.count("connecting to") == 1 and "Excess Flood" not in text,
              "the bot kept its one connection")
        super().finish()


def s_private_board(w):
    t = w.table("#g1", board=False)
    t.quiet(0.5, 10)
    kind, nick, _ = t.tr.prompts[-1]
    p = t.by_nick(nick)
    other = w.client("dora", "#g2")
    first = None
    for _ in range(20):
        at = t.say(p, "board", where=BOT)
        first = first or at
        t.pump(0)
    t.pump(0.2)
    drawn = len(t.arrivals.get(p.nick, []))
    sent = time.time()
    other.say("#g2", "!new")
    m = other.expect(lambda m: m.nick == BOT and m.params and m.params[0] == "#g2" and
                     "opened a lobby" in m.params[-1], 20, "the lobby line in #g2")
    took = m.time - sent
    # The drawing still coming to the player shows the queue was not empty (waited for: a
    # loaded machine may send the next line late, never not at all).
    try:
        t.wait(lambda: len(t.arrivals.get(p.nick, [])) > drawn, 20, "more of the drawings")
    except TestFailure:
        pass
    later = len(t.arrivals.get(p.nick, []))
    print("private_board: 20 private board requests by %s in %.1f s (%d private lines by the "
          "last, %d after the lobby line); !new in #g2 answered in %.2f s" % (
              p.nick, sent - first, drawn, later, took))
    check(later > drawn, "the board drawings were still being sent when !new came")
    check(took < MAX_NEW_S, "!new in #g2 answered in %.2f s (limit %.1f s)" % (took, MAX_NEW_S))
    return "another channel's !new answered in %.2f s" % took


STATUS_RE = re.compile(r"(^|\s)scores: ")
# The first line of a status display (what the game waits for).
STATUS_FIRST_RE = re.compile(r"^(turn \d+: \S+ (rolls the dice|rolled \d+, |moves the )|"
                             r"turn \d+: special building|setup: \S+ place)")
BOARD_TEXT_RE = re.compile(r"(^|\s)hexes: ")


def s_status_spam(w):
    t = w.table("#g1")
    spammer = w.client("nosy", "#g1")
    asks = ["!status", "!board text"]
    start = time.time()
    end = start + SPAM_S
    state = {"next": start, "k": 0, "private": 0}
    asked = []   # (time, command)

    # The spammer is driven from the table's waits: every pump sends what is due.
    pump = t.pump
    texts = []   # the private lines to the spammer

    def read_spammer(timeout):
        spammer.pump(timeout)
        for m in spammer.collect(0):
            if m.nick == BOT and m.params and m.params[0].lower() == spammer.nick.lower():
                state["private"] += 1
                texts.append(m.params[-1])
                t.note("< [%s] %s" % (spammer.nick, m.params[-1]))

    def pump_and_spam(timeout):
        now = time.time()
        if now < end and now >= state["next"]:
            cmd = asks[state["k"] % 2]
            spammer.send("PRIVMSG #g1 :" + cmd)
            t.note("> %s: %s" % (spammer.nick, cmd))
            asked.append((now, cmd))
            state["k"] += 1
            state["next"] = now + 1.1
        read_spammer(0)
        pump(max(0, min(timeout, state["next"] - time.time())))

    t.pump = pump_and_spam
    t.setup(timeout=SPAM_S + 20)
    turns = 0
    while time.time() < end and turns < 30 and not t.tr.winner:
        t.play_turn()
        turns += 1
    t.pump = pump
    t.quiet(0.5, 5)
    # Which kind a slot left over by the game goes to is a matter of phase (each new ask puts
    # its kind behind the other); the newest of each kind stays queued until sent: both kinds
    # are waited for, the spam over (bounded), not only what came while it lasted.
    both = lambda: (any(STATUS_RE.search(x) for x in texts) and
                    any(BOARD_TEXT_RE.search(x) for x in texts))
    deadline = time.time() + 60
    while not both() and time.time() < deadline:
        read_spammer(0.5)
    read_spammer(0.5)

    rolls = [(at, nick) for at, nick, text in t.sent if text == b"!roll"]
    waits = []
    for at, nick in rolls:
        got = next((tm for tm, text in t.timed if tm > at and text.startswith(nick + " rolled")),
                   None)
        check(got is not None, "%s's !roll at %.1f s answered" % (nick, at - start))
        waits.append(got - at)
    check(waits, "a !roll during the spam (turns played: %d)" % turns)
    statuses = [tm for tm, text in t.timed if STATUS_FIRST_RE.match(text)]
    boards = [tm for tm, text in t.timed if BOARD_TEXT_RE.search(text)]
    spam_s = time.time() - start
    print("status_spam: %d !status/!board text from a non-player in %.0f s, %d private lines "
          "to the asker; %d turns, %d rolls: the rolled line after median %.2f s, worst %.2f s; "
          "in the channel %d status and %d board text displays" % (
              len(asked), spam_s, state["private"], turns, len(waits),
              sorted(waits)[len(waits) // 2], max(waits), len(statuses), len(boards)))
    check(max(waits) < MAX_ROLL_S, "a !roll answered after %.2f s (limit %.1f s)"
          % (max(waits), MAX_ROLL_S))
    # Privately the displays share the output left over by the game (a newer one replaces
    # one still waiting), so fewer arrive than were asked for; both kinds must come.
    check(both(), "status and board text privately to the asker: %s" % [x[:40] for x in texts])
    # The bot goes by when a display is asked for, not by when its lines get out (a display
    # may wait in the queue behind the game's lines, so two can arrive closer than 15 s). Every
    # ask in the channel (the spammer's and the players' own), followed greedily with 15 s (less
    # a second for the way to the bot) between those that go public, bounds how many may show.
    own = [(at, text.decode()) for at, nick, text in t.sent if text in (b"!status", b"!board text")]
    for what, times, cmd in (("status", statuses, "!status"),
                             ("board text", boards, "!board text")):
        public, last = 0, None
        for at, _ in sorted(a for a in asked + own if a[1] == cmd):
            if last is None or at - last >= REPEAT_S - 1:
                public, last = public + 1, at
        check(len(times) <= public, "%d %s displays in the channel for %d asks at least %d s "
              "apart (arrivals %s)" % (len(times), what, public, REPEAT_S - 1,
                                       ["%.1f" % (x - start) for x in times]))
    return "rolls answered within %.2f s during the spam" % max(waits)


def s_robots_alone(w):
    q = w.client("ann", "#q")

    def said(c, chan, text, what, timeout=30):
        return c.expect(lambda m: m.nick == BOT and m.params and m.params[0] == chan and
                        text in m.params[-1], timeout, what)

    def table(c, chan, robots, start):
        """c opens a lobby in chan with robots easy computer players (and starts it)."""
        for text, answer in [("!new", "opened a lobby")] + [("!addbot easy", "(bot) joined")] * \
                robots + [("!start", "the game starts")] * start:
            c.say(chan, text)
            said(c, chan, answer, "%s in %s answered" % (text, chan))

    # A lobby, then a game, that the last person leaves.
    table(q, "#q", 1, False)
    q.say("#q", "!leave")
    said(q, "#q", "the lobby in #q is closed: only computer players are left", "the lobby closed")
    table(q, "#q", 2, True)
    q.say("#q", "!leave")
    said(q, "#q", "the game in #q ends: no person is seated any more", "the game's end")

    # Three games left to their computer players.
    hosts = []
    for k in range(1, 4):
        hosts.append(w.client("host%d" % k, "#r%d" % k))
        table(hosts[-1], "#r%d" % k, 3, True)
    for k, h in enumerate(hosts, 1):
        h.send("PART #r%d" % k)
    watcher = w.client("watcher", "#r1")
    # The computers play (one sitting in once a host's time runs out): their lines queue up,
    # and go out once the drawings of the games' start have.
    watcher.expect(lambda m: m.nick == BOT and m.params and m.params[0] == "#r1" and
                   "(bot) built" in m.params[-1], 120, "a computer player's move in #r1")
    watcher.collect(5)

    dora = w.client("dora", "#q")
    waits = []
    for _ in range(ROBOT_ASKS):
        dora.collect(0)
        dora.say("#q", "!status")
        sent = time.time()
        m = dora.expect(lambda m: m.nick == BOT and m.params and
                        m.params[0].lower() in ("#q", "dora"), 30, "an answer to !status")
        waits.append(m.time - sent)
        dora.collect(2)
    robots = [m for m in watcher.collect(1) if m.nick == BOT and m.params[:1] == ["#r1"]]

    watcher.say("#r1", "!stop")
    said(watcher, "#r1", "the game in #r1 is stopped by watcher: none of its players is here",
         "the stop", 60)
    print("robots_alone: !status in #q asked %d times while three games of computer players "
          "ran (%d of #r1's lines meanwhile): answered after median %.2f s, worst %.2f s" % (
              len(waits), len(robots), sorted(waits)[len(waits) // 2], max(waits)))
    return "another channel's !status answered within %.2f s" % max(waits)


SCENARIOS = {"private_board": (s_private_board, ["#g1", "#g2"]),
             "status_spam": (s_status_spam, ["#g1"]),
             "robots_alone": (s_robots_alone, ["#q", "#r1", "#r2", "#r3"])}
GAMES = {"robots_alone": {"turn_timeout_s": 10, "takeover": True, "bot_delay_ms": 100}}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", required=True)
    ap.add_argument("--ngircd", default="/usr/sbin/ngircd")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--only", required=True, choices=sorted(SCENARIOS))
    args = ap.parse_args()
    fn, chans = SCENARIOS[args.only]
    work = Workdir()
    w = None
    started = time.time()
    try:
        w = World(args, work, chans, GAMES.get(args.only))
        what = fn(w)
        w.finish()
    except TestFailure as e:
        print("FAIL: %s: %s (logs in %s)" % (args.only, e, work.path))
        return 1
    finally:
        if w:
            w.close()
    print("ok: %s: %s (%.0f s; logs in %s)" % (args.only, what, time.time() - started,
                                               work.path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
