#!/usr/bin/env python3
"""A brickwood computer player in a catanatron game.

catanatron (https://github.com/bcollazo/catanatron) is another Catan engine with strong
computer players. This module seats one of ours in its games: it turns a catanatron game, as
catanatron's own JSON encoding lays it out (catanatron.json.GameEncoder: tiles by cube
coordinate, nodes and edges with the tile and direction they belong to, player_state with
P0_..., P1_... keys), into a position line of doc/position-format.md, asks bench/ai_server for
the move, and turns the answer back into a catanatron action.

The boards are matched by geometry, not by numbering: every catanatron node is placed by its
tile's cube coordinate and its direction on the tile, every one of our corners by its row and
place (SPEC.md section 4), and the two meet at the same point. So are the 19 land tiles (our
hexes A..S), the 72 edges and the 9 ports (our harbor slots).

Only the Python standard library is used; catanatron is imported only when a game is played
(BrickwoodPlayer). Trades between players are not bridged: offers to our player are rejected.

Usage with a catanatron checkout (README.md, "Playing against catanatron"):
    catanatron-play --code=contrib/catanatron_bridge.py --players=BW,F,F,F --num=10
with BRICKWOOD_AI_SERVER (the ai_server program, default build/rel/bench/ai_server),
BRICKWOOD_LEVEL (easy, normal, hard; default hard) and BRICKWOOD_MS (the hard level's
milliseconds per decision, default 1000) in the environment.
"""

import itertools
import json
import os
import subprocess
import sys

RESOURCES = ["WOOD", "BRICK", "SHEEP", "WHEAT", "ORE"]
OUR_RES = ["wood", "brick", "wool", "grain", "ore"]
DEVS = ["KNIGHT", "ROAD_BUILDING", "YEAR_OF_PLENTY", "MONOPOLY", "VICTORY_POINT"]  # our order
ROWS = [3, 4, 5, 4, 3]  # the base board's hexes per row
HEX_NAMES = "ABCDEFGHIJKLMNOPQRS"
# Our harbor slots (maps/base.map), as the corners of their edges.
OUR_HARBOR_EDGES = [(1, 5), (3, 6), (11, 16), (33, 38), (47, 51), (50, 53), (44, 48),
                    (28, 34), (12, 17)]

# A corner of a pointy-topped hex, from its centre, in half hex widths (x) and quarter hex
# heights (y, growing downwards): the units of src/engine/board.h.
CORNER_OFFSET = {
    "NORTH": (0, -2), "NORTHEAST": (1, -1), "SOUTHEAST": (1, 1),
    "SOUTH": (0, 2), "SOUTHWEST": (-1, 1), "NORTHWEST": (-1, -1),
}
# The two corners on each side of a hex, named by the direction the side faces.
SIDE_CORNERS = {
    "EAST": ("NORTHEAST", "SOUTHEAST"), "SOUTHEAST": ("SOUTHEAST", "SOUTH"),
    "SOUTHWEST": ("SOUTH", "SOUTHWEST"), "WEST": ("SOUTHWEST", "NORTHWEST"),
    "NORTHWEST": ("NORTHWEST", "NORTH"), "NORTHEAST": ("NORTH", "NORTHEAST"),
}


class BridgeError(Exception):
    """A catanatron state or answer the bridge cannot translate."""


# ---- our board ------------------------------------------------------------------------------

def our_hex_centres():
    """Our hexes A..S: their centres, row by row, the middle row's centre at x = 0."""
    centres = []
    for r, n in enumerate(ROWS):
        for i in range(n):
            centres.append((2 * i - (n - 1), 3 * r))
    return centres


