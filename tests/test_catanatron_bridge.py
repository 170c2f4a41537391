#!/usr/bin/env python3
"""contrib/catanatron_bridge.py without catanatron: the board mapping (every node, edge, land
tile and port of catanatron's base map onto ours and back, adjacency kept) and whole
decisions through bench/ai_server on hand-written catanatron states (tests/data/).

Usage: test_catanatron_bridge.py AI_SERVER (ctest passes the program built)."""

import copy
import json
import os
import subprocess
import sys
import time
import unittest

SOURCE = os.environ.get("BW_SOURCE_DIR",
                        os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(SOURCE, "contrib"))
import catanatron_bridge as cb  # noqa: E402

AI_SERVER = None
DATA = os.path.join(SOURCE, "tests", "data")

# catanatron's player_state keys and their values at the start (its PLAYER_INITIAL_STATE).
INITIAL = {"VICTORY_POINTS": 0, "ROADS_AVAILABLE": 15, "SETTLEMENTS_AVAILABLE": 5,
           "CITIES_AVAILABLE": 4, "HAS_ROAD": False, "HAS_ARMY": False, "HAS_ROLLED": False,
           "HAS_PLAYED_DEVELOPMENT_CARD_IN_TURN": False, "ACTUAL_VICTORY_POINTS": 0,
           "LONGEST_ROAD_LENGTH": 0, "KNIGHT_OWNED_AT_START": False,
           "MONOPOLY_OWNED_AT_START": False, "YEAR_OF_PLENTY_OWNED_AT_START": False,
           "ROAD_BUILDING_OWNED_AT_START": False}
for r in cb.RESOURCES:
    INITIAL[r + "_IN_HAND"] = 0
for d in cb.DEVS:
    INITIAL[d + "_IN_HAND"] = 0
    INITIAL["PLAYED_" + d] = 0


def load(name):
    with open(os.path.join(DATA, name)) as f:
        return json.load(f)


BASE_MAP = load("catanatron_base_map.json")
STATES = load("catanatron_states.json")


def layout_of(state):
    """A whole layout, as catanatron's JSON encoding gives it, from a cut-down state."""
    layout = copy.deepcopy(BASE_MAP)
    pieces = STATES["setup"] if state.get("setup_done") else state
    for node, (color, kind) in pieces["buildings"].items():
        layout["nodes"][node].update(building=kind, color=color)
    roads = {tuple(sorted(r[:2])): r[2] for r in pieces["roads"]}
    for e in layout["edges"]:
        e["color"] = roads.get(tuple(sorted(e["id"])))
    colors = STATES["colors"]
    layout["player_state"] = {"P%d_%s" % (p, k): v for p in range(len(colors))
                              for k, v in INITIAL.items()}
    layout["player_state"].update(state["player_state"])
    layout.update(colors=colors, current_color=state["current_color"],
                  current_prompt=state["current_prompt"],
                  robber_coordinate=STATES["robber_coordinate"],
                  action_records=state["action_records"],
                  is_initial_build_phase=not state.get("setup_done")
                  and state["current_prompt"].startswith("BUILD_INITIAL"))
    return layout


