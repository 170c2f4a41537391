#!/usr/bin/python3
"""Who is who: seats and admin rights belong to the person (services account where known,
else nick!user@host as seen at join), never to a nick somebody else can pick up, and nothing
private goes to a nick the bot has not confirmed as the seat's person in the game's channel.
One scenario per run: --only NAME. Each starts its own servers and bot and ends by stopping
the bot (exit 0, no sanitizer report).

InspIRCd linked to Atheme (accounts; the bot learns them by extended-join and account-notify),
bot.admins = ["account:alice"]:

  stale_admin    alice (logged in) is admin while she shares a channel with the bot (still after
                 parting one of two); she parts the last one and quits unseen; a stranger who
                 is not logged in takes the nick: no admin command works for it and its help
                 lists none of the admin commands
  stale_seat     alice (logged in) sits in a lobby, parts and quits unseen; a stranger with her
                 nick cannot start, leave, join or see a hand as her; alice back under another
                 nick gets her seat back
  whox_admin     alice (logged in) and bob (not) are in the channel before the bot joins it;
                 the bot learns her account from its WHOX (354) reply: her admin commands
                 work, bob's do not
  nick_change    the account follows the person through nick changes: after alice renames to
                 alice_away, a stranger taking the nick alice is no admin, alice_away still is;
                 after alice_away parts and renames unseen, a stranger taking alice_away is no
                 admin

ngIRCd:

  hand_outsider  a player takes a seat by private message from outside the channel and places
                 the setup pieces from there (the answers to those commands may reach them);
                 then silent, their turns left to the turn timer, they get nothing private and
                 the seat is shown away; they quit, a stranger takes the nick and joins the
                 channel: no hand or spots for that seat ever reach it
  hand_reconnect the server is killed and restarted mid-game; two players come back, the third
                 does not and a stranger takes that nick in the channel: the third seat is away
                 and the stranger gets none of its private lines while the game goes on

A scripted server (NICKLEN=64 unless said):

  long_nick      two nicks alike in their first 50 bytes get two seats, a nick of 64 bytes a
                 seat too, and every line the bot sends goes to a whole nick; a nick over 64
                 bytes gets a short refusal, no seat and no channel line
  nicklen100     NICKLEN=100: a 70-byte nick is told it is too long (at most 64 bytes), gets
                 no seat, and no line goes to a nick cut short of it, private or not
  whox           WHOX: members already in the channel told by 354 replies to the bot's
                 `WHO #chan %tcuhnfa,152`; alice's account (bot.admins account:alice) makes
                 her admin; account "0" is nobody logged in (bob is no admin even with
                 account:0 in bot.admins, and bob and dave, both "0", get two seats)"""

import argparse
import os
import re
import signal
import sys
import time

import hostile
import scenarios
from harness import Bot, Ngircd, TestFailure, Workdir, bot_config, check, join_all, stop_process
from play import Table
from servers import InspircdAtheme, IrcClient, make_certs

BOT = "brickwood"
PASSWORD = "correct-horse-7"
SEED = 5
# Private lines that only the seat's person may see (SPEC section 5 and the steal and bought
# card lines).
PRIVATE_RE = re.compile(r"^#\S+ (hand: |spots: |you bought |you stole |\S+ stole 1 )")


def from_bot_to(client, m):
    """m is a PRIVMSG or NOTICE from the bot to client (not to a channel)."""
    return (m.nick.lower() == BOT and m.cmd in ("PRIVMSG", "NOTICE") and len(m.params) > 1
            and m.params[0].lower() == client.nick.lower())


def bot_joined(chan):
    return lambda m: m.cmd == "JOIN" and m.nick.lower() == BOT and m.params and \
        m.params[0].lower() == chan.lower()


def channel_line(chan, pred=lambda text: True):
    return lambda m: m.nick.lower() == BOT and m.cmd in ("PRIVMSG", "NOTICE") and \
        len(m.params) > 1 and m.params[0].lower() == chan.lower() and pred(m.params[-1])


def replies(client, timeout=10, settle=1.0):
    """The bot's private lines to client: waits up to timeout for the first, then settle more
    seconds for the rest. Other lines that arrive meanwhile are dropped."""
    try:
        client.expect(lambda m: from_bot_to(client, m), timeout, "a private reply",
                      consume=False)
    except TestFailure:
        return []
    return [m.params[-1] for m in client.collect(settle) if from_bot_to(client, m)]


def help_words(client):
    """The words of the bot's answer to a private `help`: all of its lines, to the one that
    ends the list ("help COMMAND for more")."""
    client.say(BOT, "help")
    words, started = set(), False
    while True:
        m = client.expect(lambda m: from_bot_to(client, m), 30, "the end of the help list")
        text = m.params[-1]
        started = started or text.startswith("commands:")  # a late line before it is no help
        if started:
            words.update(w.strip(",.:;|()[]").lower() for w in text.split())
            if "COMMAND for more" in text:
                break
    words.discard("")
    return words