def our_board():
    """Our corners numbered 1..54 row by row, left to right (SPEC.md section 4), as
    {point: number}; the hexes' corners by direction; the 72 edges as pairs of numbers."""
    centres = our_hex_centres()
    points = set()
    for cx, cy in centres:
        for dx, dy in CORNER_OFFSET.values():
            points.add((cx + dx, cy + dy))
    number = {p: k + 1 for k, p in enumerate(sorted(points, key=lambda p: (p[1], p[0])))}
    corners = [{d: number[(cx + dx, cy + dy)] for d, (dx, dy) in CORNER_OFFSET.items()}
               for cx, cy in centres]
    edges = set()
    for hc in corners:
        for a, b in SIDE_CORNERS.values():
            edges.add(tuple(sorted((hc[a], hc[b]))))
    return number, corners, edges


# ---- catanatron's board, placed on ours -----------------------------------------------------

def cube_centre(coordinate):
    """The centre of catanatron's tile at cube coordinate (x, y, z), in our units: its east
    neighbour (x+1, y-1) lies 2 to the right, its north-east one (x+1, z-1) 3 up; the centre
    tile (0, 0, 0) is our middle hex J."""
    x, y, z = coordinate
    return (x - y, 3 * z + 6)


def corner_point(coordinate, direction):
    cx, cy = cube_centre(coordinate)
    dx, dy = CORNER_OFFSET[direction]
    return (cx + dx, cy + dy)


class BoardMap:
    """catanatron's nodes, edges, land tiles and ports matched to our corners, edges, hexes
    and harbor slots. Built from a layout (the dict of catanatron's JSON encoding of a game)."""

    def __init__(self, layout):
        number, corners, self.our_edges = our_board()
        self.node_to_corner = {}
        for key, node in layout["nodes"].items():
            point = corner_point(tuple(node["tile_coordinate"]), node["direction"])
            if point in number:  # a corner of land (water tiles have others)
                self.node_to_corner[int(node.get("id", key))] = number[point]
        self.corner_to_node = {c: n for n, c in self.node_to_corner.items()}
        if len(self.node_to_corner) != 54 or len(self.corner_to_node) != 54:
            raise BridgeError("the board is not catanatron's base board (%d land nodes)"
                              % len(self.corner_to_node))
        self.edge_to_ours = {}
        for e in layout["edges"]:
            a, b = (int(x) for x in e["id"])
            if a in self.node_to_corner and b in self.node_to_corner:
                ours = tuple(sorted((self.node_to_corner[a], self.node_to_corner[b])))
                if ours not in self.our_edges:
                    raise BridgeError("edge %s is no edge of ours" % (e["id"],))
                self.edge_to_ours[tuple(sorted((a, b)))] = ours
        self.ours_to_edge = {o: e for e, o in self.edge_to_ours.items()}
        centres = {c: i for i, c in enumerate(our_hex_centres())}
        self.tile_to_hex, self.terrain, port_at = {}, {}, {}
        for t in layout["tiles"]:
            coordinate, tile = tuple(t["coordinate"]), t["tile"]
            if tile["type"] in ("RESOURCE_TILE", "DESERT"):
                h = centres.get(cube_centre(coordinate))
                if h is None:
                    raise BridgeError("land tile %s is off our board" % (coordinate,))
                self.tile_to_hex[coordinate] = h
                self.terrain[h] = tile
            elif tile["type"] == "PORT":
                edge = self.port_edge(coordinate, tile["direction"])
                if edge in port_at:
                    raise BridgeError("two ports at %d-%d" % edge)
                port_at[edge] = tile.get("resource")
        self.hex_to_tile = {h: c for c, h in self.tile_to_hex.items()}
        if len(self.tile_to_hex) != 19 or len(self.edge_to_ours) != 72:
            raise BridgeError("the board has %d land tiles and %d land edges"
                              % (len(self.tile_to_hex), len(self.edge_to_ours)))
        if len(port_at) != len(OUR_HARBOR_EDGES):
            raise BridgeError("the board has %d ports, ours %d" % (len(port_at),
                                                                   len(OUR_HARBOR_EDGES)))
        # Our harbor slots are fixed by our board; catanatron's base map puts six of its nine
        # ports on other sides of the coast. Each port goes to a slot of ours: its own side
        # where that is one, else the nearest (the closest match over all assignments).
        self.port_slot = match_ports(list(port_at), number)
        self.ports = {self.port_slot[e]: r for e, r in port_at.items()}

    def port_edge(self, coordinate, direction):
        """A port tile faces the land in its direction: the side it shares with it, as our
        corners."""
        number, _, _ = our_board()
        a, b = SIDE_CORNERS[direction]
        points = (corner_point(coordinate, a), corner_point(coordinate, b))
        if not all(p in number for p in points):
            raise BridgeError("port at %s faces no land" % (coordinate,))
        return tuple(sorted(number[p] for p in points))


