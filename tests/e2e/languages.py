#!/usr/bin/python3
"""Three languages at once, through the real bot and a local ngIRCd (README, "Languages").

The bot joins #english (no language of its own: bot.language "en"), #katan (Ukrainian) and
#arabi (Arabic). In each a person opens a lobby, seats two normal computer players and starts;
the three games run at the same time. ed (#english) and amal (#arabi) stay silent: with
game.takeover their first setup move runs out of time and a computer sits in for them to the
end. olena (#katan) is silent through the setup too, then speaks (!стан) and, back in her
seat, plays some turns by typing Ukrainian: !кинути rolls (the roll line must come after she
typed it and not before: the game waited for her), a trade offer written with Ukrainian
resource words that are not the names the bot prints (ліс, камінь, ...), which the offer line
gives back as the catalogue's names (деревина, руда, ...), and !кінець ends the turn. Every
game plays to its winner.

Checked on everything the bot said in the channels:
- #katan: no English game word (rolled, wood, settlement, robber, turn, wins, ...) as a whole
  word in any line, apart from the board drawing (Ukrainian words, with "rob" and "pir") and
  command examples such as "(!road 41-N)"; turn, roll and build lines and the game-over line
  are the Ukrainian ones.
- #english: no Cyrillic or Arabic letter (nor a bidi isolate) in any line; its game-over line
  is the English one.
- #arabi: apart from the board drawing (which stays left to right), every line keeps each
  ASCII digit and each player's nick inside an FSI ... PDI isolate (U+2068 ... U+2069), the
  isolates balanced; the game-over line is the Arabic one.
Each check is also run on another channel's lines, where it must find what it looks for, so
that none of them can pass by matching nothing. When a game is over is read from the bot's
log, so that a line in the wrong language fails a check rather than a wait. The bot exits 0
with a clean log; every wait is bounded; only 127.0.0.1. About 45 s here."""

import argparse
import re
import shutil
import sys
import time

from harness import Bot, Client, Ngircd, TestFailure, Workdir, bot_config, check

BOT = "brickwood"
EN, UK, AR = "#english", "#katan", "#arabi"
PEOPLE = {EN: "ed", UK: "olena", AR: "amal"}
FSI, PDI = "\u2068", "\u2069"
TIMER = 10
# olena plays this many of her turns herself, then falls silent again.
OLENA_TURNS = 3

# English words of the game that the Ukrainian catalogue has nowhere (outside command
# examples, "!road 41-N", which stay English): src/i18n/uk_*.c.
ENGLISH_WORDS = re.compile(
    r"\b(?:roll|rolled|rolls|wood|brick|wool|grain|ore|lumber|clay|sheep|wheat|settlement|"
    r"settlements|city|cities|road|roads|robber|turn|turns|wins|won|winner|victory|points|"
    r"built|builds|knight|monopoly|desert|harbor|harbors|discard|discards|steals|stole|"
    r"seconds|player|players|computer|game|bank|offer|offers|longest|largest|army|cards|"
    r"lobby|dice|nobody|receives)\b", re.I)
COMMAND_EXAMPLE = re.compile(r"!\S+")
# Cyrillic, Arabic (with its presentation forms) and the bidi isolates.
NOT_ENGLISH = re.compile("[\u0400-\u04ff\u0500-\u052f\u0600-\u06ff\u0750-\u077f"
                         "\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff\u2066-\u2069]")

# The board drawing: every word one of these (README, "The board" and "Languages"): its terrain
# words, harbor labels and legend are Ukrainian in #katan; English (and ASCII only) elsewhere.
TERRAIN = r"(?:wood|brick|wool|grain|ore|desert|gold|jungle|mine)"
UK_TERRAIN = r"(?:дерево|глина|вовна|збіжжя|руда|пустеля|золото|джунглі|болото)"
DRAWING_TOKEN = re.compile(
    r"[A-Za-z]?\d+|[A-Za-z]{1,2}|\*\d+\*|\||~|" + TERRAIN + r"|robber|rob|pirate|pir|"
    r"[23]:1(?:wood|brick|wool|grain|ore|brk|grn)?|[A-Za-z0-9_.\-'<>]*'[A-Za-z0-9_.\-'<>]*|"
    r"[A-Za-z]=\S+|[A-Za-z]#=(?:city|settlement)|<[A-Za-z]>=ship|\(bot\)")
