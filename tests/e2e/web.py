#!/usr/bin/python3
"""The read-only web view, end to end: ngIRCd, the bot with `web = { listen; public_url; }`,
and one whole game of three scripted players (play.py) to its winner, while the web view is
read the way a browser and a hostile client would read it.

Checked:
- IRC: the `!start` line and the answers to `!board web` are all "#CHAN web: URL/g/local/CHAN":
  in the channel, or to the one asking when the channel saw it less than 15 s before.
- Every ~2 s of the game: `/`, the game's page, its `/live` part and `board.svg` answer 200
  with a Content-Security-Policy of script-src 'self'; the pages parse as XML (polyglot
  HTML5, the doctype stripped) with no inline script content, no style attribute or element,
  no on* handler; `/` links the game; the settlements and cities in the SVG never decrease and
  are at least two per player after the setup. Every response, whatever its status, has the
  CSP header (the library's own answer to an oversized request aside, which is reported).
- When the game is quiet (a turn's start: nobody may act), at a few turns: each player's
  "cards" in the players table equals the card count of the hand line the bot sends that
  player for `!hand`; the SVG's settlements, cities and roads are those the channel lines
  built, each player's public points those of their buildings and awards.
- Hidden information: no page, fragment or SVG ever fetched holds any private line a player
  received (hands, spots, stolen and bought cards, replies), nor "hand:", "dev:", "spots:",
  "you bought", "you stole", "stole 1 ".
- Bad requests: POST, PUT, DELETE, OPTIONS (and a POST with a body) answer 405 with
  "Allow: GET, HEAD" and change nothing (the /live ETag answers 304 afterwards); If-None-Match
  with the current ETag answers 304 with no body; a 5000-byte path 414; /g/local/nosuchchan
  (and its /live and /board.svg) 404; a request of ~20 KB of headers a 4xx, the server
  answering afterwards; HEAD of the page 200 with no body; a client that sends half a request
  line is closed by the server within 12 s (its timeout is 10 s) while every other request
  meanwhile is answered in under 1 s.
- After the end: the page still answers 200 and says the game is over and who won; `/` lists
  it as over; `/top`, `/style.css` and `/live.js` answer 200.
- A headless chromium loads the game page (CSP in force, /live.js polling) and takes a
  screenshot; the PNG (decoded here with zlib: IHDR, IDAT, unfiltered scanlines) has many
  colours and a fair share of pixels that are not near white. It is kept in --artifacts.
- The bot exits 0 on SIGTERM with no sanitizer report.

Every process is stopped by its PID, every wait is bounded; only 127.0.0.1. BRICKWOOD_SEED
fixes the game. About 75 s here under ASan."""

import argparse
import hashlib
import html
import os
import re
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import xml.etree.ElementTree as ET
import zlib

from harness import (Bot, Client, Ngircd, TestFailure, Workdir, bot_config, check, free_port,
                     join_all, stop_process)
from play import Table

BOT = "brickwood"
NET = "local"
CHAN = "#webgame"
GAME = "/g/%s/%s" % (NET, CHAN[1:])
PLAYERS = ("alice", "bob", "carol")
POLL_EVERY = 2.0
# Turns at whose start the quiet checks run (those the game reaches).
SAMPLE_TURNS = (1, 4, 8, 13, 19)
SLOW_WAIT = 12.0
PROMPT = 1.0
XHTML = "{http://www.w3.org/1999/xhtml}"
SVG = "{http://www.w3.org/2000/svg}"
DOCTYPE = "<!DOCTYPE html>"
# What only private lines say.
PRIVATE_MARKERS = ("hand:", "dev:", "spots:", "you bought", "you stole", "stole 1 ")


def local(tag):
    return tag.rsplit("}", 1)[-1]


def classes(e):
    return (e.get("class") or "").split()


class Response:
    def __init__(self, status, reason, headers, body, elapsed, raw_head):
        self.status, self.reason, self.headers = status, reason, headers
        self.body, self.elapsed, self.raw_head = body, elapsed, raw_head

    def header(self, name):
        return self.headers.get(name.lower())

    def text(self):
        return self.body.decode("utf-8")

    def __repr__(self):
        return "<%s %s, %d bytes, %s>" % (self.status, self.reason, len(self.body),
                                          self.raw_head[:300])