def whois_free(probe, nick, timeout=15):
    """Until the server says nobody uses nick (401)."""
    deadline = time.time() + timeout
    while True:
        probe.send("WHOIS " + nick)
        m = probe.expect(lambda m: m.cmd in ("311", "401"), 15, "WHOIS " + nick)
        if m.cmd == "401":
            return
        probe.expect(lambda m: m.cmd == "318", 15, "end of WHOIS")
        check(time.time() < deadline, "%s still on the server after %ss" % (nick, timeout))
        time.sleep(0.3)


def quiet_for(watcher, seconds, bad, what):
    """Reads watcher's lines for seconds; fails on the first line for which bad(m) is true."""
    got = watcher.collect(seconds)
    wrong = [m for m in got if bad(m)]
    check(not wrong, "%s: %s" % (what, wrong[:2]))
    return got


# ---------------------------------------------------------------------------------------
# InspIRCd + Atheme


class Services:
    """InspIRCd with Atheme, account alice registered, a watcher in every channel named, and
    the bot (bot.admins = account:alice) in chan."""

    def __init__(self, args, work, chan, watch=(), before=None):
        self.args, self.work, self.chan = args, work, chan
        self.clients, self.bot, self.server = [], None, None
        self.before = before
        try:
            self._start(args, work, chan, watch)
        except BaseException:
            self.close()
            raise

    def _start(self, args, work, chan, watch):
        certs = make_certs(work)
        self.server = InspircdAtheme(work, certs.server_cert, certs.server_key,
                                     inspircd=args.inspircd, atheme=args.atheme)
        self.server.register("alice", PASSWORD)
        self.probe = self.client("probe")
        whois_free(self.probe, "alice")
        self.watcher = self.client("wendy")
        for c in (chan,) + tuple(watch):
            self.watcher.send("JOIN " + c)
            self.watcher.expect(lambda m: m.cmd == "JOIN" and m.nick == "wendy" and
                                m.params[0].lower() == c.lower(), 30, "own join " + c)
        if self.before:
            self.before(self)  # who is in the channel before the bot
        net = {"name": "local", "host": "127.0.0.1", "port": self.server.port, "tls": False,
               "nick": BOT, "channels": [chan], "flood": {"burst": 5, "interval_ms": 0}}
        self.bot = Bot(args.bot, work, bot_config(
            [net], bot={"colors": False, "admins": ["account:alice"]},
            game={"turn_timeout_s": 0}, level="debug"), seed=SEED)
        self.watcher.wait_member(chan, BOT, 60)

    def client(self, nick, user=None, login=False):
        """A client; login: logged in as account alice by SASL PLAIN, with extended-join and
        account-notify."""
        if login:
            c = IrcClient(self.server.port, nick, user, caps=("extended-join", "account-notify"),
                          sasl=("PLAIN", "alice", PASSWORD))
            check(c.sasl_result is not None and c.sasl_result.cmd == "903",
                  "%s logged in as alice: %s" % (nick, c.sasl_result))
        else:
            c = IrcClient(self.server.port, nick, user)
        self.clients.append(c)
        return c

    # The server relays c's JOIN or PART to the bot before anything sent after it (by c or
    # by anyone): once c sees its own, whatever follows reaches the bot after it.
    def join(self, c, chan=None):
        chan = chan or self.chan
        c.send("JOIN " + chan)
        c.expect(lambda m: m.cmd == "JOIN" and m.nick == c.nick, 30, "own join " + chan)

    def leave_unseen(self, c, nick, quit=True, chan=None):
        """c parts the bot's channel, then quits: the bot shares no channel with it then."""
        c.send("PART " + (chan or self.chan))
        c.expect(lambda m: m.cmd == "PART" and m.nick == c.nick, 30, "own part")
        if quit:
            c.close("gone")
            whois_free(self.probe, nick)

    def finish(self):
        check(self.bot.alive(), "bot alive at the end (see %s)" % self.bot.logname)
        rc = self.bot.stop()
        check(rc == 0, "bot exit status %s (see %s)" % (rc, self.bot.logname))
        self.bot.check_clean_log()
        self.bot = None

    def close(self):
        for c in self.clients:
            c.close()
        if self.bot:
            stop_process(self.bot.proc, "the bot", 15)
        if self.server:
            self.server.stop()


def admin_join_works(w, who, chan):
    who.say(BOT, "join " + chan)
    w.watcher.expect(bot_joined(chan), 30, "the bot joining %s for the admin %s"
                     % (chan, who.nick))


def admin_join_refused(w, who, chan):
    who.say(BOT, "join " + chan)
    quiet_for(w.watcher, 4, bot_joined(chan), "the bot joined %s for %s (not an admin)"
              % (chan, who.nick))
    who.collect(0.5)


def admin_words(w):
    """The help words only an admin gets: alice's help (logged in, sharing a channel) less the
    help of a user without an account."""
    norm = w.client("norm")
    plain = help_words(norm)
    norm.close("done")
    return plain