UK_DRAWING_TOKEN = re.compile(
    r"[A-Za-z]?\d+|[A-Za-z]{1,2}|\*\d+\*|\||~|" + UK_TERRAIN + r"|розб\.|роз|Р|пірат|пір|"
    r"[23]:1(?:дерево|глина|вовна|збіжжя|руда|дер|глн|вов|збж|руд)?|"
    r"[A-Za-z0-9_.\-'<>]*'[A-Za-z0-9_.\-'<>]*|"
    r"[A-Za-z]=\S+|[A-Za-z]#=(?:місто|селище)|<[A-Za-z]>=корабель|\(bot\)")

# Game event lines, one message each of a line's parts (the bot joins them with " · ").
# A person's turn and roll name the command that comes next (" (!roll)", " (!end, ...)").
UK_TURN = re.compile(r"^хід (\d+): кубики кидає (.+?)(?: \(\S+roll\))?$")
UK_ROLL = re.compile(r"^(.+) викидає (\d+) \((\d)\+(\d)\)(?: \(\S+end, коли завершите\))?$")
UK_BUILD = re.compile(r"^(.+) будує (?:селище|дорогу|місто) на \d+(?:-\d+)?$")
UK_OFFER = re.compile(r"^olena пропонує (.+) за (.+), кому: .+ \(пропозиція \d+\)"
                      r"(?: \(\S+trade accept .*\))?$")
UK_TIMEOUT = re.compile(r"^час гравця olena вичерпано")
UK_HAND = re.compile(r"на руці: (.*?) \(карт: \d+\)")
# Whether the game waits for olena or a computer sits in for her (src/i18n/uk_bot.c).
UK_PLAYS_AGAIN = "olena повертається і грає знову"
UK_SAT_IN = re.compile(r"^(у olena скінчився час|olena немає): до повернення грає")
EN_ROLL = re.compile(r"^(.+) rolled (\d+) \((\d)\+(\d)\)(?: \(\S+end when done\))?$")
WINS = {
    EN: re.compile(r"^(.+) wins with (\d+) victory points"),
    UK: re.compile(r"^(.+) перемагає з (\d+) переможними очками"),
    AR: re.compile("^يفوز " + FSI + "(.+?)" + PDI + " بـ " + FSI + r"(\d+)" + PDI + " (?:نقطة|نقاط) نصر"),
}
# Ukrainian resource words the bot takes but never prints, and the names it prints for them.
UK_ALIAS = {"дерево": "ліс", "глина": "цегла", "вовна": "шерсть", "збіжжя": "пшениця",
            "руда": "камінь"}
# The forms a count gives them in the hand (2 дерева, 5 руд), and one of it as an object
# ("пропонує 1 глину").
UK_FORMS = {"дерева": "дерево", "дерев": "дерево", "глини": "глина", "глин": "глина",
            "вовни": "вовна", "вовн": "вовна", "руди": "руда", "руд": "руда"}
UK_ONE = {"дерево": "дерево", "глина": "глину", "вовна": "вовну", "збіжжя": "збіжжя",
          "руда": "руду"}


def parts(text):
    return text.split(" · ")


def is_drawing(text, lang=EN):
    words = text.split()
    if lang == UK:
        return bool(words) and all(UK_DRAWING_TOKEN.fullmatch(w) for w in words)
    return (bool(words) and text.isascii()
            and all(DRAWING_TOKEN.fullmatch(w) for w in words))


def english_words(text):
    """The English game words in a line, command examples left out."""
    return ENGLISH_WORDS.findall(COMMAND_EXAMPLE.sub(" ", text))