class Mapping(unittest.TestCase):
    def setUp(self):
        self.board = cb.BoardMap(BASE_MAP)
        self.number, self.corners, self.edges = cb.our_board()

    def test_our_board_is_spec_section_4(self):
        rows = {}
        for (x, y), n in self.number.items():
            rows.setdefault(y, []).append(n)
        self.assertEqual([len(rows[y]) for y in sorted(rows)],
                         [3, 4, 4, 5, 5, 6, 6, 5, 5, 4, 4, 3])
        a, j = self.corners[0], self.corners[9]
        self.assertEqual([a[d] for d in cb.CORNER_OFFSET], [1, 5, 9, 13, 8, 4])
        self.assertEqual([j[d] for d in cb.CORNER_OFFSET], [19, 25, 31, 36, 30, 24])
        self.assertEqual(len(self.edges), 72)

    def test_every_node_maps_one_to_one_and_back(self):
        land = {int(k) for k, n in BASE_MAP["nodes"].items()
                if cb.corner_point(tuple(n["tile_coordinate"]), n["direction"]) in self.number}
        self.assertEqual(land, set(range(54)))  # catanatron numbers land nodes first
        self.assertEqual(set(self.board.node_to_corner), set(range(54)))
        self.assertEqual(sorted(self.board.node_to_corner.values()), list(range(1, 55)))
        for node, corner in self.board.node_to_corner.items():
            self.assertEqual(self.board.corner_to_node[corner], node)
        # The centre tile's corners are hex J's (SPEC.md: N=19 ... NW=24).
        self.assertEqual([self.board.node_to_corner[n] for n in range(6)],
                         [19, 25, 31, 36, 30, 24])

    def test_every_edge_maps_one_to_one_keeping_adjacency(self):
        land_edges = [tuple(sorted(e["id"])) for e in BASE_MAP["edges"]
                      if e["id"][0] < 54 and e["id"][1] < 54]
        self.assertEqual(len(land_edges), 72)
        self.assertEqual(len(self.board.edge_to_ours), 72)
        self.assertEqual(set(self.board.edge_to_ours.values()), self.edges)
        for (a, b), ours in self.board.edge_to_ours.items():
            # the edge's two nodes are our edge's two corners
            self.assertEqual(tuple(sorted((self.board.node_to_corner[a],
                                           self.board.node_to_corner[b]))), ours)
            self.assertEqual(self.board.ours_to_edge[ours], (a, b))

    def test_every_land_tile_maps_one_to_one_and_back(self):
        self.assertEqual(sorted(self.board.tile_to_hex.values()), list(range(19)))
        for tile, h in self.board.tile_to_hex.items():
            self.assertEqual(self.board.hex_to_tile[h], tile)
            # the tile's six nodes are the hex's six corners
            ours = self.corners[h]
            for d in cb.CORNER_OFFSET:
                point = cb.corner_point(tile, d)
                self.assertEqual(self.number[point], ours[d])
        self.assertEqual(self.board.tile_to_hex[(0, 0, 0)], 9)  # the centre is J

    def test_every_port_maps_one_to_one(self):
        slots = self.board.port_slot
        self.assertEqual(len(slots), 9)
        self.assertEqual(sorted(slots.values()), sorted(cb.OUR_HARBOR_EDGES))
        self.assertEqual(len(set(slots)), 9)
        for port, slot in slots.items():
            self.assertEqual(port[1] - port[0] > 0, True)
            if port in cb.OUR_HARBOR_EDGES:
                self.assertEqual(slot, port)  # a port where we have a slot stays there
        kinds = sorted(str(t["tile"]["resource"]) for t in BASE_MAP["tiles"]
                       if t["tile"]["type"] == "PORT")
        self.assertEqual(sorted(str(r) for r in self.board.ports.values()), kinds)

    def test_a_board_that_is_not_the_base_is_refused(self):
        small = copy.deepcopy(BASE_MAP)
        small["tiles"] = [t for t in small["tiles"] if t["coordinate"] != [0, 0, 0]]
        with self.assertRaises(cb.BridgeError):
            cb.BoardMap(small)
        broken = copy.deepcopy(BASE_MAP)
        del broken["nodes"]["0"]
        with self.assertRaises(cb.BridgeError):
            cb.BoardMap(broken)