def exchange(port, data, timeout=10.0):
    """Sends data on a fresh connection and reads to the end (every request says
    Connection: close). Returns a Response, or None when the server closed without a status
    line; what it read is in the exception text if it cannot be parsed."""
    t0 = time.time()
    s = socket.create_connection(("127.0.0.1", port), timeout)
    chunks = []
    try:
        s.settimeout(timeout)
        try:
            s.sendall(data)
        except OSError:
            pass  # the server may answer before it has read everything
        deadline = t0 + timeout
        while True:
            left = deadline - time.time()
            if left <= 0:
                raise TestFailure("no end of the answer to %r within %.0f s (got %r)"
                                  % (data[:80], timeout, b"".join(chunks)[:200]))
            s.settimeout(left)
            try:
                got = s.recv(65536)
            except socket.timeout:
                continue
            except ConnectionResetError:
                break
            if not got:
                break
            chunks.append(got)
    finally:
        s.close()
    elapsed = time.time() - t0
    raw = b"".join(chunks)
    if not raw:
        return None
    head, sep, body = raw.partition(b"\r\n\r\n")
    check(sep, "an answer without the end of its headers: %r" % raw[:300])
    lines = head.decode("latin-1").split("\r\n")
    m = re.match(r"^HTTP/1\.[01] (\d{3}) ?(.*)$", lines[0])
    check(m, "not a status line: %r" % lines[0])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = headers.get("content-length")
    if length is not None and "transfer-encoding" not in headers:
        check(len(body) == int(length) or data.startswith(b"HEAD "),
              "Content-Length %s but %d bytes for %r" % (length, len(body), data[:80]))
    return Response(int(m.group(1)), m.group(2), headers, body, elapsed, head)


def request_bytes(method, path, headers=None, body=b""):
    out = "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n" % (method, path)
    for k, v in (headers or {}).items():
        out += "%s: %s\r\n" % (k, v)
    if body:
        out += "Content-Length: %d\r\n" % len(body)
    return out.encode() + b"\r\n" + body