def isolation_faults(text, nicks):
    """What in a line stands outside an FSI ... PDI isolate: ASCII digits and nicks; also
    unbalanced isolates."""
    faults, depth, outside = [], 0, []
    for ch in text:
        if ch == FSI:
            depth += 1
            outside.append("\0")
        elif ch == PDI:
            depth -= 1
            if depth < 0:
                faults.append("a PDI without its FSI")
                depth = 0
            outside.append("\0")
        else:
            outside.append(ch if depth == 0 else "\0")
            if depth == 0 and ch.isascii() and ch.isdigit():
                faults.append("digit %s" % ch)
    if depth:
        faults.append("an FSI not closed")
    # A command split from its prefix ("(FSI!PDIroll"): the word must be isolated with the "!".
    if re.search(FSI + r"[!@~.]" + PDI + r"[A-Za-z]", text):
        faults.append("a command split from its prefix")
    bare = "".join(outside)
    for nick in nicks:
        if re.search(r"(?<![\w])" + re.escape(nick) + r"(?![\w])", bare):
            faults.append("nick %s" % nick)
    return faults


class Run:
    def __init__(self, watcher, people):
        self.watcher = watcher
        self.people = people              # channel -> Client
        self.lines = {EN: [], UK: [], AR: []}   # channel -> [(time, text)]
        self.private = {c: [] for c in people}  # channel -> [(time, text)] to its person
        self.queue = []                   # (client, channel, text) to say when the gap allows

    def pump(self, timeout):
        self.watcher.pump(timeout)
        for chan, c in self.people.items():
            c.pump(0)
            for m in c.seen:
                if (m.nick.lower() == BOT and m.cmd in ("PRIVMSG", "NOTICE") and m.params
                        and m.params[0].lower() == c.nick):
                    self.private[chan].append((m.time, m.params[-1]))
            c.seen = []
        new = []
        for m in self.watcher.seen:
            if m.nick.lower() != BOT or m.cmd not in ("PRIVMSG", "NOTICE") or not m.params:
                continue
            chan = m.params[0].lower()
            if chan in self.lines:
                self.lines[chan].append((m.time, m.params[-1]))
                new.append((chan, m.time, m.params[-1]))
        self.watcher.seen = []
        # What is queued goes out once the bot's one-command-a-second limit allows.
        while self.queue:
            client, chan, text = self.queue[0]
            if time.time() < getattr(client, "last_say", 0) + client.SAY_GAP:
                break
            self.queue.pop(0)
            client.say(chan, text)
            client.sent_at = time.time()
        return new

    def wait(self, cond, timeout, what):
        deadline = time.time() + timeout
        while not cond():
            if time.time() > deadline:
                raise TestFailure("no %s within %ss (last lines: %s)"
                                  % (what, timeout, {c: [t for _, t in l[-3:]]
                                                     for c, l in self.lines.items()}))
            self.pump(0.2)