def s_stale_admin(w):
    # A user without an account: the help everyone gets.
    plain = admin_words(w)
    alice = w.client("alice", login=True)
    w.join(alice)
    # The positive control: alice, logged in and in the bot's channel, is admin.
    admin_join_works(w, alice, "#ok")
    admin = help_words(alice) - plain
    check("reload" in admin and "part" in admin,
          "an admin's help lists reload and part beyond a user's: %s" % sorted(admin))
    # Parting one of two channels shared with the bot keeps what the bot knows of her.
    w.join(alice, "#ok")
    w.leave_unseen(alice, "alice", quit=False)
    admin_join_works(w, alice, "#still")
    w.leave_unseen(alice, "alice", chan="#ok")

    fake = w.client("alice", user="mallory")
    admin_join_refused(w, fake, "#x")
    got = help_words(fake)
    check(not (got & admin), "the stranger's help lists admin commands: %s" % sorted(got & admin))
    reloads = w.bot.log_text().count("configuration reloaded")
    fake.say(BOT, "reload")
    texts = replies(fake)
    time.sleep(1)
    check(not any(t.startswith("reloading") for t in texts) and
          w.bot.log_text().count("configuration reloaded") == reloads,
          "the stranger's reload was done: %s" % texts)
    fake.say(BOT, "part #ok")
    quiet_for(w.watcher, 3, lambda m: m.cmd == "PART" and m.nick.lower() == BOT,
              "the bot parted for the stranger")
    return "a stranger with a departed admin's nick is no admin"


def whox_before(w):
    """alice (logged in) and bob (not) are in the channel before the bot comes."""
    w.early = {"alice": w.client("alice", login=True), "bob": w.client("bob", user="bob")}
    for c in w.early.values():
        w.join(c)


def s_whox_admin(w):
    # The bot learns who was there before it only by WHO; with InspIRCd's WHOX the reply
    # carries alice's account (extended-join and account-notify say nothing of her).
    alice, bob = w.early["alice"], w.early["bob"]
    # The server answers the bot's very request with 354 lines that carry the account.
    bob.send("WHO %s %%tcuhnfa,152" % w.chan)
    m = bob.expect(lambda m: m.cmd == "354" and len(m.params) >= 8 and m.params[5] == "alice",
                   10, "a WHOX line about alice")
    check(m.params[1] == "152" and m.params[7] == "alice", "WHOX gives alice's account: %s" % m)
    # The bot's own WHOX reply comes some time after its JOIN: its help lists the admin
    # commands for alice once it has read it (asked again until then).
    deadline = time.time() + 30
    while "reload" not in help_words(alice):
        check(time.time() < deadline, "alice's help lists reload within 30 s (the bot's WHOX)")
    admin_join_refused(w, bob, "#x")
    admin_join_works(w, alice, "#ok")
    plain = help_words(bob)
    admin = help_words(alice) - plain
    check("reload" in admin and "part" in admin,
          "alice's help lists reload and part beyond bob's: %s" % sorted(admin))
    reloads = w.bot.log_text().count("configuration reloaded")
    bob.say(BOT, "reload")
    texts = replies(bob)
    time.sleep(1)
    check(not any(t.startswith("reloading") for t in texts) and
          w.bot.log_text().count("configuration reloaded") == reloads,
          "bob's reload was done: %s" % texts)
    return "alice, in the channel before the bot, is admin by the WHOX reply; bob is not"


def s_stale_seat(w):
    chan = w.chan
    alice = w.client("alice", login=True)
    bob, carol = w.client("bob"), w.client("carol")
    for c in (alice, bob, carol):
        w.join(c)
    wa = w.watcher
    alice.say(chan, "!new")
    wa.expect(channel_line(chan, lambda t: t.startswith("alice opened a lobby")), 30, "lobby")
    bob.say(chan, "!join")
    wa.expect(channel_line(chan, lambda t: t.startswith("bob joined")), 30, "bob seated")
    carol.say(chan, "!join")
    wa.expect(channel_line(chan, lambda t: t.startswith("carol joined (3 seated")), 30,
              "carol seated")
    w.leave_unseen(alice, "alice")
    wa.collect(0.5)

    fake = w.client("alice", user="mallory")
    acted = lambda m: channel_line(chan, lambda t: t.startswith(
        ("the game starts", "alice left", "alice joined", "alice resigns", "alice is back",
         "the lobby is closed")))(m)
    for cmd in ("start", "hand", "leave", "join", "status"):
        fake.say(BOT, "%s %s" % (chan, cmd))
        texts = replies(fake)
        leaked = [t for t in texts if PRIVATE_RE.match(t)]
        check(not leaked, "the stranger got %r for %s %s" % (leaked, chan, cmd))
        quiet_for(wa, 0.5, acted, "the stranger's %s %s acted for alice's seat" % (chan, cmd))
    # In the channel too (no account: extended-join says so).
    w.join(fake)
    for cmd in ("!start", "!leave", "!hand"):
        fake.say(chan, cmd)
        time.sleep(1)
        quiet_for(wa, 1.5, acted, "the stranger's %s in %s acted for alice's seat" % (cmd, chan))
        leaked = [m.params[-1] for m in fake.collect(0.2) if from_bot_to(fake, m) and
                  PRIVATE_RE.match(m.params[-1])]
        check(not leaked, "the stranger got %r for %s" % (leaked, cmd))
    # alice herself, back under another nick: the seat follows the account.
    back = w.client("alice_", login=True)
    w.join(back)
    wa.expect(channel_line(chan, lambda t: t.startswith("alice_ is back")), 30,
              "alice's seat back for alice_")
    back.say(chan, "!leave")
    wa.expect(channel_line(chan, lambda t: t.startswith("alice_ left the lobby (2 seated")), 30,
              "alice_ leaving her seat")
    return "a stranger with a departed player's nick cannot act for the seat; alice can"