class Web:
    """The web view as its clients see it; every answer is kept for the checks at the end."""

    def __init__(self, port):
        self.port = port
        self.bodies = {}         # sha1 -> (path, body text) of every 200 answer with a body
        self.log = []            # (start time, elapsed, method, path, status)
        self.last_poll = 0.0
        self.polls = 0
        self.svg_max = 0         # settlements and cities in the SVG, the most seen
        self.svg_series = []     # (time, count)
        self.not_modified = 0
        self.slow = None         # the slow client's thread and what it saw
        self.chromium = None
        self.busy = False
        self.library_answers = []  # answers without our headers (the library's own)

    def fetch(self, path, method="GET", headers=None, body=b"", expect=200, csp=True):
        t0 = time.time()
        r = exchange(self.port, request_bytes(method, path, headers, body))
        check(r is not None, "%s %s: the server closed without an answer" % (method, path))
        self.log.append((t0, r.elapsed, method, path, r.status))
        if expect is not None:
            check(r.status == expect, "%s %s answered %s, not %s: %r"
                  % (method, path, r.status, expect, r))
        if csp:
            policy = r.header("content-security-policy") or ""
            check("script-src 'self'" in policy and "default-src 'none'" in policy,
                  "%s %s (%s): Content-Security-Policy %r" % (method, path, r.status, policy))
        if r.body and r.status == 200:
            text = r.body.decode("utf-8", "replace")
            self.bodies[hashlib.sha1(r.body).hexdigest()] = ("%s %s" % (method, path), text)
        return r

    # Parsing and the checks every page gets.
    def document(self, r, path):
        text = r.text()
        check(r.header("content-type") and r.header("content-type").startswith("text/html"),
              "%s: content type %r" % (path, r.header("content-type")))
        check(text.startswith(DOCTYPE), "%s does not begin with %s: %r" % (path, DOCTYPE,
                                                                          text[:60]))
        try:
            root = ET.fromstring(text[len(DOCTYPE):].lstrip())
        except ET.ParseError as e:
            raise TestFailure("%s is not well-formed XML: %s" % (path, e))
        check(root.tag == XHTML + "html", "%s: root element %s" % (path, root.tag))
        self.no_inline(root, text, path)
        return root

    def fragment(self, r, path):
        text = r.text()
        try:
            root = ET.fromstring('<div xmlns="http://www.w3.org/1999/xhtml">%s</div>' % text)
        except ET.ParseError as e:
            raise TestFailure("%s is not well-formed XML: %s" % (path, e))
        self.no_inline(root, text, path)
        return root

    @staticmethod
    def no_inline(root, text, path):
        for e in root.iter():
            name = local(e.tag)
            check("style" not in e.attrib, "%s: a style attribute on <%s>" % (path, name))
            check(name != "style", "%s: a <style> element" % path)
            handlers = [a for a in e.attrib if local(a).lower().startswith("on")]
            check(not handlers, "%s: event handler attributes %s" % (path, handlers))
            if name == "script":
                check(e.get("src") and not (e.text or "").strip() and not len(e),
                      "%s: a script with inline content or no src" % path)
        check(not re.search(r"\sstyle\s*=", text), "%s: style= in the text" % path)
        check(not re.search(r"javascript:", text, re.I), "%s: javascript: in the text" % path)

    @staticmethod
    def live_main(root, path):
        mains = [e for e in root.iter(XHTML + "main") if e.get("id") == "live"]
        check(len(mains) == 1, "%s: one <main id=live>" % path)
        check(mains[0].get("data-live") == GAME + "/live",
              "%s: data-live=%r" % (path, mains[0].get("data-live")))
        return mains[0]

    @staticmethod
    def pieces(root):
        """Settlement and city ids, road ids and robber count of the first board SVG."""
        svg = root if local(root.tag) == "svg" else next(root.iter(SVG + "svg"), None)
        check(svg is not None, "no <svg> board")
        out = {"settlement": set(), "city": set(), "road": set(), "robber": 0, "hex": 0}
        for e in svg.iter():
            c = classes(e)
            for kind in ("settlement", "city", "road"):
                if kind in c:
                    out[kind].add(e.get("id"))
            if "robber" in c:
                out["robber"] += 1
            if "hex" in c:
                out["hex"] += 1
        return out

    @staticmethod
    def players(root):
        """nick -> {points, cards, dev, knights, road, awards} from the players table."""
        out = {}
        for tr in root.iter(XHTML + "tr"):
            if not (tr.get("id") or "").startswith("player-"):
                continue
            cells = {}
            nick = None
            for td in tr.iter(XHTML + "td"):
                c = classes(td)
                if "nick" in c:
                    nick = (td.text or "").strip()
                for k in ("points", "cards", "dev", "knights", "road"):
                    if k in c:
                        cells[k] = int("".join(td.itertext()).strip())
                if "awards" in c:
                    cells["awards"] = " ".join(td.itertext())
            check(nick, "a player row without a nick")
            out[nick] = cells
        return out

    @staticmethod
    def move_line(root):
        for p in root.iter(XHTML + "p"):
            if "move" in classes(p):
                return "".join(p.itertext())
        raise TestFailure("no <p class=move>")

    def poll(self, table, force=False):
        """The four reads of every ~2 s; their checks."""
        now = time.time()
        ch = self.chromium
        if ch and "end" not in ch and ch["proc"].poll() is not None:
            ch["end"] = now
        if self.busy or (not force and now - self.last_poll < POLL_EVERY):
            return
        self.busy = True
        try:
            self.last_poll = now
            self.polls += 1
            index = self.document(self.fetch("/"), "/")
            links = [(a.get("href"), "".join(a.itertext())) for a in index.iter(XHTML + "a")]
            check((GAME, CHAN) in links, "/ does not link %s as %s: %s" % (GAME, CHAN, links))
            page = self.document(self.fetch(GAME), GAME)
            self.live_main(page, GAME)
            live_r = self.fetch(GAME + "/live")
            check(live_r.header("etag"), "%s/live without an ETag" % GAME)
            self.fragment(live_r, GAME + "/live")
            if self.move_line(page).startswith("Lobby"):
                # No board before the start (the game may start meanwhile).
                r = self.fetch(GAME + "/board.svg", expect=None)
                check(r.status in (200, 404), "board.svg in the lobby: %r" % r)
                return
            svg_r = self.fetch(GAME + "/board.svg")
            check(svg_r.header("content-type").startswith("image/svg+xml"),
                  "board.svg content type %r" % svg_r.header("content-type"))
            try:
                svg = ET.fromstring(svg_r.text())
            except ET.ParseError as e:
                raise TestFailure("board.svg is not well-formed XML: %s" % e)
            check(svg.tag == SVG + "svg", "board.svg root %s" % svg.tag)
            p = self.pieces(svg)
            check(p["hex"] >= 19 and p["robber"] == 1,
                  "board.svg: %d hexes, %d robbers" % (p["hex"], p["robber"]))
            n = len(p["settlement"]) + len(p["city"])
            check(n >= self.svg_max, "settlements and cities in board.svg went from %d to %d"
                  % (self.svg_max, n))
            self.svg_max = n
            self.svg_series.append((now, n))
            if not table.tr.setup and table.tr.turn > 1:
                check(n >= 2 * len(PLAYERS), "only %d settlements and cities in board.svg "
                      "after the setup" % n)
        finally:
            self.busy = False

    # The slow client: half a request line, then silence.
    def start_slow(self):
        seen = {"start": time.time(), "closed": None, "got": b""}

        def run():
            s = socket.create_connection(("127.0.0.1", self.port), 5)
            try:
                s.sendall(b"GET " + GAME.encode() + b" HTT")
                seen["sent"] = time.time()
                deadline = seen["sent"] + SLOW_WAIT + 3
                while time.time() < deadline:
                    s.settimeout(max(0.1, deadline - time.time()))
                    try:
                        got = s.recv(4096)
                    except socket.timeout:
                        continue
                    except OSError:
                        got = b""
                    if not got:
                        seen["closed"] = time.time()
                        return
                    seen["got"] += got
            finally:
                s.close()

        th = threading.Thread(target=run, daemon=True)
        th.start()
        self.slow = (th, seen)

    def check_slow(self):
        th, seen = self.slow
        th.join(SLOW_WAIT + 5)
        check(not th.is_alive(), "the slow client's thread ended")
        check(seen["closed"] is not None, "a client that sent half a request line was still "
              "connected %.0f s later (%r)" % (SLOW_WAIT + 3, seen["got"][:200]))
        took = seen["closed"] - seen["sent"]
        check(took <= SLOW_WAIT + 0.5, "the slow client was closed only after %.1f s" % took)
        window = [x for x in self.log if seen["sent"] <= x[0] <= seen["closed"]]
        check(len(window) >= 4, "requests while the slow client waited: %d" % len(window))
        late = [x for x in window if x[1] >= PROMPT]
        check(not late, "requests slower than %.1f s while a slow client waited: %s"
              % (PROMPT, late))
        return took, len(window), max(x[1] for x in window), seen["got"][:60]