class Olena:
    """The person in #katan: silent through the setup, then back at the table (she speaks
    after the first turn line), playing OLENA_TURNS of her turns in Ukrainian."""

    def __init__(self, run, client):
        self.run, self.c = run, client
        self.state = "setup"
        self.own = True        # the game waits for her at her turns (no computer sits in)
        self.t0 = 0.0
        self.turn = 0
        self.rolls = []        # (turn, value) of rolls she typed
        self.offer = None      # (typed, shown, given, asked) of her offer
        self.ended = 0         # turns she ended with !кінець
        self.sat_in_again = 0  # turns a computer still played for her
        self.hand = {}
        self.log = []
        self.refused = []      # offers refused

    def say(self, text):
        self.log.append(text)
        self.c.sent_at = float("inf")  # until the line is sent
        self.run.queue.append((self.c, UK, text))

    def read_hand(self):
        for _, text in self.run.private[UK][-1:]:
            h = UK_HAND.search(text)
            if h:
                self.hand = {}
                for item in h.group(1).split(", "):
                    n, _, res = item.partition(" ")
                    if n.isdigit():
                        self.hand[UK_FORMS.get(res, res)] = int(n)

    def feed(self, when, part):
        turn, roll = UK_TURN.match(part), UK_ROLL.match(part)
        if part == UK_PLAYS_AGAIN:
            self.own = True
        elif UK_SAT_IN.match(part):
            self.own = False
        if self.state == "setup" and turn:
            self.say("!стан")  # status: she speaks, the seat is hers again at her next roll
            self.state = "idle"
        elif self.state == "idle" and turn and turn.group(2) == "olena":
            self.state, self.t0, self.turn = "check", when, int(turn.group(1))
        elif self.state == "check" and roll and roll.group(1) == "olena":
            # A computer still sits in for her (she spoke after her turn had begun).
            self.sat_in_again += 1
            self.say("!стан")
            self.state = "idle"
        elif self.state == "roll" and roll and roll.group(1) == "olena":
            check(when >= self.c.sent_at, "olena's roll came before she typed !кинути")
            value = int(roll.group(2))
            self.rolls.append((self.turn, value))
            if value == 7:
                # The robber: she lets her time run out (a computer moves it and sits in).
                self.state = "idle" if len(self.rolls) < OLENA_TURNS else "done"
                return
            self.read_hand()
            held = [r for r, n in self.hand.items() if n > 0 and r in UK_ALIAS]
            if self.offer is None and held:
                other = next(r for r in UK_ALIAS if r != held[0])
                typed = "!trade offer 1 %s for 1 %s" % (UK_ALIAS[held[0]], UK_ALIAS[other])
                self.offer = (typed, None, held[0], other)
                self.say(typed)
                self.state, self.t0 = "offer", when
            else:
                self.say("!кінець")
                self.state, self.t0 = "end", when
        elif self.state == "offer" and UK_OFFER.match(part):
            o = UK_OFFER.match(part)
            self.offer = self.offer[:1] + ((o.group(1), o.group(2)),) + self.offer[2:]
            self.say("!кінець")
            self.state, self.t0 = "end", when
        elif self.state == "end" and turn and when >= self.c.sent_at:
            check(turn.group(2) != "olena", "olena's turn did not end: %s" % part)
            self.ended += 1
            self.state = "idle" if len(self.rolls) < OLENA_TURNS else "done"
        if self.state in ("roll", "offer", "end") and UK_TIMEOUT.match(part):
            raise TestFailure("olena's time ran out while the bot should have taken her %s "
                              "(she typed %s)" % (self.state, self.log[-1:]))

    def tick(self, now):
        if self.state == "check" and self.own and not self.run.queue:
            # Her turn, and no computer sits in for her (the channel said she plays again, and
            # nothing since that a computer took over): the game waits for her. Otherwise a
            # computer's roll for her comes (see feed), or the line that she plays again.
            self.say("!кинути")
            self.state, self.t0 = "roll", now
        if (self.state == "offer" and now > self.t0 + 4 and
                any(when >= self.c.sent_at for when, _ in self.run.private[UK])):
            # Refused in private (her hand as she last saw it was out of date): she ends
            # the turn and offers on another.
            self.refused.append(self.offer[0])
            self.offer = None
            self.say("!кінець")
            self.state, self.t0 = "end", now
        # Under the 10 s turn timer, which would end her move for her.
        if self.state in ("roll", "offer", "end") and now > self.t0 + 9:
            raise TestFailure("no answer to olena's %s within 9 s (she typed %s)"
                              % (self.state, self.log[-1:]))


