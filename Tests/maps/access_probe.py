"""Asks routino which ways a walker and a cyclist may use, tag set by tag set, beside
Paceline's own rules (`paceline_rules.py`): where README.md's comparison table comes from.

    python3 Tests/maps/access_probe.py            # a Markdown table; differences marked **
    python3 Tests/maps/access_probe.py --differences

Writes a probe extract (per tag set a 100 m way with a longer detour beside it, each 20
km from the next; a `node:` tag goes on the way's middle node, which Paceline's rules
do not read), runs routino on it
as routino_legs.py does (installing Debian's routino if it must; exit 3 if it can't),
and routes each way both ways for each transport. "both", "forward" (along the way's
nodes only), "backward", or "-" (not at all).
"""
import argparse
import os
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

import osmium
from osmium.osm.mutable import Node, Way

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from paceline_rules import directions  # noqa: E402
import routino_legs  # noqa: E402

RESIDENTIAL = {"highway": "residential"}
ONEWAY = {"highway": "residential", "oneway": "yes"}
PROBES = [
    *({"highway": h} for h in ("motorway", "motorway_link", "trunk", "trunk_link", "primary", "primary_link",
                               "secondary", "tertiary", "unclassified", "residential", "living_street", "service",
                               "track", "path", "footway", "pedestrian", "bridleway", "cycleway", "steps", "road")),
    {"highway": "motorway", "foot": "yes"}, {"highway": "motorway", "bicycle": "yes"},
    {"highway": "trunk", "foot": "yes"}, {"highway": "trunk", "bicycle": "no"},
    {**RESIDENTIAL, "access": "no"}, {**RESIDENTIAL, "access": "private"},
    {"highway": "service", "access": "private", "foot": "yes"},
    {**RESIDENTIAL, "access": "private", "foot": "designated"},
    {**RESIDENTIAL, "access": "private", "bicycle": "permissive"},
    {**RESIDENTIAL, "access": "destination"}, {**RESIDENTIAL, "access": "customers"},
    {**RESIDENTIAL, "access": "permit"}, {**RESIDENTIAL, "access": "yes"},
    {**RESIDENTIAL, "vehicle": "no"}, {**RESIDENTIAL, "motorroad": "yes"},
    {**RESIDENTIAL, "foot": "no"}, {**RESIDENTIAL, "bicycle": "no"}, {**RESIDENTIAL, "bicycle": "dismount"},
    {"highway": "footway", "bicycle": "yes"}, {"highway": "path", "bicycle": "designated"},
    {"highway": "pedestrian", "bicycle": "yes"}, {"highway": "steps", "bicycle": "yes"},
    {"highway": "cycleway", "foot": "no"}, {"highway": "track", "access": "agricultural"},
    ONEWAY, {**RESIDENTIAL, "oneway": "-1"}, {**RESIDENTIAL, "oneway": "true"}, {**RESIDENTIAL, "oneway": "1"},
    {**RESIDENTIAL, "junction": "roundabout"}, {**ONEWAY, "oneway:bicycle": "no"},
    {**ONEWAY, "cycleway": "opposite_lane"}, {**ONEWAY, "cycleway": "opposite"},
    {"highway": "footway", "oneway": "yes"}, {"highway": "cycleway", "oneway": "yes"},
    {"highway": "footway", "cycleway": "lane"}, {"highway": "footway", "oneway:bicycle": "no"},
    # Tags on a node in the middle of the way ("node:" left off in the file).
    {**RESIDENTIAL, "node:barrier": "kissing_gate"}, {**RESIDENTIAL, "node:barrier": "cycle_barrier"},
    {**RESIDENTIAL, "node:barrier": "bollard"}, {**RESIDENTIAL, "node:access": "private"},
]
SPACING = 0.2  # degrees of latitude between probes: 22 km


def way_tags(probe):
    return {k: v for k, v in probe.items() if not k.startswith("node:")}


def write_probes(path):
    """Per probe, a way of three nodes about 100 m west to east (the middle node with the
    probe's node: tags) and a plain residential detour of about 320 m between its ends
    (routino fails to route at all in some tiny networks of one way); answers each
    probe's two ends."""
    writer = osmium.SimpleWriter(path, overwrite=True)
    ends = []
    try:
        for index, probe in enumerate(PROBES):
            lat, north = round(40.0 + index * SPACING, 7), round(40.001 + index * SPACING, 7)
            west, middle, east = ((lat, round(-0.1 + metres / 85_170, 7)) for metres in (0, 50, 100))
            node_tags = {k[len("node:"):]: v for k, v in probe.items() if k.startswith("node:")}
            for k, (a, b) in enumerate((west, middle, east, (north, west[1]), (north, east[1]))):
                writer.add_node(Node(id=5 * index + k + 1, location=(b, a), tags=node_tags if k == 1 else {}))
            ends.append((west, east))
        for index, probe in enumerate(PROBES):
            writer.add_way(Way(id=2 * index + 1, nodes=[5 * index + k + 1 for k in range(3)], tags=way_tags(probe)))
            writer.add_way(Way(id=2 * index + 2, nodes=[5 * index + k + 1 for k in (0, 3, 4, 2)], tags=RESIDENTIAL))
    finally:
        writer.close()
    return ends


def routino_directions(path, ends, transport):
    """For each probe, how routino lets the transport along it."""
    splitter, router = routino_legs.routino_programs()
    preferences = routino_legs.neutral_preferences(router, transport)
    with tempfile.TemporaryDirectory(prefix="routino-probe-") as folder:
        routino_legs.build_database(splitter, path, folder)

        def probe(pair):
            (west, east) = pair
            forward = routino_legs.route(router, folder, transport, preferences, [*west, *east])
            backward = routino_legs.route(router, folder, transport, preferences, [*east, *west])
            # A route longer than the way went round by the detour: not along this way.
            forward = forward is not None and forward[0] <= 101
            backward = backward is not None and backward[0] <= 101
            return {(True, True): "both", (True, False): "forward", (False, True): "backward"}.get((forward, backward))

        with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            return list(pool.map(probe, ends))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--differences", action="store_true", help="only the tag sets where they differ")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="access-probe-") as scratch:
        path = os.path.join(scratch, "probes.osm.pbf")
        ends = write_probes(path)
        routino = {mode: routino_directions(path, ends, mode) for mode in ("foot", "bicycle")}
    print("| tags | foot: Paceline | foot: routino | bicycle: Paceline | bicycle: routino |")
    print("| --- | --- | --- | --- | --- |")
    for index, tags in enumerate(PROBES):
        cells = []
        differs = False
        for mode in ("foot", "bicycle"):
            ours, theirs = directions(way_tags(tags), mode) or "-", routino[mode][index] or "-"
            mark = "**" if ours != theirs else ""
            differs |= ours != theirs
            cells += [f"{mark}{ours}{mark}", f"{mark}{theirs}{mark}"]
        if differs or not arguments.differences:
            label = " ".join(f"{k}={v}" for k, v in tags.items())
            print(f"| `{label}` | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
