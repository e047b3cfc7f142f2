"""A synthetic city as an OpenStreetMap extract, for the route planner's import benchmarks.

    python3 Benchmarks/maps/city_extract.py OUT.osm.pbf --nodes N [--seed S]
                                            [--lat 51.5] [--lon -0.1] [--check]

Writes OUT.osm.pbf with pyosmium (PyPI's `osmium`, pinned in `.ci/requirements.txt`) and
prints a one-line JSON summary:

    {"nodes": ..., "ways": ..., "routableWays": ..., "bytes": ..., "bounds": [s, w, n, e]}

The same N, seed and centre give the same file, byte for byte. The city is laid out as
a real extract is made up: streets on a jittered grid of blocks about 100 m by 90 m
(residential, tertiary, unclassified; some one-way, a few oneway=-1), each block side
bent through 0-4 intermediate nodes; through about 30 % of blocks a footway, path or
cycleway with 2-4 bends of its own; in a quarter of the rest a dead-end service road (40 %
of them access=private); and buildings, closed 5-node ways, 1 to 4 a block, which make up
about 60 % of the nodes, as in real city extracts. Streets carry names, a third of the
buildings a house number, every object a version and a timestamp (as the public extracts
do; no user names or ids). Node ids count up from 1 with no gaps, way ids too; nodes come
first. The node count is within 5 % of N from about 5,000 nodes up (the grid is sized
from the expected count per block). `routableWays` counts the ways a walker or a cyclist
may use (every highway but the private service roads).

It streams: nodes go to OUT as each row of blocks is made, ways to a second .osm.pbf
beside it (ways must follow every node in an extract) whose data blocks are copied after
the nodes' at the end; memory stays at one row of blocks.

--check reads the file back and fails unless it is what the summary says: ids in order
and without gaps, every way's nodes present, buildings closed with 5 nodes, the node
count within 5 % of N (for N of 5,000 and more).

Measured on the project machine (2 cores, shared with a Swift build), pyosmium 4.3.2:
`--nodes 1000000` writes 6.9 MB (6,883,801 bytes) in 12 s; a file of about 100 MB (the
importer's goal: a 100 MB extract imported in under 10 minutes within 2 GB) is
`--nodes 14500000`: 98.9 MB in 196 s, 47 MB of memory at most (docs/PERFORMANCE.md).
"""
import argparse
import datetime
import json
import math
import os
import random
import shutil
import sys

import osmium
from osmium.osm.mutable import Node, Way

BLOCK_X, BLOCK_Y = 100.0, 90.0
JITTER_X, JITTER_Y = 15.0, 12.0
METRES_PER_DEGREE_LAT = 111_250.0
STREET_BENDS = (0, 4)  # intermediate nodes on a block's side, uniform
THROUGH_BLOCK, THROUGH_BENDS = 0.30, (2, 4)
SERVICE = 0.25  # of the blocks without a through path
PRIVATE_SERVICE = 0.40
NAMES = ("Acacia", "Albert", "Alexandra", "Beech", "Church", "Elm", "Grange", "Grove", "High",
         "Holly", "King's", "Manor", "Mill", "Park", "Queen's", "Station", "Victoria", "York")
SUFFIXES = ("Road", "Street", "Avenue", "Lane", "Gardens", "Place", "Way", "Terrace")
EPOCH = datetime.datetime(2012, 1, 1, tzinfo=datetime.timezone.utc)
TIMESTAMPS = [EPOCH + datetime.timedelta(seconds=(k * 2_654_435_761) % 420_000_000) for k in range(4096)]


def expected_nodes(rows, columns):
    """How many nodes a grid of rows x columns street corners has, on average."""
    bends = sum(STREET_BENDS) / 2
    through = sum(THROUGH_BENDS) / 2
    blocks = (rows - 1) * (columns - 1)
    per_block = (THROUGH_BLOCK * (through + 4 * 1.5)  # a path, and 1-2 buildings
                 + (1 - THROUGH_BLOCK) * (SERVICE * 2 + 4 * 3))  # maybe a service road, 2-4 buildings
    return rows * columns + bends * (rows * (columns - 1) + (rows - 1) * columns) + blocks * per_block