def s_nick_change(w):
    alice = w.client("alice", login=True)
    w.join(alice)
    admin_join_works(w, alice, "#n1")
    plain = admin_words(w)
    admin = help_words(alice) - plain
    check("reload" in admin, "an admin's help lists reload: %s" % sorted(admin))
    # As with a JOIN (Services.join), the bot reads each NICK before what follows it.
    for nick in ("alice2", "alice"):
        alice.send("NICK " + nick)
        alice.expect(lambda m: m.cmd == "NICK" and m.params[-1] == nick, 30, "own nick change")
        alice.nick = nick
    admin_join_works(w, alice, "#n2")
    alice.send("NICK alice_away")
    alice.expect(lambda m: m.cmd == "NICK" and m.params[-1] == "alice_away", 30,
                 "own nick change")
    alice.nick = "alice_away"
    fake = w.client("alice", user="mallory")
    admin_join_refused(w, fake, "#n3")
    got = help_words(fake)
    check(not (got & admin), "the stranger's help lists admin commands: %s" % sorted(got & admin))
    admin_join_works(w, alice, "#n4")
    fake.close("done")
    # A rename the bot cannot see: alice_away parts the last channel she shares with the bot,
    # then changes nick; a stranger picking up alice_away is no admin either.
    w.leave_unseen(alice, "alice_away", quit=False)
    alice.send("NICK alice_far")
    alice.expect(lambda m: m.cmd == "NICK" and m.params[-1] == "alice_far", 30,
                 "own nick change")
    alice.nick = "alice_far"
    whois_free(w.probe, "alice_away")
    fake = w.client("alice_away", user="mallory")
    admin_join_refused(w, fake, "#n5")
    got = help_words(fake)
    check(not (got & admin), "the stranger's help lists admin commands: %s" % sorted(got & admin))
    return "the account follows alice through nick changes, not the nick"


# ---------------------------------------------------------------------------------------
# ngIRCd: hands


class Watched(Table):
    """A table that records every private line of the kinds in PRIVATE_RE reaching a watched
    client (by object, whatever its nick)."""

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.watched = []
        self.leaks = []

    def feed(self, client, m):
        if any(client is c for c in self.watched) and from_bot_to(client, m) and \
                PRIVATE_RE.match(m.params[-1]):
            self.leaks.append("%s (user %s) got %r" % (client.nick, client.user_name,
                                                        m.params[-1]))
        super().feed(client, m)


def player(w, nick, user=None):
    c = w.client(nick, user)
    c.user_name = user or nick
    return c


def away_shown(t, nick, since=0):
    """A channel line since index since says nick is away, or !status says so (its whole
    answer read, to the "largest army:" line that ends it)."""
    if any(l.startswith(nick + " is away") for l in t.tr.lines[since:]):
        return True
    p = t.players[0]
    n = len(t.tr.lines)
    t.clear_replies(p)
    t.say(p, "!status")
    lines = lambda: t.tr.lines[n:] + [x for x, _ in t.replies.get(p.nick, [])]
    t.wait(lambda: any(l.startswith("largest army: ") for l in lines()), 30, "the status")
    return any(nick in l and "away" in l for l in lines())


def drive_setup(t, remote, timeout=60):
    """Places every setup piece from the board text; nicks in remote place by private message
    from that client, or (None) are left to the turn timer."""
    done = 0
    deadline = time.time() + timeout
    while t.tr.setup:
        check(time.time() < deadline, "setup within %ss (last lines %s)" % (timeout,
                                                                           t.tr.lines[-4:]))
        if done >= len(t.tr.prompts):
            t.pump(0.2)
            continue
        kind, nick, at = t.tr.prompts[done]
        done += 1
        choice = t.setup_choice(kind, nick, at)
        check(choice is not None, "a %s spot for %s from the board text" % (kind, nick))
        text = "build %s %s" % (kind, choice)
        if nick in remote:
            if remote[nick] is not None:
                t.say(remote[nick], "%s %s" % (t.chan, text), where=BOT)
        else:
            t.say(t.by_nick(nick), "!" + text)
        t.wait(lambda: len(t.tr.prompts) > done or not t.tr.setup, 30,
               "the setup step after %s's %s" % (nick, kind))