def _midpoint(edge, point_of):
    (ax, ay), (bx, by) = point_of[edge[0]], point_of[edge[1]]
    # half widths are sqrt(3)/2 of a side, quarter heights 1/2: distances in sides
    return ((ax + bx) * 0.4330127, (ay + by) * 0.25)


def match_ports(port_edges, number):
    """Catanatron's port edges (our corners) onto our harbor slots, one to one: {port edge:
    slot edge}, the sum of the distances moved the smallest (ties: the first found)."""
    point_of = {n: p for p, n in number.items()}
    exact = {e: e for e in port_edges if e in OUR_HARBOR_EDGES}
    rest = [e for e in port_edges if e not in exact]
    free = [s for s in OUR_HARBOR_EDGES if s not in exact]

    def dist(a, b):
        (ax, ay), (bx, by) = _midpoint(a, point_of), _midpoint(b, point_of)
        return ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5

    best, best_cost = None, None
    for perm in itertools.permutations(free):
        cost = sum(dist(a, b) for a, b in zip(rest, perm))
        if best_cost is None or cost < best_cost - 1e-9:
            best, best_cost = perm, cost
    exact.update(zip(rest, best or ()))
    return exact


# ---- a game as a position line --------------------------------------------------------------

def _p(state, seat, key):
    return state["P%d_%s" % (seat, key)]


def _hexes(board):
    out = []
    for h in range(19):
        tile = board.terrain[h]
        if tile["type"] == "DESERT":
            out.append("desert")
        else:
            out.append("%s%d" % (OUR_RES[RESOURCES.index(tile["resource"])], tile["number"]))
    return ",".join(out)


def _harbors(board):
    out = []
    for a, b in OUR_HARBOR_EDGES:
        res = board.ports[(a, b)]
        out.append("%s@%d-%d" % ("3:1" if res is None else OUR_RES[RESOURCES.index(res)], a, b))
    return ",".join(out)


def _pieces(layout, board, colors):
    """Each seat's settlements, cities (our corners) and roads (our edges)."""
    seat_of = {c: i for i, c in enumerate(colors)}
    pieces = [{"SETTLEMENT": [], "CITY": [], "ROAD": []} for _ in colors]
    for key, node in layout["nodes"].items():
        if node.get("building"):
            n = int(node.get("id", key))
            pieces[seat_of[node["color"]]][node["building"]].append(board.node_to_corner[n])
    for e in layout["edges"]:
        if e.get("color"):
            ours = board.edge_to_ours[tuple(sorted(int(x) for x in e["id"]))]
            pieces[seat_of[e["color"]]]["ROAD"].append(ours)
    return pieces


def _list(items, fmt=str):
    return ",".join(fmt(x) for x in sorted(items)) or "-"


def _records(layout):
    """The actions so far as (action, result): action_records of recent versions, actions
    (the ROLL's value the dice) of older ones."""
    if layout.get("action_records") is not None:
        return [(r[0], r[1]) for r in layout["action_records"]]
    return [(a, a[2]) for a in layout.get("actions") or []]


def _last_dice(layout):
    for action, result in reversed(_records(layout)):
        if action[1] == "ROLL" and result:
            return "%d,%d" % tuple(result)
    return "-"