class Decisions(unittest.TestCase):
    """Each hand-written state through ai_server at every level: an answer, legal there."""

    @classmethod
    def setUpClass(cls):
        cls.board = cb.BoardMap(BASE_MAP)

    def ask(self, lines, level, ms=50):
        t0 = time.monotonic()
        out = subprocess.run([AI_SERVER, "-l", level, "-t", str(ms)], input="".join(
            line + "\n" for line in lines), capture_output=True, text=True, timeout=120)
        self.assertEqual(out.returncode, 0, out.stderr)
        answers = out.stdout.splitlines()
        self.assertEqual(len(answers), len(lines))
        # within the budget per decision, with room for starting the program and sanitizers
        self.assertLess(time.monotonic() - t0, len(lines) * (ms / 1000 + 0.5) + 2)
        return answers

    def check(self, state, layout, steps):
        colors = layout["colors"]
        me = state["current_color"]
        ps = layout["player_state"]
        seat = colors.index(me)
        owner = {int(k): n["color"] for k, n in layout["nodes"].items() if n.get("building")}
        kind, value = steps[0]
        self.assertIn(kind, state["allowed"], steps)
        if kind == "BUILD_SETTLEMENT":
            self.assertLess(value, 54)
            self.assertNotIn(value, owner)
            corner = self.board.node_to_corner[value]
            for (a, b) in self.board.edge_to_ours.values():
                if corner in (a, b):  # the distance rule
                    other = self.board.corner_to_node[b if a == corner else a]
                    self.assertNotIn(other, owner)
        if kind == "BUILD_ROAD":
            self.assertIn(tuple(sorted(value)), self.board.edge_to_ours)
            self.assertTrue(any(owner.get(n) == me for n in value) or any(
                e.get("color") == me and set(e["id"]) & set(value) for e in layout["edges"]))
        if kind == "DISCARD":
            self.assertEqual(len(value), 4)  # half of 9
            for r in cb.RESOURCES:
                self.assertLessEqual(value.count(r), ps["P%d_%s_IN_HAND" % (seat, r)])
        if kind in ("MOVE_ROBBER", "PLAY_KNIGHT_CARD"):
            coordinate, victim = steps[-1][1]
            self.assertNotEqual(coordinate, layout["robber_coordinate"])
            self.assertIn(tuple(coordinate), self.board.tile_to_hex)
            self.assertNotEqual(victim, me)
        if kind == "MARITIME_TRADE":
            self.assertEqual(len(value), 5)

    def test_every_state_gets_a_legal_answer_at_every_level(self):
        layouts = [layout_of(s) for s in STATES["states"]]
        lines = [cb.position_line(lay, s["current_color"])
                 for s, lay in zip(STATES["states"], layouts)]
        for level in ("easy", "normal", "hard"):
            for state, layout, answer in zip(STATES["states"], layouts,
                                             self.ask(lines, level)):
                with self.subTest(state=state["name"], level=level, answer=answer):
                    self.assertFalse(answer.startswith("error"), lines)
                    self.check(state, layout, cb.actions_from_answer(answer, layout))

    def test_the_seat_sees_only_its_own_cards(self):
        state = STATES["states"][4]
        line = cb.position_line(layout_of(state), "BLUE")
        self.assertIn("hand=0,0,3,0,0", line)  # BLUE's own
        self.assertIn("cards.0=10", line)       # RED's, as a count only
        self.assertNotIn("2,2,1,2,3", line)

    def test_refused_positions_get_an_error_line(self):
        line = cb.position_line(layout_of(STATES["states"][3]), "RED")
        answers = self.ask([line.replace("bank=", "bank=19,"), "position 1", "hello"],
                           "normal")
        for a in answers:
            self.assertTrue(a.startswith("error: "), a)
        with self.assertRaises(cb.BridgeError):
            cb.actions_from_answer(answers[0], layout_of(STATES["states"][3]))

    def test_a_trade_prompt_is_not_bridged(self):
        state = dict(STATES["states"][4], current_prompt="DECIDE_TRADE")
        with self.assertRaises(cb.BridgeError):
            cb.position_line(layout_of(state), "RED")

    def test_answers_in_words_become_actions(self):
        layout = layout_of(STATES["states"][4])
        b = self.board
        self.assertEqual(cb.actions_from_answer("build road 19-25", layout),
                         [("BUILD_ROAD", [0, 1])])
        self.assertEqual(cb.actions_from_answer("build city 19", layout), [("BUILD_CITY", 0)])
        self.assertEqual(cb.actions_from_answer("bank 4 wood for 1 ore", layout),
                         [("MARITIME_TRADE", ["WOOD"] * 4 + ["ORE"])])
        self.assertEqual(cb.actions_from_answer("bank 2 brick for 1 wool", layout),
                         [("MARITIME_TRADE", ["BRICK", "BRICK", None, None, "SHEEP"])])
        self.assertEqual(cb.actions_from_answer("play knight J 1", layout),
                         [("PLAY_KNIGHT_CARD", None), ("MOVE_ROBBER", ([0, 0, 0], "BLUE"))])
        self.assertEqual(cb.actions_from_answer("play roads 19-25 25-31", layout)[2],
                         ("BUILD_ROAD", list(b.ours_to_edge[(25, 31)])))
        self.assertEqual(cb.actions_from_answer("play plenty wool ore", layout),
                         [("PLAY_YEAR_OF_PLENTY", ["SHEEP", "ORE"])])
        self.assertEqual(cb.actions_from_answer("discard 2 wood 1 ore", layout),
                         [("DISCARD", ["WOOD", "WOOD", "ORE"])])
        for bad in ("error: no", "", "fly away", "build road 1-54"):
            with self.assertRaises(cb.BridgeError):
                cb.actions_from_answer(bad, layout)