def bad_requests(web):
    """The requests a page never needs; the answers, and nothing changes."""
    notes = []
    first = web.fetch(GAME + "/live")
    etag = first.header("etag")
    r = web.fetch(GAME + "/live", headers={"If-None-Match": etag}, expect=304)
    check(not r.body, "a 304 with a body: %r" % r.body[:100])
    check(r.header("etag") == etag, "the 304's ETag %r, not %r" % (r.header("etag"), etag))
    for method in ("POST", "PUT", "DELETE", "OPTIONS", "PATCH"):
        for path in ("/", GAME, GAME + "/live", GAME + "/board.svg", "/top"):
            r = web.fetch(path, method=method, expect=405)
            check(r.header("allow") == "GET, HEAD", "%s %s: Allow %r" % (method, path,
                                                                       r.header("allow")))
    r = web.fetch(GAME, method="POST", body=b"move=build+city+12",
                  headers={"Content-Type": "application/x-www-form-urlencoded"}, expect=405)
    check(r.header("allow") == "GET, HEAD", "POST with a body: Allow %r" % r.header("allow"))
    r = web.fetch(GAME + "/live", headers={"If-None-Match": etag}, expect=304)
    check(not r.body, "a 304 with a body after the 405s")
    # HEAD: the headers of a GET, no body.
    r = web.fetch(GAME, method="HEAD")
    check(r.body == b"", "HEAD %s has a body of %d bytes: %r" % (GAME, len(r.body), r.body[:80]))
    check((r.header("content-type") or "").startswith("text/html"), "HEAD's content type")
    # Addresses that are not there.
    long_path = GAME + "/" + "x" * (5000 - len(GAME) - 1)
    check(len(long_path) == 5000, "the long path's length")
    web.fetch(long_path, expect=414)
    for path in ("/g/local/nosuchchan", "/g/local/nosuchchan/live",
                 "/g/local/nosuchchan/board.svg", "/g/othernet/" + CHAN[1:], "/nosuchpage",
                 "/g/", "/g/local/"):
        web.fetch(path, expect=404)
    # ~20 KB of request line and headers: refused by the library (a 4xx), then the server
    # goes on answering.
    big = (b"GET " + GAME.encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n" +
           b"".join(b"X-Filler-%02d: %s\r\n" % (i, b"f" * 1000) for i in range(20)) + b"\r\n")
    check(19000 < len(big) < 22000, "the big request's size")
    t0 = time.time()
    r = exchange(web.port, big)
    web.log.append((t0, time.time() - t0, "GET", "(20 KB of headers)", r and r.status))
    check(r is not None, "a request of %d bytes of headers: the connection was closed without "
          "an answer" % len(big))
    check(400 <= r.status < 500, "a request of %d bytes of headers answered %s: %r"
          % (len(big), r.status, r))
    if not r.header("content-security-policy"):
        notes.append("the %s answer to %d bytes of headers (the library's own) has no "
                     "Content-Security-Policy header" % (r.status, len(big)))
    web.fetch("/")
    web.fetch(GAME)
    r = web.fetch(GAME + "/live", headers={"If-None-Match": etag}, expect=304)
    web.not_modified += 1
    return notes