def _turn(layout, setup):
    if setup:
        return 0
    return 1 + sum(1 for action, _ in _records(layout) if action[1] == "END_TURN")


def _turn_seat(layout, colors):
    """Whose turn it is: the player deciding, except during discards (the roller's turn)."""
    if layout["current_prompt"] != "DISCARD":
        return colors.index(layout["current_color"])
    for action, _ in reversed(_records(layout)):
        if action[1] == "ROLL":
            return colors.index(action[0])
    raise BridgeError("a discard without a roll")


def _dev_cards(state, seat):
    """The seat's development cards: those owned at the turn's start are playable, the rest
    bought this turn (catanatron keeps one flag per kind, not counts)."""
    dev, new = [], []
    for d in DEVS:
        held = _p(state, seat, "%s_IN_HAND" % d)
        old = d == "VICTORY_POINT" or state.get("P%d_%s_OWNED_AT_START" % (seat, d), True)
        dev.append(held if old else 0)
        new.append(0 if old else held)
    return dev, new


def _phase(layout, state, seat):
    prompt = layout["current_prompt"]
    if prompt == "BUILD_INITIAL_SETTLEMENT":
        return "setup_settlement"
    if prompt == "BUILD_INITIAL_ROAD":
        return "setup_road"
    if prompt == "DISCARD":
        return "discard"
    if prompt == "MOVE_ROBBER":
        return "robber"
    if prompt == "PLAY_TURN":
        return "main" if _p(state, seat, "HAS_ROLLED") else "roll"
    raise BridgeError("prompt %s is not bridged" % prompt)


def position_line(layout, color):
    """The position line of doc/position-format.md for the player of COLOR, who is to move."""
    board = BoardMap(layout)
    colors = list(layout["colors"])
    seat, turn_seat = colors.index(color), _turn_seat(layout, colors)
    state = layout["player_state"]
    phase = _phase(layout, state, seat)
    n = len(colors)
    hands = [[_p(state, p, "%s_IN_HAND" % r) for r in RESOURCES] for p in range(n)]
    bank = [19 - sum(h[i] for h in hands) for i in range(5)]
    held = sum(_p(state, p, "%s_IN_HAND" % d) for p in range(n) for d in DEVS)
    played = [sum(_p(state, p, "PLAYED_%s" % d) for p in range(n))
              for d in ("ROAD_BUILDING", "YEAR_OF_PLENTY", "MONOPOLY")]
    knights = [_p(state, p, "PLAYED_KNIGHT") for p in range(n)]
    devdeck = 25 - held - sum(played) - sum(knights)
    award = {k: next((str(p) for p in range(n) if _p(state, p, k)), "-")
             for k in ("HAS_ROAD", "HAS_ARMY")}
    dev, new = _dev_cards(state, seat)
    rolled = 1 if phase in ("main", "discard") or (
        phase == "robber" and _p(state, turn_seat, "HAS_ROLLED")) else 0
    words = ["position 1", "players=%d" % n, "seat=%d" % seat, "goal=10", "phase=" + phase,
             "current=%d" % turn_seat, "turn=%d" % _turn(layout, phase.startswith("setup")),
             "rolled=%d" % rolled,
             "devplayed=%d" % int(bool(_p(state, turn_seat,
                                          "HAS_PLAYED_DEVELOPMENT_CARD_IN_TURN"))),
             "dice=" + _last_dice(layout),
             "robber=" + HEX_NAMES[board.tile_to_hex[tuple(layout["robber_coordinate"])]],
             "hexes=" + _hexes(board), "harbors=" + _harbors(board),
             "bank=" + ",".join(map(str, bank)), "devdeck=%d" % devdeck,
             "played=" + ",".join(map(str, played)), "longest=" + award["HAS_ROAD"],
             "army=" + award["HAS_ARMY"], "hand=" + ",".join(map(str, hands[seat])),
             "dev=" + ",".join(map(str, dev)), "new=" + ",".join(map(str, new))]
    pieces = _pieces(layout, board, colors)
    for p in range(n):
        discard = sum(hands[p]) // 2 if phase == "discard" and p == seat else 0
        words += ["settlements.%d=%s" % (p, _list(pieces[p]["SETTLEMENT"])),
                  "cities.%d=%s" % (p, _list(pieces[p]["CITY"])),
                  "roads.%d=%s" % (p, _list(pieces[p]["ROAD"], lambda e: "%d-%d" % e)),
                  "cards.%d=%d" % (p, sum(hands[p])),
                  "devs.%d=%d" % (p, sum(_p(state, p, "%s_IN_HAND" % d) for d in DEVS)),
                  "knights.%d=%d" % (p, knights[p]), "discard.%d=%d" % (p, discard)]
    return " ".join(words)