class Player(unittest.TestCase):
    """BrickwoodPlayer.decide on a stand-in for catanatron's modules (its Player, its JSON
    encoder, its player registry): moves of several actions, discards card by card, trades
    refused, an answer catanatron does not offer."""

    @classmethod
    def setUpClass(cls):
        import collections
        import importlib.util
        import types

        cls.Action = collections.namedtuple("Action", ["color", "action_type", "value"])
        fake = {name: types.ModuleType(name) for name in (
            "catanatron", "catanatron.models", "catanatron.models.player", "catanatron.json",
            "catanatron.cli", "catanatron.cli.cli_players")}

        class FakePlayer:
            def __init__(self, color, *args, **kwargs):
                self.color = color

        class Encoder(json.JSONEncoder):
            def default(self, obj):
                return obj.layout

        cls.registered = []
        fake["catanatron.models.player"].Player = FakePlayer
        fake["catanatron.json"].GameEncoder = Encoder
        fake["catanatron.cli.cli_players"].register_cli_player = (
            lambda code, c: cls.registered.append(code))
        saved = {n: sys.modules.get(n) for n in fake}
        sys.modules.update(fake)
        try:
            spec = importlib.util.spec_from_file_location(
                "bridge_with_catanatron", os.path.join(SOURCE, "contrib", "catanatron_bridge.py"))
            cls.bridge = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(cls.bridge)
        finally:
            for n, m in saved.items():
                if m is None:
                    del sys.modules[n]
                else:
                    sys.modules[n] = m
        cls.bridge.BrickwoodPlayer.server = cls.bridge.Server(AI_SERVER, "normal", 10)

    @classmethod
    def tearDownClass(cls):
        cls.bridge.BrickwoodPlayer.server.close()

    def act(self, color, kind, value=None):
        return self.Action(color, type("T", (), {"value": kind})(), value)

    def game(self, state):
        return type("Game", (), {"layout": layout_of(state)})()

    def player(self, name):
        return self.bridge.BrickwoodPlayer(type("C", (), {"value": name})())

    def test_registered_as_bw(self):
        self.assertEqual(self.registered, ["BW"])

    def test_a_queued_robber_move_follows_the_knight(self):
        me = self.player("RED")
        me.queue = [("MOVE_ROBBER", ([-1, 2, -1], "WHITE"))]
        white = type("C", (), {"value": "WHITE"})()
        moves = [self.act("RED", "MOVE_ROBBER", ((0, 0, 0), None, None)),
                 self.act("RED", "MOVE_ROBBER", ((-1, 2, -1), white, None))]
        self.assertIs(me.decide(self.game(STATES["states"][6]), moves), moves[1])
        self.assertEqual(me.queue, [])

    def test_discards_go_card_by_card(self):
        me = self.player("BLUE")
        moves = [self.act("BLUE", "DISCARD_RESOURCE", r) for r in cb.RESOURCES]
        game = self.game(STATES["states"][5])
        taken = [me.decide(game, moves).value for _ in range(4)]
        self.assertEqual(len(taken), 4)
        for r in cb.RESOURCES:  # BLUE holds 3 wood, 2 brick, 2 wool, 1 grain, 1 ore
            self.assertLessEqual(taken.count(r), [3, 2, 2, 1, 1][cb.RESOURCES.index(r)])

    def test_offers_are_rejected(self):
        moves = [self.act("RED", "ACCEPT_TRADE"), self.act("RED", "REJECT_TRADE")]
        self.assertIs(self.player("RED").decide(None, moves), moves[1])

    def test_an_answer_not_offered_falls_back_to_a_playable_action(self):
        moves = [self.act("RED", "END_TURN")]
        self.assertIs(self.player("RED").decide(self.game(STATES["states"][4]), moves),
                      moves[0])

    def test_a_setup_answer_is_one_of_the_playable_actions(self):
        me = self.player("RED")
        moves = [self.act("RED", "BUILD_SETTLEMENT", n) for n in range(54)]
        chosen = me.decide(self.game(STATES["states"][0]), moves)
        self.assertIn(chosen, moves)


if __name__ == "__main__":
    if len(sys.argv) > 1 and not sys.argv[1].startswith("-"):
        AI_SERVER = sys.argv.pop(1)
    AI_SERVER = AI_SERVER or os.path.join(SOURCE, "build", "test", "bench", "ai_server")
    unittest.main()