def play_for(t, absent, seconds, turns):
    """Plays the honest players' turns; the absent seat's turns are left to the turn timer.
    Stops after turns turns or seconds."""
    deadline = time.time() + seconds
    played = 0
    while played < turns and time.time() < deadline and not t.tr.winner:
        t.wait(lambda: t.tr.current, 20, "a current player")
        turn = t.tr.turn
        if t.tr.current == absent:
            t.wait(lambda: t.tr.turn != turn or t.tr.winner, 30,
                   "the turn timer acting for %s" % absent)
        else:
            t.play_turn()
        played += 1
    return played


def s_hand_outsider(w):
    chan = w.chan
    alice, bob = player(w, "alice"), player(w, "bob")
    olive = player(w, "olive")
    probe = w.client("probe")  # outside the table: its reads feed no tracker
    join_all([alice, bob], chan, BOT)
    t = Watched(chan, [alice, bob, olive], BOT, seed=7, log=w.log)
    w.t = t
    t.watched.append(olive)
    t.open_lobby()
    t.say(bob, "!join")
    t.wait(lambda: any(l.startswith("bob joined (2 seated") for l in t.tr.lines), 20, "bob")
    t.say(olive, chan + " join", where=BOT)
    t.wait(lambda: any(l.startswith("olive joined (3 seated") for l in t.tr.lines), 20,
           "olive seated from outside the channel")
    t.say(alice, "!start")
    t.wait(lambda: t.tr.prompts, 20, "the first setup prompt")
    t.say(alice, "!board text")
    t.wait(lambda: len(t.tr.terrain) == 19 and t.tr.harbors, 30, "the board as text")
    drive_setup(t, {"olive": olive})
    t.quiet(0.5, 3)
    # Answers to olive's own commands may reach her (her hand after her second settlement);
    # from here on she says nothing, and nothing private may reach her outside the channel:
    # her turns are left to the turn timer while the others play.
    t.leaks = []
    played = play_for(t, "olive", 25, 3)
    t.quiet(0.5, 2)
    check(t.tr.seen_hands.get("alice") and t.tr.seen_hands.get("bob"),
          "the players in the channel got their hands")
    problems = []
    if t.leaks:
        problems.append("outside the channel: " + "; ".join(t.leaks[:3]))
    if not away_shown(t, "olive"):
        problems.append("olive (outside the channel) is not shown away: %s" % t.tr.lines[-8:])
    t.leaks = []

    # olive goes; a stranger takes the nick and joins the channel.
    olive.close("bye")
    t.players.remove(olive)
    whois_free(probe, "olive")  # else the stranger's NICK may come before olive's QUIT
    mark = len(t.tr.lines)
    fake = player(w, "olive", "mallory")
    fake.send("JOIN " + chan)
    t.players.append(fake)
    t.watched.append(fake)
    t.quiet(0.5, 3)
    t.say(fake, "!hand")
    t.say(fake, chan + " spots", where=BOT)
    t.quiet(0.5, 3)
    played += play_for(t, "olive", 25, 3)
    t.quiet(0.5, 2)
    if t.leaks:
        problems.append("a stranger with the nick: " + "; ".join(t.leaks[:3]))
    if any(l.startswith("olive is back") for l in t.tr.lines[mark:]):
        problems.append("olive's seat came back for a stranger")
    check(not problems, " | ".join(problems))
    t.real_hand(alice)
    return "no private line for a seat outside the channel (%d turns played)" % played


def s_hand_reconnect(w):
    chan = w.chan
    players = [player(w, n) for n in ("alice", "bob", "carol")]
    join_all(players, chan, BOT)
    t = Watched(chan, players, BOT, seed=7, log=w.log)
    w.t = t
    t.start()
    drive_setup(t, {})
    t.quiet(0.5, 2)
    mark = len(t.tr.lines)
    old = w.server
    os.kill(old.proc.pid, signal.SIGKILL)
    old.proc.wait(10)
    old.log.close()
    killed = time.time()
    time.sleep(1)
    w.server = Ngircd(w.args.ngircd, w.work, throttle=False, port=old.port)
    t.wait(lambda: all(c.closed for c in t.players), 10, "every player losing the killed server")
    for i, c in enumerate(list(t.players)):
        if c.nick == "carol":
            t.players[i] = None
            continue
        n = player(w, c.nick)
        n.send("JOIN " + chan)
        t.players[i] = n
    fake = player(w, "carol", "mallory")
    fake.send("JOIN " + chan)
    t.players = [p for p in t.players if p is not None] + [fake]
    t.watched.append(fake)
    # A new server: the bot in its NAMES is the bot back. Read through the table, to feed it.
    back_at = t.players[0].wait_member(chan, BOT, killed + 45 - time.time(), pump=t.pump).time
    t.quiet(1, 4)
    print("the bot is back %.1f s after the kill" % (back_at - killed))
    problems = []
    t.say(fake, "!hand")
    t.quiet(0.5, 2)
    played = play_for(t, "carol", 35, 4)
    t.quiet(0.5, 2)
    if t.leaks:
        problems.append("a stranger with the nick: " + "; ".join(t.leaks[:3]))
    if not away_shown(t, "carol", mark):
        problems.append("carol's seat is not shown away after the reconnect: %s"
                        % t.tr.lines[mark:][:8])
    if any(l.startswith("carol is back") for l in t.tr.lines[mark:]):
        problems.append("carol's seat came back for a stranger")
    check(not problems, " | ".join(problems))
    for p in t.players[:2]:
        t.real_hand(p)
    return "no private line for the seat of a player who did not come back (%d turns)" % played