def quiet_check(table, web, first):
    """At a turn's start nobody may act: the table's card counts, the SVG's pieces and the
    points against the players' own hand lines and the channel's build lines."""
    table.quiet(0.5, 3)
    hands = {}
    for p in table.players:
        res = table.real_hand(p)
        hands[p.nick] = sum(res)
    table.quiet(0.3, 2)
    tr = table.tr
    want = {k: {("v-%d" % v) for v, (_, kind) in tr.buildings.items() if kind == k}
            for k in ("settlement", "city")}
    roads = {"e-%d-%d" % e for e in tr.roads}
    deadline = time.time() + 15
    while True:
        # The bot publishes every 250 ms: read until the page has caught up (bounded).
        page = web.document(web.fetch(GAME), GAME)
        rows = web.players(page)
        got = {n: rows.get(n, {}).get("cards") for n in hands}
        pieces = web.pieces(page)
        same = (got == hands and pieces["settlement"] == want["settlement"] and
                pieces["city"] == want["city"] and pieces["road"] == roads and
                web.move_line(page).startswith("Turn %d " % tr.turn))
        if same or time.time() > deadline:
            break
        table.pump(0.3)
    check(got == hands, "turn %d: cards in the players table %s, but the players' own hand "
          "lines say %s" % (tr.turn, got, hands))
    check(pieces["settlement"] == want["settlement"] and pieces["city"] == want["city"],
          "turn %d: the page's settlements %s and cities %s, but the channel built %s and %s"
          % (tr.turn, sorted(pieces["settlement"]), sorted(pieces["city"]),
             sorted(want["settlement"]), sorted(want["city"])))
    check(pieces["road"] == roads, "turn %d: the page's roads %s, the channel's %s"
          % (tr.turn, sorted(pieces["road"]), sorted(roads)))
    for nick, cells in rows.items():
        built = sum(1 if kind == "settlement" else 2
                    for who, kind in tr.buildings.values() if who == nick)
        awards = 2 * cells["awards"].count("Longest Road") + 2 * cells["awards"].count(
            "Largest Army")
        check(cells["points"] == built + awards, "turn %d: %s has %d public points on the page,"
              " %d from buildings and awards" % (tr.turn, nick, cells["points"], built + awards))
        check(cells["dev"] == 0 and cells["knights"] == 0,
              "turn %d: %s: development cards %d, knights %d (nobody bought one)"
              % (tr.turn, nick, cells["dev"], cells["knights"]))
    # Whose move it is, the status lines, and the channel's last lines, newest first.
    move = web.move_line(page)
    check(move.startswith("Turn %d " % tr.turn) and tr.current in move,
          "turn %d (%s to roll): the page says %r" % (tr.turn, tr.current, move))
    status = [p for div in page.iter(XHTML + "div") if "status" in classes(div)
              for p in div.iter(XHTML + "p")]
    check(len(status) >= 2, "turn %d: %d status lines" % (tr.turn, len(status)))
    events = [ol for ol in page.iter(XHTML + "ol") if "events" in classes(ol)]
    check(events, "turn %d: no <ol class=events>" % tr.turn)
    newest = ["".join(li.itertext()) for li in events[0].iter(XHTML + "li")]
    # (The events of a channel line joined with " · " are items of their own, the last first.)
    check(newest and newest[0].split(" \u00b7 ")[-1].startswith(
        "turn %d: %s to roll" % (tr.turn, tr.current)),
          "turn %d: the newest event on the page is %r" % (tr.turn, newest[:1]))
    # Unchanged state: the live part's ETag holds.
    r = web.fetch(GAME + "/live")
    r2 = web.fetch(GAME + "/live", headers={"If-None-Match": r.header("etag")}, expect=None)
    check(r2.status == 304, "turn %d, nothing moving: If-None-Match %s answered %s"
          % (tr.turn, r.header("etag"), r2.status))
    web.not_modified += 1
    notes = []
    if first:
        notes = bad_requests(web)
    return hands, notes


class WebTable(Table):
    """A table whose every wait also reads the web view, and whose quiet turn starts are
    checked against it."""

    web = None
    on_turn = None

    def pump(self, timeout):
        super().pump(timeout)
        if self.web is not None:
            self.web.poll(self)

    def play_turn(self, measure=None, hoard=False):
        self.wait(lambda: self.tr.current or self.tr.winner, 30, "the first turn")
        if not self.tr.winner and self.on_turn:
            self.on_turn(self.tr.turn)
        super().play_turn(measure, hoard)


# The screenshot.
def png_pixels(data):
    """(width, height, rows of RGB(A) bytes, bytes per pixel) of an 8-bit RGB or RGBA PNG."""
    check(data[:8] == b"\x89PNG\r\n\x1a\n", "the screenshot is no PNG")
    pos, idat, ihdr = 8, [], None
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        check(len(chunk) == length, "a PNG chunk cut short")
        crc = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])[0]
        check(zlib.crc32(kind + chunk) & 0xffffffff == crc, "PNG chunk %r: bad CRC" % kind)
        pos += 12 + length
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat.append(chunk)
        elif kind == b"IEND":
            break
    check(ihdr, "no IHDR")
    width, height, depth, color, _, _, interlace = ihdr
    check(depth == 8 and color in (2, 6) and interlace == 0,
          "PNG depth %d colour type %d interlace %d: not decoded here" % (depth, color,
                                                                          interlace))
    bpp = 3 if color == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    check(len(raw) == height * (stride + 1), "IDAT holds %d bytes, not %d"
          % (len(raw), height * (stride + 1)))
    rows = []
    prev = bytearray(stride)
    for y in range(height):
        at = y * (stride + 1)
        f = raw[at]
        line = bytearray(raw[at + 1:at + 1 + stride])
        if f == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif f == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, prev))
        elif f == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif f == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        else:
            check(f == 0, "PNG row %d: filter type %d" % (y, f))
        rows.append(bytes(line))
        prev = line
    return width, height, rows, bpp


