"""The route planner's test town: a small, deterministic OpenStreetMap extract.

    python3 Tests/maps/town_extract.py OUT.osm.pbf

Writes OUT.osm.pbf with pyosmium (PyPI's `osmium`, the version `.ci/requirements.txt`
pins) and prints one JSON object on stdout:

    {"places": {"west_start": [lat, lon], ...}, "ways": {"bridge": id, ...}}

A place is a node of the town, given with the coordinates written in the file (7
decimals), so a leg between two places starts and ends on nodes. The same file comes out
byte for byte on every run.

The town, about 1.5 km by 1 km around 51.5 N, 0.1 W (x east, y north, in metres from its
south-west corner; each street corner moved by up to 8 m, so that no leg the tests
compare has two routes within 3 m of each other):

- residential streets on a grid of 11 columns 150 m apart by 9 rows 125 m apart; every
  even column and row has a node halfway along each block (a slight bend), so ways are
  long and bent, never all 2-node;
- a river (`waterway=river`, never routable) running north to south at x = 825 between
  columns 5 and 6: west of it columns 0-5, east of it columns 6-10, the rows stop at its
  banks, and exactly one way crosses it: the bridge on row 4 (`highway=residential`,
  `bridge=yes`, `layer=1`);
- shortcuts, each the diagonal of one block from its south-west corner `NAME_a` to its
  north-east corner `NAME_b` (about 195 m where going round is about 275 m):
  `private` (service, access=private: nobody), `private_foot` (service, access=private,
  foot=yes: walkers only), `footway` (walkers only, bent in the middle), `steps` (walkers
  only), `motorway` (nobody), `cycleway` (both), `foot_no` (residential, foot=no: bikes
  only), `service` (both);
- a one-way street on row 6 from `oneway_start` (column 7) to `oneway_end` (column 9):
  a bike from its end to its start goes round a block (about 550 m), a walker does not
  (about 300 m);
- an island in the river, east of its line: a loop of footway and a cycleway across it,
  linked to nothing (place `island`), so nobody reaches it from the town;
- what no router uses: two buildings (closed 5-node ways), `landuse=residential` on each
  side, and the river;
- `west_start` and `east_end`, the ends of row 4, the bridge's row: the one way between
  them is along it and over the bridge.

Node ids count up from 1 in the order the nodes were made, way ids from 1; nodes come
first, then ways, each sorted by id, as osmium writes an extract.
"""
import json
import math
import sys

import osmium
from osmium.osm.mutable import Node, Way

CENTRE = (51.5, -0.1)
WIDTH, HEIGHT = 1500.0, 1000.0
COLUMNS, ROWS = 11, 9
COLUMN_SPACING, ROW_SPACING = 150.0, 125.0
RIVER_X = 825.0
WEST_COLUMNS, EAST_COLUMNS = range(0, 6), range(6, 11)
BRIDGE_ROW = 4
ONEWAY = (7, 9, 6)  # from column 7 to column 9 on row 6

# (name, south-west corner of the block, tags, a bend in the middle in metres or None)
SHORTCUTS = [
    ("private", (1, 1), {"highway": "service", "access": "private"}, None),
    ("private_foot", (3, 1), {"highway": "service", "access": "private", "foot": "yes"}, None),
    ("footway", (1, 5), {"highway": "footway"}, (6.0, -6.0)),
    ("steps", (3, 5), {"highway": "steps"}, None),
    ("motorway", (3, 7), {"highway": "motorway", "ref": "M99"}, None),
    ("cycleway", (7, 1), {"highway": "cycleway"}, None),
    ("foot_no", (8, 3), {"highway": "residential", "foot": "no", "name": "Horse Lane"}, None),
    ("service", (6, 7), {"highway": "service"}, None),
]


JITTER, JITTER_SALT = 8.0, 1


def jitter(i, j, axis):
    """A street corner's deterministic offset, within JITTER metres, from a hash of its place
    (JITTER_SALT was chosen so that no leg the tests compare has a near-tie)."""
    h = ((i * 73856093) ^ (j * 19349663) ^ (axis * 83492791) ^ (JITTER_SALT * 2654435761)) % 1000
    return (h / 1000.0 - 0.5) * 2 * JITTER


def to_lat_lon(x, y):
    """Metres from the town's south-west corner to degrees, rounded as OSM stores them."""
    lat = CENTRE[0] + (y - HEIGHT / 2) / 111_250.0
    lon = CENTRE[1] + (x - WIDTH / 2) / (111_320.0 * math.cos(math.radians(CENTRE[0])))
    return round(lat, 7), round(lon, 7)


class Town:
    """Nodes and ways as they are made; ids count up from 1."""

    def __init__(self):
        self.nodes = []  # (id, lat, lon)
        self.ways = []  # (id, [node ids], tags)
        self.corner_ids = {}

    def node(self, x, y):
        lat, lon = to_lat_lon(x, y)
        self.nodes.append((len(self.nodes) + 1, lat, lon))
        return len(self.nodes)

    def way(self, refs, tags):
        self.ways.append((len(self.ways) + 1, list(refs), dict(tags)))
        return len(self.ways)

    def corner_xy(self, i, j):
        return i * COLUMN_SPACING + jitter(i, j, 0), j * ROW_SPACING + jitter(i, j, 1)

    def corner(self, i, j):
        return self.corner_ids[(i, j)]

    def lat_lon(self, node_id):
        _, lat, lon = self.nodes[node_id - 1]
        return [lat, lon]

    def street(self, corners, bend_every_block, tags):
        """A way along corners, with a bent node halfway along each block when asked."""
        refs = [self.corner(*corners[0])]
        for (a, b) in zip(corners, corners[1:]):
            if bend_every_block:
                (xa, ya), (xb, yb) = self.corner_xy(*a), self.corner_xy(*b)
                vertical = a[0] == b[0]
                bend = 3.0 if (a[1] + a[0]) % 2 == 0 else -3.0
                refs.append(self.node((xa + xb) / 2 + (bend if vertical else 0.0),
                                      (ya + yb) / 2 + (0.0 if vertical else bend)))
            refs.append(self.corner(*b))
        return self.way(refs, tags)