# ---- an answer as catanatron actions --------------------------------------------------------

def _edge(board, text):
    a, b = (int(x) for x in text.split("-"))
    ours = tuple(sorted((a, b)))
    if ours not in board.ours_to_edge:
        raise BridgeError("%s is no edge" % text)
    return board.ours_to_edge[ours]


def _res(word):
    if word not in OUR_RES:
        raise BridgeError("%s is no resource" % word)
    return RESOURCES[OUR_RES.index(word)]


def _cards(words):
    """"2 wood 1 ore" as a list of catanatron resources, one a card."""
    out = []
    for k in range(0, len(words) - 1, 2):
        out += [_res(words[k + 1])] * int(words[k])
    return out


def _robber(board, colors, words):
    coordinate = board.hex_to_tile[HEX_NAMES.index(words[0])]
    victim = colors[int(words[1])] if len(words) > 1 else None
    return ("MOVE_ROBBER", (list(coordinate), victim))


def actions_from_answer(answer, layout):
    """The answer of ai_server as catanatron actions (type, value), in the order to take them
    (a knight: the card, then the robber; road building: the card, then the two roads)."""
    if answer.startswith("error:") or not answer.strip():
        raise BridgeError(answer or "no answer")
    board, colors = BoardMap(layout), list(layout["colors"])
    w = answer.split()
    if w == ["roll"]:
        return [("ROLL", None)]
    if w == ["end"]:
        return [("END_TURN", None)]
    if w == ["buy"]:
        return [("BUY_DEVELOPMENT_CARD", None)]
    if w[0] == "build" and w[1] in ("settlement", "city"):
        return [("BUILD_" + w[1].upper(), board.corner_to_node[int(w[2])])]
    if w[0] == "build" and w[1] == "road":
        return [("BUILD_ROAD", list(_edge(board, w[2])))]
    if w[0] == "robber":
        return [_robber(board, colors, w[1:])]
    if w[:2] == ["play", "knight"]:
        return [("PLAY_KNIGHT_CARD", None), _robber(board, colors, w[2:])]
    if w[:2] == ["play", "roads"]:
        return [("PLAY_ROAD_BUILDING", None)] + [("BUILD_ROAD", list(_edge(board, e)))
                                                  for e in w[2:]]
    if w[:2] == ["play", "plenty"]:
        return [("PLAY_YEAR_OF_PLENTY", [_res(x) for x in w[2:]])]
    if w[:2] == ["play", "monopoly"]:
        return [("PLAY_MONOPOLY", _res(w[2]))]
    if w[0] == "discard":
        return [("DISCARD", _cards(w[1:]))]
    if w[0] == "bank" and "for" in w:
        k = w.index("for")
        give, get = _cards(w[1:k]), _cards(w[k + 1:])
        rate = len(give) // max(len(get), 1)
        return [("MARITIME_TRADE", give[i * rate:(i + 1) * rate] + [None] * (4 - rate) + [g])
                for i, g in enumerate(get)]
    raise BridgeError("answer '%s' is not understood" % answer)


# ---- the player -----------------------------------------------------------------------------

