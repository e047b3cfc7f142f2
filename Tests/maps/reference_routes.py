"""Shortest routes under Paceline's own access rules (`paceline_rules.py`), by a plain
Dijkstra over every node of an extract: what routino's answers are checked against for
the test town, and how the town is checked to have no near-ties.

    python3 Tests/maps/reference_routes.py EXTRACT.osm.pbf --transport foot|bicycle < legs.json

Reads a JSON list of legs [[lat1, lon1, lat2, lon2], ...] like routino_legs.py and
prints a JSON list of {"metres": m, "nodes": [ids], "runner_up": m} (or null where no
route links them). A leg's points must be nodes of the extract (as the test town's
places are). Lengths are great-circle distances on routino's sphere (radius
6378.137 km), so they differ from routino's only by its rounding; "runner_up" is the
shortest route that leaves out at least one segment of the best, so `runner_up -
metres` is how far the best is from a tie. Made for small extracts: it holds them whole.

    from reference_routes import Graph
    graph = Graph.read("town.osm.pbf", "foot")
    graph.route((lat1, lon1), (lat2, lon2))  # (metres, [node ids]) or None
"""
import argparse
import heapq
import json
import math
import os
import sys

import osmium

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from paceline_rules import directions  # noqa: E402

RADIUS = 6_378_137.0


def great_circle(a, b):
    """Metres between two (lat, lon) on routino's sphere (haversine)."""
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * RADIUS * math.asin(math.sqrt(h))


class Graph:
    """The segments a mode may travel, each way's direction rules applied."""

    def __init__(self, locations, edges):
        self.locations = locations  # node id -> (lat, lon)
        self.edges = edges  # node id -> [(neighbour, metres)]
        self.by_place = {location: node for node, location in locations.items()}

    @classmethod
    def read(cls, path, mode):
        locations, ways = {}, []
        for item in osmium.FileProcessor(path, osmium.osm.NODE | osmium.osm.WAY):
            if item.is_node():
                locations[item.id] = (item.location.lat, item.location.lon)
            else:
                ways.append(([n.ref for n in item.nodes], dict(item.tags)))
        edges = {}
        for refs, tags in ways:
            allowed = directions(tags, mode)
            if allowed is None:
                continue
            for a, b in zip(refs, refs[1:]):
                metres = great_circle(locations[a], locations[b])
                if allowed in ("both", "forward"):
                    edges.setdefault(a, []).append((b, metres))
                if allowed in ("both", "backward"):
                    edges.setdefault(b, []).append((a, metres))
        return cls(locations, edges)

    def node_at(self, lat, lon):
        """The node at exactly these coordinates (7 decimals, as the extract stores them)."""
        node = self.by_place.get((round(lat, 7), round(lon, 7)))
        if node is None:
            raise ValueError(f"no node at {lat}, {lon}")
        return node

    def route(self, start, end, without=frozenset()):
        """(metres, [node ids]) of the shortest route between two places, or None;
        `without` holds segments (a, b) not to use."""
        source, target = self.node_at(*start), self.node_at(*end)
        best, previous = {source: 0.0}, {}
        queue = [(0.0, source)]
        while queue:
            metres, node = heapq.heappop(queue)
            if node == target:
                path = [node]
                while path[-1] != source:
                    path.append(previous[path[-1]])
                return metres, path[::-1]
            if metres > best[node]:
                continue
            for neighbour, length in self.edges.get(node, ()):
                if (node, neighbour) in without or (neighbour, node) in without:
                    continue
                if metres + length < best.get(neighbour, math.inf):
                    best[neighbour] = metres + length
                    previous[neighbour] = node
                    heapq.heappush(queue, (metres + length, neighbour))
        return None

    def runner_up(self, start, end, path):
        """The shortest route that leaves out one segment or more of `path`, in metres."""
        lengths = [self.route(start, end, frozenset({segment})) for segment in zip(path, path[1:])]
        return min((found[0] for found in lengths if found), default=None)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("extract")
    parser.add_argument("--transport", choices=("foot", "bicycle"), required=True)
    arguments = parser.parse_args()
    graph = Graph.read(arguments.extract, arguments.transport)
    answers = []
    for lat1, lon1, lat2, lon2 in json.load(sys.stdin):
        found = graph.route((lat1, lon1), (lat2, lon2))
        if found is None:
            answers.append(None)
            continue
        metres, nodes = found
        runner_up = graph.runner_up((lat1, lon1), (lat2, lon2), nodes)
        answers.append({"metres": round(metres, 2), "nodes": nodes,
                        "runner_up": None if runner_up is None else round(runner_up, 2)})
    print(json.dumps(answers))


if __name__ == "__main__":
    main()