def build():
    """The town's nodes, ways, places and notable ways."""
    town = Town()
    places, ways = {}, {}
    for j in range(ROWS):
        for i in range(COLUMNS):
            town.corner_ids[(i, j)] = town.node(*town.corner_xy(i, j))

    # Columns, then the rows on each side of the river.
    for i in range(COLUMNS):
        town.street([(i, j) for j in range(ROWS)], i % 2 == 0,
                    {"highway": "residential", "name": f"{i + 1} Avenue"})
    oneway_from, oneway_to, oneway_row = ONEWAY
    for j in range(ROWS):
        name = {"highway": "residential", "name": f"Row {j + 1} Street"}
        town.street([(i, j) for i in WEST_COLUMNS], j % 2 == 0, name)
        if j == oneway_row:
            town.street([(i, j) for i in range(EAST_COLUMNS[0], oneway_from + 1)], j % 2 == 0, name)
            ways["oneway"] = town.street([(i, j) for i in range(oneway_from, oneway_to + 1)], j % 2 == 0,
                                         {**name, "oneway": "yes"})
            town.street([(i, j) for i in range(oneway_to, EAST_COLUMNS[-1] + 1)], j % 2 == 0, name)
        else:
            town.street([(i, j) for i in EAST_COLUMNS], j % 2 == 0, name)
    places["oneway_start"] = town.lat_lon(town.corner(oneway_from, oneway_row))
    places["oneway_end"] = town.lat_lon(town.corner(oneway_to, oneway_row))

    # The bridge: the only way over the river.
    west, east = (WEST_COLUMNS[-1], BRIDGE_ROW), (EAST_COLUMNS[0], BRIDGE_ROW)
    (xw, yw), (xe, ye) = town.corner_xy(*west), town.corner_xy(*east)
    middle = town.node((xw + xe) / 2, (yw + ye) / 2 + 1.0)
    ways["bridge"] = town.way([town.corner(*west), middle, town.corner(*east)],
                              {"highway": "residential", "bridge": "yes", "layer": "1",
                               "name": "Town Bridge"})
    places["bridge_west"] = town.lat_lon(town.corner(*west))
    places["bridge_east"] = town.lat_lon(town.corner(*east))

    # Shortcuts across blocks.
    for name, (i, j), tags, bend in SHORTCUTS:
        refs = [town.corner(i, j)]
        if bend:
            (xa, ya), (xb, yb) = town.corner_xy(i, j), town.corner_xy(i + 1, j + 1)
            refs.append(town.node((xa + xb) / 2 + bend[0], (ya + yb) / 2 + bend[1]))
        refs.append(town.corner(i + 1, j + 1))
        ways[name] = town.way(refs, tags)
        places[f"{name}_a"] = town.lat_lon(refs[0])
        places[f"{name}_b"] = town.lat_lon(refs[-1])

    # The river, north to south, slightly winding.
    river = [town.node(RIVER_X + 6.0 * math.sin(y / 150.0), y) for y in range(1150, -151, -50)]
    ways["river"] = town.way(river, {"waterway": "river", "name": "Town River"})

    # The island: a loop of footway and a cycleway across it, in the river east of its line.
    corners = [town.node(x, y) for x, y in ((840.0, 800.0), (870.0, 800.0), (870.0, 860.0), (840.0, 860.0))]
    ways["island_loop"] = town.way(corners + corners[:1], {"highway": "footway"})
    ways["island_cycleway"] = town.way([corners[0], corners[2]], {"highway": "cycleway"})
    places["island"] = town.lat_lon(corners[0])

    # What no router uses: buildings, land use.
    for name, (x, y) in (("building_west", (630.0, 410.0)), ("building_east", (1080.0, 660.0))):
        outline = [town.node(x + dx, y + dy) for dx, dy in ((0, 0), (30, 0), (30, 20), (0, 20))]
        ways[name] = town.way(outline + outline[:1], {"building": "yes"})
    for name, (x0, x1) in (("landuse_west", (-30.0, 790.0)), ("landuse_east", (875.0, 1530.0))):
        outline = [town.node(x, y) for x, y in ((x0, -30.0), (x1, -30.0), (x1, 1030.0), (x0, 1030.0))]
        ways[name] = town.way(outline + outline[:1], {"landuse": "residential"})

    places["west_start"] = town.lat_lon(town.corner(0, BRIDGE_ROW))
    places["east_end"] = town.lat_lon(town.corner(10, BRIDGE_ROW))
    return town, places, ways


def write(town, path):
    """Writes the town as an .osm.pbf at path (replacing any file there)."""
    writer = osmium.SimpleWriter(path, overwrite=True)
    try:
        for node_id, lat, lon in town.nodes:
            writer.add_node(Node(id=node_id, location=(lon, lat), version=1))
        for way_id, refs, tags in town.ways:
            writer.add_way(Way(id=way_id, nodes=refs, tags=tags, version=1))
    finally:
        writer.close()


def main(arguments):
    if len(arguments) != 1 or arguments[0].startswith("-"):
        sys.exit("usage: python3 Tests/maps/town_extract.py OUT.osm.pbf")
    town, places, ways = build()
    write(town, arguments[0])
    print(json.dumps({"places": places, "ways": ways}, sort_keys=True))


if __name__ == "__main__":
    main(sys.argv[1:])