def grid_for(nodes):
    """(rows, columns) of street corners whose expected node count is nearest `nodes`, about
    square (rows between 3/4 and 4/3 of the columns)."""
    best = None
    for columns in range(2, int(math.sqrt(nodes)) + 3):
        # The expected count is linear in rows: try the two rows around the exact answer.
        per_row = expected_nodes(3, columns) - expected_nodes(2, columns)
        exact = 2 + (nodes - expected_nodes(2, columns)) / per_row
        for rows in (math.floor(exact), math.ceil(exact)):
            if rows < 2 or not 0.75 * columns <= rows <= 4 * columns / 3 + 1:
                continue
            miss = abs(expected_nodes(rows, columns) - nodes)
            if best is None or miss < best[0]:
                best = (miss, rows, columns)
    return best[1], best[2]


def unit(*values):
    """A deterministic number in [0, 1) from integers (a 64-bit mix), for the corners' jitter."""
    h = 0x9E3779B97F4A7C15
    for value in values:
        h = ((h ^ (value & 0xFFFFFFFFFFFFFFFF)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        h ^= h >> 31
    return (h >> 11) / float(1 << 53)


class City:
    """The layout (rows of street corners, blocks between them) and the file being written."""

    def __init__(self, nodes, seed, lat, lon):
        self.seed = seed
        self.rows, self.columns = grid_for(nodes)
        self.lat0, self.lon0 = lat, lon
        self.metres_per_degree_lon = 111_320.0 * math.cos(math.radians(lat))
        self.width, self.height = (self.columns - 1) * BLOCK_X, (self.rows - 1) * BLOCK_Y
        self.node_count = self.way_count = self.routable = 0
        self.bounds = [90.0, 180.0, -90.0, -180.0]

    def corner(self, row, column):
        """The street corner's position in metres from the city's south-west corner."""
        x = column * BLOCK_X + (unit(self.seed, row, column, 1) - 0.5) * 2 * JITTER_X
        y = row * BLOCK_Y + (unit(self.seed, row, column, 2) - 0.5) * 2 * JITTER_Y
        return x, y

    def lat_lon(self, x, y):
        return (round(self.lat0 + (y - self.height / 2) / METRES_PER_DEGREE_LAT, 7),
                round(self.lon0 + (x - self.width / 2) / self.metres_per_degree_lon, 7))

    def header(self):
        header = osmium.io.Header()
        (s, w), (n, e) = self.lat_lon(-200.0, -200.0), self.lat_lon(self.width + 200.0, self.height + 200.0)
        header.add_box(osmium.osm.Box(w, s, e, n))
        header.set("generator", "Paceline city_extract.py")
        return header

    # Nodes: written as they are made, ids counting up.
    def node(self, writer, x, y):
        self.node_count += 1
        lat, lon = self.lat_lon(x, y)
        bounds = self.bounds
        if lat < bounds[0]: bounds[0] = lat
        if lon < bounds[1]: bounds[1] = lon
        if lat > bounds[2]: bounds[2] = lat
        if lon > bounds[3]: bounds[3] = lon
        identifier = self.node_count
        writer.add_node(Node(id=identifier, location=(lon, lat), version=1 + identifier % 5,
                             timestamp=TIMESTAMPS[(identifier * 7919) % 4096]))
        return identifier

    def bent(self, writer, a, b, count, rng):
        """`count` nodes between points a and b, along a gentle curve."""
        if count == 0:
            return []
        (xa, ya), (xb, yb) = a, b
        length = math.hypot(xb - xa, yb - ya) or 1.0
        nx, ny = -(yb - ya) / length, (xb - xa) / length
        amplitude = rng.uniform(-8.0, 8.0)
        ids = []
        for k in range(1, count + 1):
            t = k / (count + 1)
            bulge = amplitude * math.sin(math.pi * t)
            ids.append(self.node(writer, xa + t * (xb - xa) + bulge * nx, ya + t * (yb - ya) + bulge * ny))
        return ids

    # Ways: written to a file of their own, whose blocks follow the nodes' at the end.
    def way(self, writer, refs, tags, routable=True):
        self.way_count += 1
        self.routable += routable
        identifier = self.way_count
        writer.add_way(Way(id=identifier, nodes=refs, tags=tags, version=1 + identifier % 3,
                           timestamp=TIMESTAMPS[(identifier * 104729) % 4096]))

    def street_tags(self, rng):
        highway = rng.choices(("residential", "tertiary", "unclassified"), (70, 20, 10))[0]
        tags = {"highway": highway, "name": f"{rng.choice(NAMES)} {rng.choice(SUFFIXES)}"}
        draw = rng.random()
        if highway != "unclassified" and draw < 0.12:
            tags["oneway"] = "yes"
        elif highway == "residential" and draw < 0.14:
            tags["oneway"] = "-1"
        if highway == "tertiary":
            tags["maxspeed"] = "20 mph"
        return tags

    def write(self, path):
        ways_path = path + ".ways.tmp"
        nodes = osmium.SimpleWriter(osmium.io.File(path, "pbf"), overwrite=True, header=self.header())
        ways = osmium.SimpleWriter(osmium.io.File(ways_path, "pbf"), overwrite=True)
        try:
            try:
                self.write_nodes(nodes, ways)
            finally:
                nodes.close()
                ways.close()
            append_data_blocks(ways_path, path)
        finally:
            if os.path.exists(ways_path):
                os.remove(ways_path)

    def write_nodes(self, writer, ways):
        """Row by row of corners: the corners, the bends of the row's streets and of the
        streets north to the next row, then the blocks between the two rows."""
        columns = self.columns
        open_columns = [None] * columns  # per column: [tags, refs, blocks left] of its street
        next_row_first = 1
        for row in range(self.rows):
            rng = random.Random(self.seed * 1_000_003 + row)
            first = next_row_first
            corners = [self.corner(row, c) for c in range(columns)]
            for c in range(columns):
                x, y = corners[c]
                self.node(writer, x, y)
            ids = [first + c for c in range(columns)]
            # The row's streets, in runs of 1-6 blocks.
            c = 0
            while c < columns - 1:
                run = min(rng.randint(1, 6), columns - 1 - c)
                refs, tags = [ids[c]], self.street_tags(rng)
                for k in range(c, c + run):
                    refs += self.bent(writer, corners[k], corners[k + 1], rng.randint(*STREET_BENDS), rng)
                    refs.append(ids[k + 1])
                self.way(ways, refs, tags)
                c += run
            if row == self.rows - 1:
                break
            # The streets north to the next row: their bends now, their ends' ids once this row is done.
            north = [self.corner(row + 1, c) for c in range(columns)]
            vertical = [self.bent(writer, corners[c], north[c], rng.randint(*STREET_BENDS), rng) for c in range(columns)]
            blocks = [self.block(writer, ways, rng, (corners[c], corners[c + 1], north[c], north[c + 1]), ids[c + 1])
                      for c in range(columns - 1)]
            next_row_first = self.node_count + 1
            north_ids = [next_row_first + c for c in range(columns)]
            for c in range(columns):
                if open_columns[c] is None:
                    open_columns[c] = [self.street_tags(rng), [ids[c]], rng.randint(1, 6)]
                street = open_columns[c]
                street[1] += vertical[c] + [north_ids[c]]
                street[2] -= 1
                if street[2] == 0 or row + 1 == self.rows - 1:
                    self.way(ways, street[1], street[0])
                    open_columns[c] = None
            for c, block in enumerate(blocks):
                if block is not None:  # a path from this corner to the opposite one
                    refs, tags = block
                    self.way(ways, [ids[c]] + refs + [north_ids[c + 1]], tags)

    def block(self, writer, ways, rng, corners, south_east):
        """One block's own nodes and ways: a path through it or a service road from its
        south-east corner (node `south_east`), and buildings. Answers the through path's
        bends and tags (its ends are corners whose ids are known later), or None."""
        sw, se, nw, _ = corners
        answer = None
        if rng.random() < THROUGH_BLOCK:
            highway = rng.choices(("footway", "path", "cycleway"), (50, 25, 25))[0]
            answer = (self.bent(writer, sw, corners[3], rng.randint(*THROUGH_BENDS), rng), {"highway": highway})
            slots = ((0.25, 0.75), (0.75, 0.25))  # north-west and south-east, off the path
            buildings = rng.randint(1, 2)
        else:
            if rng.random() < SERVICE:
                refs = [south_east, self.node(writer, se[0] - 20.0, se[1] + 15.0),
                        self.node(writer, se[0] - 35.0, se[1] + 28.0)]
                tags = {"highway": "service", "service": rng.choice(("driveway", "parking_aisle"))}
                private = rng.random() < PRIVATE_SERVICE
                if private:
                    tags["access"] = "private"
                self.way(ways, refs, tags, routable=not private)
            slots = ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75))
            buildings = rng.randint(2, 4)
        for fx, fy in slots[:buildings]:
            cx = sw[0] + fx * (se[0] - sw[0]) + fy * (nw[0] - sw[0])
            cy = sw[1] + fx * (se[1] - sw[1]) + fy * (nw[1] - sw[1])
            half_w, half_h = rng.uniform(4.0, 9.0), rng.uniform(4.0, 8.0)
            outline = [self.node(writer, cx + dx * half_w, cy + dy * half_h)
                       for dx, dy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
            tags = {"building": rng.choice(("yes", "yes", "house", "residential"))}
            if rng.random() < 1 / 3:
                tags["addr:housenumber"] = str(rng.randint(1, 250))
            self.way(ways, outline + outline[:1], tags, routable=False)
        return answer


def varint(data, at):
    """A protobuf varint in data at `at`: (value, where the next field starts)."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def append_data_blocks(source, target):
    """Appends every block of the .osm.pbf `source` but its first (the header) to `target`.
    A PBF file is a header block and then self-contained data blocks, so the ways' blocks
    after the nodes' make the file one writer would have written with both."""
    with open(source, "rb") as ways, open(target, "ab") as out:
        header = ways.read(int.from_bytes(ways.read(4), "big"))  # the first BlobHeader
        if b"OSMHeader" not in header:
            raise ValueError(f"{source} does not start with an OSMHeader block")
        at, size = 0, None
        while at < len(header):
            key, at = varint(header, at)
            if key & 7 == 0:
                value, at = varint(header, at)
                if key >> 3 == 3:  # datasize: the length of the blob that follows
                    size = value
            else:  # length-delimited: the type, the index data
                length, at = varint(header, at)
                at += length
        ways.seek(size, os.SEEK_CUR)
        shutil.copyfileobj(ways, out, 1 << 20)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", help="the .osm.pbf file to write")
    parser.add_argument("--nodes", type=int, required=True, help="about how many nodes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lat", type=float, default=51.5)
    parser.add_argument("--lon", type=float, default=-0.1)
    parser.add_argument("--check", action="store_true", help="read the file back and check it")
    arguments = parser.parse_args()
    if arguments.nodes < 100:
        sys.exit("city_extract: --nodes must be at least 100")
    city = City(arguments.nodes, arguments.seed, arguments.lat, arguments.lon)
    city.write(arguments.out)
    summary = {"nodes": city.node_count, "ways": city.way_count, "routableWays": city.routable,
               "bytes": os.path.getsize(arguments.out), "bounds": city.bounds}
    if arguments.check:
        check(arguments.out, summary, arguments.nodes)
    print(json.dumps(summary))


def check(path, summary, asked):
    """Reads the file back; exits 1 naming the first thing that is not as written."""
    def fail(message):
        sys.exit(f"city_extract --check: {message}")

    nodes = ways = 0
    for item in osmium.FileProcessor(path, osmium.osm.NODE | osmium.osm.WAY):
        if item.is_node():
            if ways or item.id != nodes + 1:
                fail(f"node {item.id} out of order")
            nodes += 1
        else:
            if item.id != ways + 1:
                fail(f"way {item.id} out of order")
            ways += 1
            refs = [n.ref for n in item.nodes]
            if any(ref < 1 or ref > nodes for ref in refs):
                fail(f"way {item.id} names a node that is not in the file")
            if "building" in item.tags and (len(refs) != 5 or refs[0] != refs[-1]):
                fail(f"building {item.id} is not a closed 5-node way")
    if (nodes, ways) != (summary["nodes"], summary["ways"]):
        fail(f"{nodes} nodes and {ways} ways read, {summary['nodes']} and {summary['ways']} written")
    if asked >= 5000 and abs(nodes - asked) > 0.05 * asked:
        fail(f"{nodes} nodes, more than 5 % from the {asked} asked")


if __name__ == "__main__":
    main()