# ---------------------------------------------------------------------------------------
# A scripted server with long nicks


class Scripted:
    """The scripted server and the bot in its channel; users are lines the server sends.
    nicklen: the server's ISUPPORT NICKLEN; whox and members: see hostile.Server; admins: the
    bot's bot.admins."""

    def __init__(self, args, work, nicklen=64, whox=False, members=None, admins=None):
        self.srv = hostile.Server(work, nicklen=nicklen, whox=whox, members=members)
        self.bot = None
        try:
            self._start(args, work, admins)
        except BaseException:
            self.close()
            raise

    def _start(self, args, work, admins):
        net = {"name": "local", "host": "127.0.0.1", "port": self.srv.port, "tls": False,
               "nick": BOT, "channels": [hostile.CHAN], "flood": {"burst": 5, "interval_ms": 0}}
        bot = {"colors": False}
        if admins:
            bot["admins"] = admins
        self.bot = Bot(args.bot, work, bot_config([net], bot=bot, game={"turn_timeout_s": 0},
                                                  level="debug"),
                       seed=SEED)
        check(self.srv.wait(lambda: self.srv.conns and self.srv.conns[0].registered and
                            hostile.CHAN in self.srv.conns[0].joined, 30),
              "the bot registered and joined %s" % hostile.CHAN)
        self.conn = self.srv.conns[0]
        # Its WHO after the JOIN: the server answers it as it reads it, so every line the
        # test sends from here reaches the bot after that answer.
        check(self.srv.wait(lambda: self.bot_commands("WHO"), 30), "the bot's WHO after its JOIN")

    def send(self, nick, rest, user=None, host="host.example"):
        self.conn.line(":%s!%s@%s %s" % (nick, user or "u" + str(len(nick)), host, rest))

    def say(self, nick, text, target=hostile.CHAN, user=None, host="host.example"):
        self.send(nick, "PRIVMSG %s :%s" % (target, text), user, host)
        time.sleep(0.3)

    def bot_commands(self, cmd, since=0):
        """The parameters of the bot's cmd lines (JOIN, WHO, ...) from index since."""
        return [p for _, _, c, p in hostile.commands(self.conn, since) if c == cmd]

    def lines(self, since=0):
        """(target, text) of the bot's PRIVMSG and NOTICE lines from index since."""
        return [(p[0], p[-1]) for _, _, c, p in hostile.commands(self.conn, since)
                if c in ("PRIVMSG", "NOTICE") and len(p) > 1]

    def expect(self, pred, what, since=0, timeout=30):
        got = self.srv.wait(lambda: next((x for x in self.lines(since) if pred(*x)), None),
                            timeout)
        check(got, "%s within %ss (the bot sent %s)" % (what, timeout,
                                                        [x[1][:70] for x in
                                                         self.lines(since)][-5:]))
        return got

    def finish(self):
        check(not self.srv.problems, "bad lines from the bot: %s"
              % "; ".join(self.srv.problems[:3]))
        check(self.bot.alive(), "bot alive at the end")
        rc = self.bot.stop()
        check(rc == 0, "bot exit status %s" % rc)
        self.bot.check_clean_log()

    def close(self):
        if self.bot and self.bot.alive():
            stop_process(self.bot.proc, "the bot", 15)
        self.srv.close()


