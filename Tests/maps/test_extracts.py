"""Developer check of the route planner's map tooling: the test town, routino's legs on
it against Paceline's own rules, and the synthetic city. Not in CI (CI runs
`pytest Tests/e2e`): run it after changing anything in Tests/maps/ or Benchmarks/maps/.

    python3 -m pytest -q Tests/maps          # the checks (skipped where routino can't be had)
    python3 Tests/maps/test_extracts.py      # the legs' table: routino's metres beside the reference's

Needs pyosmium (`pip install -r .ci/requirements.txt`) and Debian's routino, which
routino_legs.py installs when it can.
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from reference_routes import Graph, great_circle  # noqa: E402

MODES = ("foot", "bicycle")
# (from, to, what the foot route does, what the bicycle route does): ("uses", way) takes every
# segment of that way, ("avoids", way) none of them, None finds no route.
LEGS = [
    ("west_start", "east_end", ("uses", "bridge"), ("uses", "bridge")),
    ("west_start", "island", None, None),
    ("east_end", "island", None, None),
    ("oneway_start", "oneway_end", ("uses", "oneway"), ("uses", "oneway")),
    ("oneway_end", "oneway_start", ("uses", "oneway"), ("avoids", "oneway")),
    ("private_a", "private_b", ("avoids", "private"), ("avoids", "private")),
    ("private_foot_a", "private_foot_b", ("uses", "private_foot"), ("avoids", "private_foot")),
    ("footway_a", "footway_b", ("uses", "footway"), ("avoids", "footway")),
    ("steps_a", "steps_b", ("uses", "steps"), ("avoids", "steps")),
    ("cycleway_b", "cycleway_a", ("uses", "cycleway"), ("uses", "cycleway")),
    ("foot_no_a", "foot_no_b", ("avoids", "foot_no"), ("uses", "foot_no")),
    ("motorway_a", "motorway_b", ("avoids", "motorway"), ("avoids", "motorway")),
    ("service_a", "service_b", ("uses", "service"), ("uses", "service")),
]
NEAR_TIE = 3.0  # metres: the runner-up must be at least this much longer than the best


def make_town(folder):
    """(path, places, ways) of a freshly written test town."""
    path = os.path.join(folder, "town.osm.pbf")
    made = subprocess.run([sys.executable, os.path.join(HERE, "town_extract.py"), path],
                          capture_output=True, text=True, check=True)
    town = json.loads(made.stdout)
    return path, town["places"], town["ways"]


def legs_of(places):
    return [places[a] + places[b] for a, b, _, _ in LEGS]


def routino(path, places, mode):
    """routino_legs.py's answers with --points, or None when routino can't be had (exit 3)."""
    result = subprocess.run([sys.executable, os.path.join(HERE, "routino_legs.py"), path,
                             "--transport", mode, "--points"],
                            input=json.dumps(legs_of(places)), capture_output=True, text=True)
    if result.returncode == 3:
        return None
    if result.returncode != 0:
        raise RuntimeError(result.stderr)
    return json.loads(result.stdout)


def way_segments(path):
    """Way id -> the set of its segments, each as a frozenset of two node ids."""
    import osmium
    return {way.id: {frozenset(pair) for pair in zip([n.ref for n in way.nodes], [n.ref for n in way.nodes][1:])}
            for way in osmium.FileProcessor(path, osmium.osm.WAY)}


def routino_nodes(graph, points):
    """Routino's points as the extract's node ids: routino keeps coordinates to about 0.1 m
    (1/2^26 radian) and writes them to 6 decimals, so a node is within 2e-6 degrees."""
    nodes = []
    for lat, lon in points:
        near = [n for n, (a, b) in graph.locations.items() if abs(a - lat) <= 2e-6 and abs(b - lon) <= 2e-6]
        assert len(near) == 1, f"routino's point {lat}, {lon} is not one node of the town"
        nodes.append(near[0])
    return nodes


def table(folder):
    """One line per leg and mode: routino's metres, the reference's, its runner-up."""
    path, places, _ = make_town(folder)
    lines = [f"{'leg':<34} {'mode':<8} {'routino':>8} {'reference':>10} {'runner-up':>10}"]
    for mode in MODES:
        graph = Graph.read(path, mode)
        answers = routino(path, places, mode) or [None] * len(LEGS)
        for (a, b, _, _), answer in zip(LEGS, answers):
            found = graph.route(places[a], places[b])
            runner_up = graph.runner_up(places[a], places[b], found[1]) if found else None
            lines.append(f"{a + ' -> ' + b:<34} {mode:<8} {answer['metres'] if answer else 'null':>8} "
                         f"{round(found[0], 2) if found else 'null':>10} {round(runner_up, 2) if runner_up else '-':>10}")
    return "\n".join(lines)


# --- pytest ---------------------------------------------------------------------------

try:
    import pytest
except ImportError:  # the table needs no pytest
    pytest = None

if pytest:
    @pytest.fixture(scope="module")
    def town(tmp_path_factory):
        return make_town(str(tmp_path_factory.mktemp("town")))

    @pytest.fixture(scope="module")
    def routino_answers(town):
        path, places, _ = town
        answers = {mode: routino(path, places, mode) for mode in MODES}
        if any(answer is None for answer in answers.values()):
            pytest.skip("routino is not available (routino_legs.py exited 3)")
        return answers

    def test_town_is_the_same_file_every_time(town, tmp_path):
        again, places, ways = make_town(str(tmp_path))
        assert open(again, "rb").read() == open(town[0], "rb").read()
        assert (places, ways) == (town[1], town[2])

    def test_town_is_written_as_an_extract_is(town):
        import osmium
        kinds = [(item.type_str(), item.id) for item in osmium.FileProcessor(town[0])]
        assert kinds == sorted(kinds, key=lambda k: ("nwr".index(k[0]), k[1]))
        node_ids = [i for kind, i in kinds if kind == "n"]
        assert node_ids[0] == 1 and node_ids == sorted(set(node_ids))
        ways = {way.id: (len(way.nodes), dict(way.tags)) for way in osmium.FileProcessor(town[0], osmium.osm.WAY)}
        bridge = ways[town[2]["bridge"]][1]
        assert bridge["highway"] == "residential" and bridge["bridge"] == "yes" and bridge["layer"] == "1"
        assert ways[town[2]["oneway"]][1]["oneway"] == "yes"
        assert sum(1 for count, tags in ways.values() if tags.get("highway") and count > 2) >= 20
        for name in ("building_west", "building_east"):
            assert ways[town[2][name]] == (5, {"building": "yes"})

    def test_only_the_bridge_crosses_the_river(town):
        import osmium
        path, _, ways = town
        graph = Graph.read(path, "foot")
        locations = {n.id: (n.location.lon, n.location.lat) for n in osmium.FileProcessor(path, osmium.osm.NODE)}
        lines = {w.id: [locations[n.ref] for n in w.nodes] for w in osmium.FileProcessor(path, osmium.osm.WAY)}

        def crosses(p, q, r, s):
            def side(a, b, c):
                return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
            return side(p, q, r) * side(p, q, s) < 0 and side(r, s, p) * side(r, s, q) < 0

        river = lines[ways["river"]]
        crossing = {way for way, line in lines.items() if way != ways["river"]
                    for a, b in zip(line, line[1:]) for c, d in zip(river, river[1:]) if crosses(a, b, c, d)}
        assert crossing == {ways["bridge"]}
        river_nodes = {n.ref for w in osmium.FileProcessor(path, osmium.osm.WAY) if w.id == ways["river"] for n in w.nodes}
        assert not river_nodes & set(graph.edges)  # and nobody may go along it

    def test_the_reference_routes_have_no_near_tie(town):
        path, places, _ = town
        for mode_index, mode in enumerate(MODES):
            graph = Graph.read(path, mode)
            for leg in LEGS:
                found = graph.route(places[leg[0]], places[leg[1]])
                assert (found is None) == (leg[2 + mode_index] is None), (leg, mode)
                if found:
                    runner_up = graph.runner_up(places[leg[0]], places[leg[1]], found[1])
                    assert runner_up is None or runner_up - found[0] >= NEAR_TIE, (leg, mode, found[0], runner_up)

    @pytest.mark.parametrize("mode", MODES)
    def test_routino_takes_the_reference_route(town, routino_answers, mode):
        path, places, ways = town
        graph = Graph.read(path, mode)
        segments = way_segments(path)
        for leg, answer in zip(LEGS, routino_answers[mode]):
            found = graph.route(places[leg[0]], places[leg[1]])
            expectation = leg[2 + MODES.index(mode)]
            if expectation is None:
                assert answer is None and found is None, (leg, mode)
                continue
            nodes = routino_nodes(graph, answer["points"])
            assert nodes == found[1], (leg, mode, "routino's route is not the reference's")
            segments_used = {frozenset(pair) for pair in zip(nodes, nodes[1:])}
            way = segments[ways[expectation[1]]]
            assert (way <= segments_used) if expectation[0] == "uses" else not (way & segments_used), (leg, mode)
            # Routino sums whole metres, each segment's rounded down.
            count = len(nodes) - 1
            assert found[0] - 1.1 * count <= answer["metres"] <= found[0] + 0.1 * count, (leg, mode, answer["metres"], found[0])

    def test_a_bike_goes_round_the_one_way_street_and_a_walker_does_not(town, routino_answers):
        index = next(i for i, leg in enumerate(LEGS) if leg[:2] == ("oneway_end", "oneway_start"))
        foot, bicycle = (routino_answers[mode][index]["metres"] for mode in MODES)
        assert bicycle > foot + 200

    def test_shortcuts_are_shorter_than_going_round(town, routino_answers):
        _, places, _ = town
        for index, (a, b, foot, bicycle) in enumerate(LEGS):
            if not a.endswith("_a") and not a.endswith("_b"):
                continue
            straight = great_circle(places[a], places[b])
            for mode, expectation in zip(MODES, (foot, bicycle)):
                metres = routino_answers[mode][index]["metres"]
                if expectation[0] == "uses":
                    assert metres < straight + 8, (a, mode, metres, straight)
                else:
                    assert metres > straight + 50, (a, mode, metres, straight)

    def test_city_extract_is_as_big_as_asked_and_checks_itself(tmp_path):
        path = str(tmp_path / "city.osm.pbf")
        made = subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "maps", "city_extract.py"), path,
                               "--nodes", "20000", "--seed", "7", "--check"], capture_output=True, text=True)
        assert made.returncode == 0, made.stderr
        summary = json.loads(made.stdout)
        assert abs(summary["nodes"] - 20000) <= 1000
        assert summary["bytes"] == os.path.getsize(path)
        again = str(tmp_path / "again.osm.pbf")
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "maps", "city_extract.py"), again,
                        "--nodes", "20000", "--seed", "7"], capture_output=True, check=True)
        assert open(again, "rb").read() == open(path, "rb").read()


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as scratch:
        print(table(scratch))