class Server:
    """bench/ai_server, started once and asked line by line."""

    def __init__(self, path=None, level=None, ms=None):
        path = path or os.environ.get("BRICKWOOD_AI_SERVER", "build/rel/bench/ai_server")
        level = level or os.environ.get("BRICKWOOD_LEVEL", "hard")
        ms = ms or os.environ.get("BRICKWOOD_MS", "1000")
        self.proc = subprocess.Popen([path, "-l", level, "-t", str(ms)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return self.proc.stdout.readline().strip()

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


def _matches(action, kind, value):
    if action.action_type.value != kind:
        return False
    v = action.value
    if kind == "BUILD_ROAD":
        return sorted(v) == sorted(value)
    if kind == "MOVE_ROBBER":
        victim = v[1].value if v[1] is not None else None
        return list(v[0]) == list(value[0]) and victim == value[1]
    if kind == "MARITIME_TRADE":  # the same cards both ways, at catanatron's rate
        return v[0] == value[0] and v[-1] == value[-1]
    if kind == "PLAY_YEAR_OF_PLENTY":
        return list(v) == list(value)
    return v == value


def _make_player_class():
    from catanatron.json import GameEncoder  # only with catanatron installed
    from catanatron.models.player import Player

    class BrickwoodPlayer(Player):
        """A brickwood computer player (bench/ai_server) through contrib/catanatron_bridge.py."""

        server = None

        def __init__(self, color, *args, **kwargs):
            super().__init__(color, *args, **kwargs)
            self.queue = []  # the rest of a move of several actions

        def decide(self, game, playable_actions):
            if BrickwoodPlayer.server is None:
                BrickwoodPlayer.server = Server()
            kinds = {a.action_type.value for a in playable_actions}
            if kinds & {"ACCEPT_TRADE", "REJECT_TRADE", "CANCEL_TRADE"}:
                return next(a for a in playable_actions
                            if a.action_type.value in ("REJECT_TRADE", "CANCEL_TRADE"))
            if "DISCARD" in kinds and len(playable_actions) == 1:
                return playable_actions[0]  # catanatron discards at random for everyone
            while self.queue:
                kind, value = self.queue.pop(0)
                found = [a for a in playable_actions if _matches(a, kind, value)]
                if found:
                    return found[0]
            self.queue = []
            layout = json.loads(json.dumps(game, cls=GameEncoder))
            answer = BrickwoodPlayer.server.ask(position_line(layout, self.color.value))
            try:
                steps = actions_from_answer(answer, layout)
            except BridgeError as e:
                print("brickwood: %s" % e, file=sys.stderr)
                return playable_actions[0]
            if steps[0][0] == "DISCARD":  # catanatron's discards one card at a time
                steps = [("DISCARD_RESOURCE", r) for r in steps[0][1]]
            self.queue = steps
            while self.queue:
                kind, value = self.queue.pop(0)
                found = [a for a in playable_actions if _matches(a, kind, value)]
                if found:
                    return found[0]
            print("brickwood: '%s' is not playable here" % answer, file=sys.stderr)
            return playable_actions[0]

    return BrickwoodPlayer


def _register(cls):
    """The player code BW for catanatron-play, where each version of it keeps its registry."""
    try:
        from catanatron.cli.cli_players import register_cli_player
        register_cli_player("BW", cls)
    except ImportError:
        from catanatron_experimental.cli.cli_players import register_player
        register_player("BW")(cls)


try:  # catanatron-play --code=contrib/catanatron_bridge.py --players=BW,...
    BrickwoodPlayer = _make_player_class()
    _register(BrickwoodPlayer)
except ImportError:
    pass  # without catanatron: the translation functions above only


if __name__ == "__main__":
    # A catanatron game as JSON on stdin (GameEncoder's layout) and a color: the position line.
    if len(sys.argv) != 2:
        sys.exit("usage: catanatron_bridge.py COLOR < game.json")
    print(position_line(json.load(sys.stdin), sys.argv[1]))