def s_long_nick(s):
    chan = hostile.CHAN
    a, m, c = "n" * 50 + "alice", "n" * 50 + "mallory", "carl"
    edge = "n" * 50 + "x" * 14
    long = "n" * 60 + "toolongnick"
    check(len(a) < 64 and len(m) < 64 and len(edge) == 64 and len(long) > 64,
          "the nicks' lengths")
    for nick in (a, m, c, edge, long):
        s.send(nick, "JOIN " + chan)
    s.say(a, "!new")
    s.expect(lambda to, t: to == chan and t.startswith(a + " opened a lobby"),
             "the lobby opened by the whole nick " + a)
    s.say(m, "!join")
    s.expect(lambda to, t: to == chan and t.startswith(m + " joined (2 seated"),
             "a second seat for the whole nick " + m)
    s.say(c, "!join")
    s.expect(lambda to, t: to == chan and t.startswith(c + " joined (3 seated"),
             "a third seat for " + c)
    s.say(edge, "!join")
    s.expect(lambda to, t: to == chan and t.startswith(edge + " joined (4 seated"),
             "a fourth seat for the 64-byte nick " + edge)
    mark = len(s.conn.lines)
    s.say(long, "!join")
    to, text = s.expect(lambda to, t: to.lower() == long.lower(),
                        "a private refusal to the whole %d-byte nick" % len(long), mark)
    check(len(text.encode()) < 200, "a short refusal: %r" % text)
    time.sleep(1.5)
    wrong = [(to, t) for to, t in s.lines(mark) if to != long]
    check(not wrong, "lines besides the refusal for the over-long nick: %s" % wrong[:3])
    s.say(long, chan + " join", target=BOT)
    time.sleep(1.5)
    wrong = [(to, t) for to, t in s.lines(mark) if to != long]
    check(not wrong, "lines besides the refusal for the over-long nick: %s" % wrong[:3])

    mark = len(s.conn.lines)
    s.say(a, "!start")
    _, text = s.expect(lambda to, t: to == chan and t.startswith("the game starts! order:"),
                       "the game starting", mark)
    order = sorted(x.strip() for x in text.split(":", 1)[1].split(","))
    check(order == sorted([a, m, c, edge]), "the order names the four whole nicks: %r" % text)
    for nick in (a, m, edge):
        since = len(s.conn.lines)
        s.say(nick, "!hand")
        s.expect(lambda to, t: to == nick and t.startswith(chan + " hand: "),
                 "the hand line to the whole nick " + nick, since)
    time.sleep(1)
    whole = {chan.lower()} | {x.lower() for x in (a, m, c, edge, long)}
    stray = [(to, t[:60]) for to, t in s.lines() if to.lower() not in whole]
    check(not stray, "lines to nicks nobody uses (cut?): %s" % stray[:3])
    return "long nicks are kept whole; a nick over 64 bytes is refused"


def s_nicklen100(s):
    """The server allows nicks of 100 bytes; the bot keeps 64: a 70-byte nick is told why it
    cannot sit, gets no seat, and nothing goes to a nick cut short of it."""
    chan = hostile.CHAN
    a, b, c = "alice", "bob", "carl"
    long = "L" * 60 + "seventybyt"
    check(len(long) == 70, "the nick's length")
    cuts = {long[:n].lower() for n in range(1, len(long))}
    s.bot.wait_log("the server allows nicks of 100 bytes", 15)
    for nick in (a, b, c, long):
        s.send(nick, "JOIN " + chan)
    s.say(a, "!new")
    s.expect(lambda to, t: to == chan and t.startswith(a + " opened a lobby"), "the lobby")
    mark = len(s.conn.lines)
    s.say(long, "!join")
    to, text = s.expect(lambda to, t: to == long, "a private refusal to the whole 70-byte nick",
                        mark)
    check("too long" in text and "64 bytes" in text,
          "the refusal says the nick is too long and how long it may be: %r" % text)
    for cmd, target in (("%s join" % chan, BOT), ("!hand", chan), ("%s hand" % chan, BOT),
                        ("!spots", chan), ("!status", chan), ("!board text", chan)):
        time.sleep(0.8)  # under the bot's rate limit of a command a second
        s.say(long, cmd, target=target)
    s.say(b, "!join")
    s.say(c, "!join")
    s.expect(lambda to, t: to == chan and t.startswith(c + " joined (3 seated"),
             "three seated", mark)
    s.say(a, "!start")
    s.expect(lambda to, t: to == chan and t.startswith("the game starts! order:"), "the start",
             mark)
    time.sleep(0.8)
    s.say(long, "!hand")
    time.sleep(0.8)
    s.say(long, "%s spots" % chan, target=BOT)
    s.say(a, "!hand")
    s.expect(lambda to, t: to == a and t.startswith(chan + " hand: "), "alice's hand", mark)
    time.sleep(1)
    lines = s.lines(mark)
    seated = [t for to, t in lines if to == chan and long[:20] in t]
    check(not seated, "a channel line names the over-long nick: %s" % seated[:2])
    cut = [(to, t[:60]) for to, t in lines if to.lower() in cuts]
    check(not cut, "lines to a nick cut short of the 70-byte one: %s" % cut[:3])
    private = [t for to, t in lines if to == long and PRIVATE_RE.match(t)]
    check(not private, "hidden information to the over-long nick: %s" % private[:2])
    refusals = [t for to, t in lines if to == long]
    check(all("too long" in t for t in refusals),
          "the over-long nick got only refusals: %s" % refusals[:3])
    whole = {chan.lower(), a, b, c, long.lower()}
    stray = [(to, t[:60]) for to, t in lines if to.lower() not in whole]
    check(not stray, "lines to nicks nobody uses: %s" % stray[:3])
    return "NICKLEN=100: a 70-byte nick is refused (%r), nothing to a cut nick" % refusals[0]


# Members already in the channel when the bot joins it, told by WHOX (354): account "0" is
# nobody logged in.
WHOX_MEMBERS = {hostile.CHAN: [("alice", "al", "a.example", "alice"),
                               ("bob", "bo", "b.example", "0"),
                               ("dave", "da", "d.example", "0"),
                               ("mallory", "ma", "m.example", "mallory")]}