def config_text(port):
    net = {"name": "local", "host": "127.0.0.1", "port": port, "tls": False, "nick": BOT,
           "channels": "@CHANNELS@", "flood": {"burst": 50, "interval_ms": 20}}
    game = {"victory_points": 4, "turn_timeout_s": TIMER, "takeover": True,
            "bot_delay_ms": 20, "bot_think_ms": 200}
    text = bot_config([net], game=game, bot={"colors": False, "language": "en"})
    # A list that holds a group is written in ( ).
    return text.replace('"@CHANNELS@"', '( "%s", { name = "%s"; language = "uk"; }, '
                        '{ name = "%s"; language = "ar"; } )' % (EN, UK, AR))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", required=True)
    ap.add_argument("--ngircd", default="/usr/sbin/ngircd")
    ap.add_argument("--timeout", type=float, default=100)
    args = ap.parse_args()
    began = time.time()
    work = Workdir()
    server = Ngircd(args.ngircd, work, throttle=False)
    bot = Bot(args.bot, work, config_text(server.port), seed=11)
    clients = []
    try:
        watcher = Client(server.port, "watcher")
        clients.append(watcher)
        people = {}
        for chan, nick in PEOPLE.items():
            people[chan] = Client(server.port, nick)
            clients.append(people[chan])
        for chan, c in people.items():
            c.send("JOIN " + chan)
            watcher.send("JOIN " + chan)
        run = Run(watcher, people)
        # The bot was started first: it may be in a channel before the watcher.
        for chan in PEOPLE:
            watcher.wait_member(chan, BOT)

        # The lobbies, side by side; the replies' wording is not checked, only that each
        # command is answered in the channel and not refused in private.
        for cmd in ("!new", "!addbot normal", "!addbot normal", "!start"):
            before = {chan: len(run.lines[chan]) for chan in PEOPLE}
            for chan, c in people.items():
                c.say(chan, cmd)
            run.wait(lambda: all(len(run.lines[ch]) > before[ch] for ch in PEOPLE), 30,
                     "answer to %s in every channel" % cmd)
            refused = {ch: p for ch, p in run.private.items() if p}
            check(not refused, "%s refused: %s" % (cmd, refused))

        # The games, until the bot's log says that each has ended (in no language of the
        # channels: the game-over lines are checked afterwards).
        olena = Olena(run, people[UK])
        winners, seen, ended = {}, {chan: 0 for chan in PEOPLE}, set()

        def read():
            """The channels' new lines: winners, and olena's game."""
            for chan in PEOPLE:
                for when, text in run.lines[chan][seen[chan]:]:
                    for p in parts(text):
                        w = WINS[chan].match(p)
                        if w:
                            winners[chan] = w.group(1)
                        if chan == UK:
                            olena.feed(when, p)
                seen[chan] = len(run.lines[chan])

        deadline = time.time() + args.timeout
        next_log = 0
        while ended < set(PEOPLE) or olena.state in ("check", "roll", "offer", "end"):
            check(time.time() < deadline, "three games over within %.0f s: %s (olena: %s, %s)"
                  % (args.timeout, ended, olena.state, olena.log))
            run.pump(0.2)
            if time.time() > next_log:
                next_log = time.time() + 1
                ended = set(re.findall(r"channel=(#\S+) action=game_over", bot.log_text()))
            read()
            if UK not in ended:
                olena.tick(time.time())
            elif olena.state not in ("done", "idle", "setup"):
                raise TestFailure("the #katan game ended during olena's %s" % olena.state)
        # The log says a game ended as its game-over line goes out: until each has come (a
        # line missing fails the check in report, not this wait).
        end = time.time() + 30
        while set(winners) < set(PEOPLE) and time.time() < end:
            run.pump(0.2)
            read()
        # The summary lines after the game-over line.
        end = time.time() + 1.5
        while time.time() < end:
            run.pump(0.2)

        report(run, olena, winners)
        bad = [m for c in clients for m in c.seen if m.cmd in ("401", "432")]
        check(not bad, "no line to a name that is no nick: %s" % bad)
        check(bot.alive(), "the bot is alive")
        rc = bot.stop()
        check(rc == 0, "bot exit status %s" % rc)
        bot.check_clean_log()
        print("ok: three languages at once (winners %s; olena rolled %s, offered %s, ended %d "
              "turns; %d/%d/%d channel lines) in %.0f s"
              % (winners, olena.rolls, olena.offer[1] if olena.offer else None, olena.ended,
                 len(run.lines[EN]), len(run.lines[UK]), len(run.lines[AR]),
                 time.time() - began))
        return 0
    finally:
        for c in clients:
            c.close()
        if bot.alive():
            bot.stop()
        server.stop()
        shutil.rmtree(work.path, ignore_errors=True)