def screenshot_stats(path):
    with open(path, "rb") as f:
        data = f.read()
    width, height, rows, bpp = png_pixels(data)
    colours, dark = set(), 0
    for row in rows:
        for x in range(0, len(row), bpp):
            px = row[x:x + 3]
            colours.add(px)
            if px[0] < 240 or px[1] < 240 or px[2] < 240:
                dark += 1
    return width, height, len(colours), dark / float(width * height)


def start_chromium(chromium, url, work):
    home = tempfile.mkdtemp(prefix="e2eweb_chromium_", dir=work.path)
    shot = os.path.join(work.path, "web_screenshot.png")
    env = dict(os.environ, HOME=home)
    for k in ("DISPLAY", "WAYLAND_DISPLAY"):
        env.pop(k, None)
    log = open(os.path.join(work.path, "chromium.log"), "wb")
    proc = subprocess.Popen(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
         "--no-first-run", "--no-default-browser-check", "--disable-extensions",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--metrics-recording-only", "--user-data-dir=" + os.path.join(home, "profile"),
         "--hide-scrollbars", "--enable-logging=stderr", "--v=0",
         "--virtual-time-budget=3000", "--window-size=1200,1000", "--screenshot=" + shot, url],
        stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env, cwd=home,
        start_new_session=True)
    return {"proc": proc, "shot": shot, "log": log, "logname": log.name, "start": time.time()}


def finish_chromium(ch, limit=60.0):
    proc = ch["proc"]
    try:
        proc.wait(max(1.0, ch["start"] + limit - time.time()))
    except subprocess.TimeoutExpired:
        # Its helpers share its process group (start_new_session): stop them with it.
        os.killpg(proc.pid, 9)
        proc.wait(5)
        ch["log"].close()
        raise TestFailure("chromium took more than %.0f s for the screenshot" % limit)
    ch["log"].close()
    took = ch.get("end", time.time()) - ch["start"]
    try:
        os.killpg(proc.pid, 9)  # helpers it left behind, if any
    except ProcessLookupError:
        pass
    text = open(ch["logname"], errors="replace").read()
    check(proc.returncode == 0 and os.path.exists(ch["shot"]),
          "chromium exited %s without a screenshot: %s" % (proc.returncode, text[-1500:]))
    console = [l for l in text.splitlines() if ":CONSOLE" in l]
    refused = [l for l in console if "Content Security Policy" in l or "Refused to" in l or
               "Uncaught" in l]
    return took, refused


def config_text(irc_port, web_port, vp):
    net = {"name": NET, "host": "127.0.0.1", "port": irc_port, "tls": False, "nick": BOT,
           "channels": [CHAN], "flood": {"burst": 50, "interval_ms": 0}}
    text = bot_config([net], bot={"colors": False},
                      game={"turn_timeout_s": 0, "victory_points": vp}, level="debug")
    return text + ('web = { listen = "127.0.0.1:%d"; public_url = "http://127.0.0.1:%d"; };\n'
                   % (web_port, web_port))