def s_whox(s):
    """bot.admins = account:alice and account:0. The bot asks WHO %tcuhnfa,152 on joining and
    learns alice's account from the 354 reply: her admin command works; bob (account "0", so
    not logged in) and mallory (another account) are no admins, and bob and dave, both "0",
    are two people with two seats."""
    chan = hostile.CHAN
    who = s.bot_commands("WHO")
    check(who and len(who[0]) > 1 and who[0][0] == chan and who[0][1].startswith("%") and "a" in who[0][1] and
          who[0][1].endswith(",152"), "the bot asked WHO %s %%...a,152: %s" % (chan, who))
    users = {n: (u, h) for n, u, h, _ in WHOX_MEMBERS[chan]}

    def say(nick, text, target=BOT):
        s.say(nick, text, target=target, user=users[nick][0], host=users[nick][1])

    mark = len(s.conn.lines)
    say("bob", "join #bob")
    say("mallory", "join #mal")
    say("alice", "join #adm")
    check(s.srv.wait(lambda: any(p[0] == "#adm" for p in s.bot_commands("JOIN", mark)), 30),
          "the bot joined #adm for alice (account from WHOX)")
    time.sleep(1)
    joined = [p[0] for p in s.bot_commands("JOIN", mark)]
    check(joined == ["#adm"], "the bot joined only alice's channel: %s" % joined)
    # Account "0" is not an account: bob and dave are two people.
    say("bob", "!new", target=chan)
    s.expect(lambda to, t: to == chan and t.startswith("bob opened a lobby"), "bob's lobby", mark)
    say("dave", "!join", target=chan)
    s.expect(lambda to, t: to == chan and t.startswith("dave joined (2 seated"),
             "a seat of his own for dave", mark)
    say("alice", "!join", target=chan)
    s.expect(lambda to, t: to == chan and t.startswith("alice joined (3 seated"),
             "a seat for alice", mark)
    # A stranger under alice's nick (another user@host, not logged in) is no admin.
    s.send("alice", "QUIT :bye", "al", "a.example")
    time.sleep(0.3)
    s.send("alice", "JOIN " + chan, "ma2", "m2.example")
    time.sleep(0.3)
    mark = len(s.conn.lines)
    s.say("alice", "join #fake", target=BOT, user="ma2", host="m2.example")
    time.sleep(1.5)
    joined = [p[0] for p in s.bot_commands("JOIN", mark)]
    check(not joined, "the bot joined %s for a stranger with alice's nick" % joined)
    return "WHOX: alice's account learned (admin), account 0 is none (bob no admin, two seats)"


# ---------------------------------------------------------------------------------------


SCENARIOS = {
    "stale_admin": ("services", s_stale_admin, "#id", ("#ok", "#x", "#still")),
    "stale_seat": ("services", s_stale_seat, "#id", ()),
    "whox_admin": ("services", s_whox_admin, "#id", ("#ok", "#x")),
    "nick_change": ("services", s_nick_change, "#id", ("#n1", "#n2", "#n3", "#n4", "#n5")),
    "hand_outsider": ("ngircd", s_hand_outsider, "#h1", None),
    "hand_reconnect": ("ngircd", s_hand_reconnect, "#h2", None),
    "long_nick": ("scripted", s_long_nick, None, {}),
    "nicklen100": ("scripted", s_nicklen100, None, {"nicklen": 100}),
    "whox": ("scripted", s_whox, None, {"whox": True, "members": WHOX_MEMBERS,
                                        "admins": ["account:alice", "account:0"]}),
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", required=True)
    ap.add_argument("--ngircd", default="/usr/sbin/ngircd")
    ap.add_argument("--inspircd", default="/usr/sbin/inspircd")
    ap.add_argument("--atheme", default="/usr/bin/atheme-services")
    ap.add_argument("--only", required=True, choices=sorted(SCENARIOS))
    args = ap.parse_args()
    kind, fn, chan, extra = SCENARIOS[args.only]
    work = Workdir()
    w = None
    started = time.time()
    try:
        if kind == "services":
            w = Services(args, work, chan, extra,
                         before=whox_before if args.only == "whox_admin" else None)
        elif kind == "ngircd":
            w = scenarios.World(args, work, game={"turn_timeout_s": 10}, seed=SEED, chan=chan,
                                level="debug")
        else:
            w = Scripted(args, work, **extra)
        what = fn(w)
        w.finish()
    except TestFailure as e:
        print("FAIL: %s: %s (logs in %s)" % (args.only, e, work.path))
        bot = getattr(w, "bot", None) if w else None
        if bot:
            tail = bot.log_text().strip().splitlines()[-12:]
            print("  the bot's log ends:\n" + "\n".join("    | " + l for l in tail))
        return 1
    finally:
        if w:
            w.close()
    print("ok: %s: %s (%.0f s; logs in %s)" % (args.only, what, time.time() - started,
                                               work.path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