def report(run, olena, winners):
    en = [t for _, t in run.lines[EN]]
    uk = [t for _, t in run.lines[UK]]
    ar = [t for _, t in run.lines[AR]]
    uk_parts = [p for t in uk for p in parts(t)]

    # #katan: no English game word, the drawing and command examples aside.
    drawing = [t for t in uk if is_drawing(t, UK)]
    english = [(t, english_words(t)) for t in uk if not is_drawing(t, UK) and english_words(t)]
    check(not english, "English in #katan: %s" % english[:5])
    # #english: no Cyrillic or Arabic letter anywhere, drawing included.
    foreign = [t for t in en if NOT_ENGLISH.search(t)]
    check(not foreign, "Cyrillic or Arabic in #english: %s" % foreign[:5])
    # #arabi: digits and nicks isolated, the drawing aside.
    nicks = {"amal"} | set(re.findall(r"([A-Z][a-z]+ \(bot\))", " ".join(ar)))
    ar_text = [t for t in ar if not is_drawing(t)]
    faults = [(t, isolation_faults(t, nicks)) for t in ar_text if isolation_faults(t, nicks)]
    check(not faults, "outside an isolate in #arabi: %s" % faults[:5])

    # Now that none failed: each check finds what it looks for in another channel's lines,
    # so that it cannot pass by matching nothing.
    en_game = [t for t in en if EN_ROLL.match(parts(t)[0])]
    check(len(en_game) >= 3, "English roll lines in #english: %s" % en[-5:])
    check(len(drawing) >= 15, "the board drawing in #katan: %d lines" % len(drawing))
    check(any(re.search(UK_TERRAIN, t) for t in drawing) and
          not any(re.search(r"\b" + TERRAIN + r"\b", t) for t in drawing),
          "the drawing in #katan has its Ukrainian words and no English terrain word")
    # The English-word check finds #english's roll lines, which the drawing test does not
    # take for the drawing.
    check(all(english_words(t) and not is_drawing(t) for t in en_game),
          "the English-word check finds #english's roll lines: %s" % en_game[:3])

    check(all(NOT_ENGLISH.search(t) for t in uk if not is_drawing(t, UK)) and
          all(NOT_ENGLISH.search(t) for t in ar if not is_drawing(t)),
          "the letter check finds every #katan and #arabi line but the drawing's: %s"
          % ([t for t in uk if not is_drawing(t, UK) and not NOT_ENGLISH.search(t)] +
             [t for t in ar if not is_drawing(t) and not NOT_ENGLISH.search(t)])[:5])
    check(len(nicks) >= 3, "the players in #arabi: %s" % nicks)
    check(len([t for t in ar if is_drawing(t)]) >= 15, "the board drawing in #arabi")
    check(sum(t.count(FSI) for t in ar_text) >= 50 and
          sum(bool(re.match("يرمي " + FSI + ".+" + PDI + " النرد: " + FSI + r"\d+" + PDI, p))
              for t in ar_text for p in parts(t)) >= 3,
          "#arabi's roll lines, isolated: %s" % ar_text[-5:])
    # The isolation check finds the bare digits and nicks of #english's lines.
    en_nicks = {"ed"} | set(re.findall(r"([A-Z][a-z]+ \(bot\))", " ".join(en)))
    check(all(isolation_faults(t, en_nicks) for t in en_game),
          "the isolation check finds #english's roll lines")

    # Each game to its winner, the game-over line in the channel's language.
    for chan, lines in ((EN, en), (UK, uk), (AR, ar)):
        check(chan in winners, "%s: a game-over line in its language (last lines: %s)"
              % (chan, lines[-3:]))
    check(sum(bool(UK_TURN.match(p)) for p in uk_parts) >= 3, "Ukrainian turn lines")
    check(sum(bool(UK_ROLL.match(p)) for p in uk_parts) >= 3, "Ukrainian roll lines")
    check(sum(bool(UK_BUILD.match(p)) for p in uk_parts) >= 6, "Ukrainian build lines")

    # olena played in Ukrainian, and the bot took it.
    check(olena.rolls, "olena rolled with !кинути at least once (%s; a computer played %d of "
          "her turns)" % (olena.log, olena.sat_in_again))
    check(olena.offer is None or olena.offer[1], "olena's offer shown: %s" % (olena.offer,))
    if olena.offer:
        typed, shown, held, other = olena.offer
        check(shown == ("1 " + UK_ONE[held], "1 " + UK_ONE[other]),
              "olena's offer (%s) shown with the catalogue's names: %s" % (typed, shown))
    check(olena.offer or all(v == 7 for _, v in olena.rolls) or not olena.hand,
          "olena offered a trade in Ukrainian words (%s)" % olena.log)
    check(olena.ended or all(v == 7 for _, v in olena.rolls),
          "olena ended a turn with !кінець (%s)" % olena.log)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except TestFailure as e:
        print("FAIL:", e)
        sys.exit(1)
