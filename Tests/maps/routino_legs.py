"""Routino's shortest routes on an extract: the independent router the route planner is
checked against.

    echo '[[lat1, lon1, lat2, lon2], ...]' | \\
        python3 Tests/maps/routino_legs.py EXTRACT.osm.pbf --transport foot|bicycle [--points]

Prints a JSON list with, for each leg, the length in metres of the shortest route routino
finds from its first point to its second, or null where routino finds none (no way
links them for that transport, or no way near a point). With --points each item is
instead {"metres": m, "points": [[lat, lon], ...]}, the route's every node as routino
writes it (to 6 decimals of routino's own copy, kept to 1/2^26 radian, about 0.1 m: within
2e-6 degrees of the extract's node), so a caller can find the path's nodes and measure it
with its own geodesic.

Routino is Debian's `routino` package (planetsplitter, routino-router, and its
tagging.xml and profiles.xml). When it is missing the script installs it with apt-get
(as root, quietly), or exits with code 3 and one line on stderr saying why it cannot.

How it runs: planetsplitter reads the .osm.pbf directly, once, into a temporary folder,
with --prune-none (by default it would drop groups of ways under 500 m linked to
nothing else, segments under 5 m and nodes within 3 m of a straight line, which changes
the graph the route planner sees); then one routino-router call per leg, as many at a
time as there are cores. Routino's --shortest is not the plain shortest: it divides each
segment's length by the profile's preference for its highway type (residential 90 %,
path 100 %, ...) and by its properties' (bridge, paved, ...); the script sets every
highway the profile allows to 100 % and every property to 50 % (neutral), so the score
is the length alone. Which ways and directions each transport may use stays routino's
own (see README.md beside this file for how that differs from Paceline's rules).

The metres are routino's own sum along the route: `--output-text-all` gives each
segment's length to the metre (routino stores segment lengths as whole metres, rounded
down, measured on a sphere of radius 6378.137 km), which is more precise than any of
its totals (0.01 km in text-all, 0.1 km in the HTML and GPX). Expect about 0-1 m less
than the same path's length per segment, and a different measure than WGS-84's (whose
is 0.2 % longer east-west at 51.5 N, 0.06 % shorter north-south); --points gives what is
needed to measure the path exactly.

Only legs whose ends are on (or near) ways the transport may use are routed as asked:
routino starts from the nearest point of such a way. The router is `routino-router`
(Debian's name) or else `router`.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
from concurrent.futures import ThreadPoolExecutor

UNAVAILABLE = 3
# What routino-router says when it finds no route: no way allowed near a point, none
# linking them, or none at all in the extract for this transport.
NO_ROUTE = ("Cannot find node close to specified point",
            "Cannot find initial section of route compatible with profile",
            "Cannot find final section of route compatible with profile",
            "Cannot find super-route compatible with profile",
            "Cannot find route compatible with profile",
            "Profile is invalid or not compatible with database")


def unavailable(reason):
    print(f"routino_legs: routino is not available: {reason}", file=sys.stderr)
    sys.exit(UNAVAILABLE)


def routino_programs():
    """(planetsplitter, router), installing Debian's routino first when they are missing."""
    def found():
        splitter = shutil.which("planetsplitter")
        router = shutil.which("routino-router") or shutil.which("router")
        return (splitter, router) if splitter and router else None

    if found():
        return found()
    if not shutil.which("apt-get"):
        unavailable("no planetsplitter/routino-router on PATH and no apt-get to install Debian's routino")
    if os.geteuid() != 0:
        unavailable("no planetsplitter/routino-router on PATH; install it with `sudo apt-get install routino`")
    environment = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    install = ["apt-get", "install", "-y", "-qq", "routino"]
    if subprocess.run(install, env=environment, capture_output=True).returncode != 0:
        subprocess.run(["apt-get", "update", "-qq"], env=environment, capture_output=True)
        result = subprocess.run(install, env=environment, capture_output=True, text=True)
        if result.returncode != 0:
            lines = [line for line in result.stderr.splitlines() if line.strip()]
            unavailable("apt-get install routino failed: " + (lines[-1] if lines else f"exit {result.returncode}"))
    return found() or unavailable("apt-get installed routino but its programs are not on PATH")


def neutral_preferences(router, transport):
    """Router options that make --shortest minimise length alone for the transport's profile."""
    result = subprocess.run([router, "--help-profile-xml"], capture_output=True, text=True)
    text = result.stdout[result.stdout.find("<?xml"):]
    profile = next((p for p in ElementTree.fromstring(text).iter("profile")
                    if p.get("name") == transport), None)
    if profile is None:
        sys.exit(f"routino_legs: routino has no profile named {transport!r}")
    options = [f"--highway-{p.get('highway')}=100" for p in profile.iter("preference")
               if float(p.get("percent")) > 0]
    options += [f"--property-{p.get('type')}=50" for p in profile.iter("property")]
    return options


def build_database(splitter, extract, folder):
    """Runs planetsplitter on the extract into folder, keeping every way and node."""
    source = os.path.join(folder, "extract.osm.pbf")  # planetsplitter reads by the name's ending
    os.symlink(os.path.abspath(extract), source)
    result = subprocess.run([splitter, f"--dir={folder}", "--prune-none", "--loggable", source],
                            capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"routino_legs: planetsplitter failed (exit {result.returncode}): {result.stderr.strip()[-500:]}")


def route(router, folder, transport, preferences, leg):
    """(metres, points) of routino's shortest route for one leg, or None when it finds none."""
    lat1, lon1, lat2, lon2 = (float(value) for value in leg)
    command = [router, f"--dir={folder}", f"--transport={transport}", "--shortest", *preferences,
               "--output-text-all", "--output-stdout",
               f"--lat1={lat1:.7f}", f"--lon1={lon1:.7f}", f"--lat2={lat2:.7f}", f"--lon2={lon2:.7f}"]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        if any(reason in result.stderr for reason in NO_ROUTE):
            return None
        raise RuntimeError(f"routino-router failed (exit {result.returncode}): {result.stderr.strip()[-500:]}")
    metres, points = 0, []
    for line in result.stdout.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        fields = line.split("\t")
        points.append([float(fields[0]), float(fields[1])])
        metres += round(float(fields[4]) * 1000)  # the segment's length, in km to the metre
    return metres, points


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("extract", help="an .osm.pbf file")
    parser.add_argument("--transport", choices=("foot", "bicycle"), required=True)
    parser.add_argument("--points", action="store_true", help="give each route's points too")
    arguments = parser.parse_args()
    legs = json.load(sys.stdin)
    if not isinstance(legs, list) or any(not isinstance(leg, list) or len(leg) != 4 for leg in legs):
        sys.exit("routino_legs: stdin must be a JSON list of [lat1, lon1, lat2, lon2]")
    if not os.path.isfile(arguments.extract):
        sys.exit(f"routino_legs: no such file: {arguments.extract}")

    splitter, router = routino_programs()
    preferences = neutral_preferences(router, arguments.transport)
    with tempfile.TemporaryDirectory(prefix="routino-legs-") as folder:
        build_database(splitter, arguments.extract, folder)
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            routes = list(pool.map(lambda leg: route(router, folder, arguments.transport, preferences, leg), legs))
    if arguments.points:
        answer = [None if r is None else {"metres": r[0], "points": r[1]} for r in routes]
    else:
        answer = [None if r is None else r[0] for r in routes]
    print(json.dumps(answer))


if __name__ == "__main__":
    main()