def run(args, work):
    began = time.time()
    server = Ngircd(args.ngircd, work, throttle=False)
    web_port = free_port()
    base = "http://127.0.0.1:%d" % web_port
    bot, players = None, []
    state = {"samples": [], "notes": [], "slow": None, "chromium": None, "web_public": False,
             "web_answers": []}
    try:
        bot = Bot(args.bot, work, config_text(server.port, web_port, args.vp), seed=args.seed)
        players = [Client(server.port, nick) for nick in PLAYERS]
        join_all(players, CHAN, BOT)
        web = Web(web_port)
        # The web view listens before the bot joins; no game yet: / says so, the game 404s.
        index = web.document(web.fetch("/"), "/")
        check(not [a for a in index.iter(XHTML + "a") if a.get("href", "").startswith("/g/")],
              "/ lists a game before any lobby")
        web.fetch(GAME, expect=404)
        for path, kind in (("/style.css", "text/css"), ("/live.js", "text/javascript")):
            r = web.fetch(path)
            check(r.header("content-type").startswith(kind), "%s: %r" % (path,
                                                                   r.header("content-type")))
        check(b"fetch(" in web.fetch("/live.js").body, "/live.js polls")

        table = WebTable(CHAN, players, BOT, seed=7, log=open(work.file("table.log"), "w"))
        private = set()
        feed = table.feed

        web_seen = []   # (arrival, "channel" or the nick it went to) of every web line

        def noted(client, m):
            if m.nick == BOT and m.cmd in ("PRIVMSG", "NOTICE") and len(m.params) > 1:
                target, text = m.params[0].lower(), m.params[-1]
                if target == client.nick.lower():
                    private.add(text)
                    if " web: " in text:
                        web_seen.append((m.time, client.nick, text))
                elif client is players[0] and " web: " in text:
                    web_seen.extend((m.time, "channel", x) for x in text.split(" \u00b7 ")
                                    if " web: " in x)
            feed(client, m)
        table.feed = noted

        def ask_web(player):
            """!board web in the channel: the line of !start, to the channel, or to the one
            asking when the channel saw it less than 15 s ago. Returns where it went."""
            public = [t for t, where, _ in web_seen if where == "channel"]
            n = len(web_seen)
            t0 = table.say(player, "!board web")
            table.wait(lambda: len(web_seen) > n, 15, "the answer to !board web")
            _, where, answer = web_seen[n]
            check(answer == web_line, "!board web answered %r, not %r" % (answer, web_line))
            since = t0 - public[-1]
            check(where in ("channel", player.nick), "!board web answered to %s" % where)
            check(where == player.nick or since > 14, "!board web %.1f s after the channel "
                  "saw the address: to the channel again" % since)
            check(where == "channel" or since < 16, "!board web %.1f s after the channel saw "
                  "the address: only to %s" % (since, where))
            return where, since

        def on_turn(turn):
            if turn == 1 and web.slow is None:
                # Setup done: the half request, the chromium screenshot after it.
                web.start_slow()
            if web.slow is not None and state["slow"] is None and not web.slow[0].is_alive():
                state["slow"] = web.check_slow()
                state["chromium"] = web.chromium = start_chromium(args.chromium, base + GAME,
                                                                  work)
            if turn in SAMPLE_TURNS:
                hands, notes = quiet_check(table, web, first=not state["samples"])
                state["samples"].append((turn, hands))
                state["notes"] += notes
                public = [t for t, where, _ in web_seen if where == "channel"]
                if turn == 1 or (not state["web_public"] and time.time() > public[-1] + 17):
                    # The channel sees the address again once 15 s have passed; asked again
                    # at once, only the one asking does.
                    where, since = ask_web(players[1])
                    state["web_answers"].append((turn, where, round(since, 1)))
                    if where == "channel":
                        state["web_public"] = True
                        where, since = ask_web(players[2])
                        check(where == players[2].nick, "!board web twice in a row: the "
                              "second went to %s" % where)
                        state["web_answers"].append((turn, where, round(since, 1)))

        table.on_turn = on_turn
        web_line = "%s web: %s%s" % (CHAN, base, GAME)
        table.open_lobby()
        # The bot publishes every 250 ms: the lobby is on / within a second (waited for up to
        # 15 s, for a loaded machine).
        deadline = time.time() + 15
        while GAME not in web.fetch("/").text():
            check(time.time() < deadline, "the lobby is not on / 15 s after it opened")
            table.pump(0.2)
        lobby = web.fragment(web.fetch(GAME + "/live"), GAME + "/live")
        check(web.move_line(lobby).startswith("Lobby"), "the lobby's page says %r"
              % web.move_line(lobby))
        table.web = web
        table.start()
        check(web_line in table.tr.parts and web_seen and web_seen[0][1] == "channel",
              "no %r in the channel at !start (lines: %s)"
              % (web_line, [x for x in table.tr.parts if "web" in x]))
        table.setup()
        table.play(max_turns=120, timeout=args.timeout)
        winner = table.tr.winner
        check(winner, "the game ended with a winner")
        game_time = time.time() - began
        table.quiet(0.5, 3)
        if state["slow"] is None:
            state["slow"] = web.check_slow()
        web.poll(table, force=True)

        # After the end: still there, and says so.
        page = web.document(web.fetch(GAME), GAME)
        deadline = time.time() + 15
        while "over" not in web.move_line(page) and time.time() < deadline:
            time.sleep(0.3)
            page = web.document(web.fetch(GAME), GAME)
        move = web.move_line(page)
        check("The game is over" in move and winner[0] in move,
              "after the end the page says %r (the winner: %s)" % (move, winner[0]))
        live = web.fragment(web.fetch(GAME + "/live"), GAME + "/live")
        check(web.move_line(live) == move, "/live says %r, the page %r"
              % (web.move_line(live), move))
        index = web.document(web.fetch("/"), "/")
        row = [tr for tr in index.iter(XHTML + "tr")
               if any(a.get("href") == GAME for a in tr.iter(XHTML + "a"))]
        check(row and "over" in "".join(row[0].itertext()), "/ does not show the game as over")
        web.document(web.fetch("/top"), "/top")
        final = web.pieces(page)
        built = len(final["settlement"]) + len(final["city"])
        check(built == len(table.tr.buildings), "the final board: %d settlements and cities, "
              "the channel built %d" % (built, len(table.tr.buildings)))
        final_pieces = "%d settlements, %d cities, %d roads" % (
            len(final["settlement"]), len(final["city"]), len(final["road"]))

        # The screenshot.
        if state["chromium"] is None:
            state["chromium"] = web.chromium = start_chromium(args.chromium, base + GAME, work)
        took, refused = finish_chromium(state["chromium"])
        check(not refused, "chromium's console: the Content-Security-Policy refused something,"
              " or a script failed: %s" % refused[:3])
        shot = state["chromium"]["shot"]
        os.makedirs(args.artifacts, exist_ok=True)
        kept = os.path.join(os.path.abspath(args.artifacts), "web_screenshot.png")
        shutil.copyfile(shot, kept)
        t0 = time.time()
        width, height, colours, share = screenshot_stats(shot)
        decode = time.time() - t0
        print("screenshot: %s (%dx%d, %d colours, %.0f%% not near white; chromium %.1f s, "
              "decoded in %.1f s)" % (kept, width, height, colours, 100 * share, took, decode))
        check(width >= 600 and height >= 500, "the screenshot is %dx%d" % (width, height))
        check(colours >= 16, "the screenshot has %d colours" % colours)
        check(share >= 0.05, "the screenshot is %.1f%% not near white" % (100 * share))

        # The players' hand lines agree with the game as the channel told it (play.py).
        checked = table.tr.verify_hands()
        check(not table.tr.problems, "; ".join(table.tr.problems[:5]))

        # Hidden information: nothing private in anything served.
        hands = [t for t in private if " hand: " in t]
        check(len(hands) >= 6, "hand lines seen (%d)" % len(hands))
        secrets = set()
        check(state["web_public"], "!board web was never asked 15 s after the address went to "
              "the channel: %s" % state["web_answers"])
        for line in private:
            if line == web_line:
                continue  # the address, public anyway
            text = line.split(" ", 1)[1] if line.startswith(CHAN + " ") else line
            if len(text) >= 10:
                secrets.add(text)
        leaks = []
        for where, body in web.bodies.values():
            for variant in (body, html.unescape(body)):
                for marker in PRIVATE_MARKERS:
                    if marker in variant:
                        at = variant.index(marker)
                        leaks.append((where, marker, variant[max(0, at - 60):at + 60]))
                for s in secrets:
                    if s in variant:
                        leaks.append((where, "private line", s))
        check(not leaks, "private information served: %s" % leaks[:5])
        check(len(state["samples"]) >= 2, "quiet samples: %s" % state["samples"])

        check(bot.alive(), "the bot is alive after the game")
        bot_proc, bot = bot, None
        rc = bot_proc.stop()
        check(rc == 0, "the bot's exit status %s" % rc)
        bot_proc.check_clean_log()
        try:
            socket.create_connection(("127.0.0.1", web_port), 2).close()
            raise TestFailure("the web view still listens after the bot stopped")
        except OSError:
            pass

        statuses = {}
        for x in web.log:
            statuses[x[4]] = statuses.get(x[4], 0) + 1
        slow_took, slow_n, slow_max, slow_got = state["slow"]
        print("%s wins with %d points after %d turns; game %.0f s; final board %s" % (
            winner[0], winner[1], table.tr.turn, game_time, final_pieces))
        print("web: %d requests %s, slowest %.3f s; %d polls, settlements+cities %s; "
              "%d distinct bodies checked against %d private lines (%d hands, %d agreeing with "
              "the channel)" % (
                  len(web.log), dict(sorted(statuses.items(), key=str)),
                  max(x[1] for x in web.log), web.polls,
                  [n for _, n in web.svg_series][::5], len(web.bodies), len(private),
                  len(hands), checked))
        print("quiet samples (turn, cards per player): %s" % state["samples"])
        print("!board web (turn, answered to, seconds since the channel saw it): %s"
              % state["web_answers"])
        print("slow client closed after %.1f s (answer %r); %d requests meanwhile, slowest "
              "%.3f s" % (slow_took, slow_got, slow_n, slow_max))
        for n in state["notes"]:
            print("note:", n)
        print("ok: the web view (%.0f s)" % (time.time() - began))
    finally:
        for p in players:
            p.close()
        ch = state["chromium"]
        if ch and ch["proc"].poll() is None:
            try:
                os.killpg(ch["proc"].pid, 9)
            except ProcessLookupError:
                pass
            ch["proc"].wait(5)
        if bot:
            stop_process(bot.proc, "the bot", 15)
        server.stop()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", required=True)
    ap.add_argument("--ngircd", required=True)
    ap.add_argument("--chromium", default="",
                    help="the browser for the screenshot (required: the test fails without)")
    ap.add_argument("--artifacts", required=True, help="where web_screenshot.png is kept")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--vp", type=int, default=5)
    ap.add_argument("--timeout", type=float, default=110)
    args = ap.parse_args()
    args.bot = os.path.abspath(args.bot)
    if not args.chromium or "NOTFOUND" in args.chromium or not os.access(args.chromium,
                                                                           os.X_OK):
        print("FAIL: no chromium (%r): contrib/deps.sh installs it" % args.chromium)
        return 1
    work = Workdir()
    try:
        run(args, work)
    except TestFailure as e:
        print("FAIL: %s (files in %s)" % (e, work.path))
        return 1
    shutil.rmtree(work.path, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
