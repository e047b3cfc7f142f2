#!/usr/bin/env python3
"""Writes the example missions (data/missions/*.geojson) from the waypoint tables below.

Each route's line joins real places along the way (towns, locks, forts, landmarks) in
order; SOURCES.md says where the coordinates come from and how far the straight lines
between them fall short of the real path. A waypoint marked STAGE ends a stage there.

Run from the repository: python3 data/missions/make_missions.py
"""
import json
import math
import os

STAGE = True
SHAPE = False

HERE = os.path.dirname(os.path.abspath(__file__))
COMMONS = "https://commons.wikimedia.org/wiki/Special:FilePath/"
PAGE = "https://commons.wikimedia.org/wiki/File:"
CREDIT = "Wikimedia Commons contributors (see the file page for author and licence; not verified offline)"


def photo(file_name):
    name = file_name.replace(" ", "_")
    return {"url": COMMONS + name + "?width=800", "attribution": CREDIT, "page": PAGE + name}


def metres(a, b):
    """Haversine on the mean radius: only for choosing medal times and for SOURCES.md."""
    lat1, lon1, lat2, lon2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * 6371008.8 * math.asin(math.sqrt(h))


def route_feature(key, name, order, points):
    length = sum(metres(points[i - 1][1], points[i][1]) for i in range(1, len(points)))
    km = length / 1000
    # Medal times: 3 km a day for gold, 1.5 for silver, 0.75 for bronze (rounded up).
    days = {"gold": math.ceil(km / 3), "silver": math.ceil(km / 1.5), "bronze": math.ceil(km / 0.75)}
    line = [[round(lon, 5), round(lat, 5)] for _, (lat, lon), *_ in points]
    return length, {
        "type": "Feature",
        "geometry": {"type": "LineString", "coordinates": line},
        "properties": {"kind": "route", "id": key, "name": name, "order": order, "medalDays": days},
    }


def stage_features(key, points):
    features = []
    for place, (lat, lon), kind, *rest in points[1:]:
        if kind is not STAGE:
            continue
        properties = {"kind": "stage", "route": key, "name": place}
        if rest:
            properties["photo"] = photo(rest[0])
        features.append({"type": "Feature", "geometry": {"type": "Point", "coordinates": [round(lon, 5), round(lat, 5)]},
                         "properties": properties})
    return features


def write(mission, routes):
    features, summary = [], []
    for order, (key, name, points) in enumerate(routes, start=1):
        length, feature = route_feature(key, name, order, points)
        features.append(feature)
        features.extend(stage_features(key, points))
        summary.append(f"{name}: {length / 1000:.1f} km")
    path = os.path.join(HERE, mission["id"] + ".geojson")
    with open(path, "w", encoding="utf-8") as file:
        json.dump({"type": "FeatureCollection", "mission": mission, "features": features}, file, ensure_ascii=False, indent=1)
        file.write("\n")
    print(path, "; ".join(summary))


OSM = "Waypoints: positions of named places (Wikipedia / OpenStreetMap), joined by straight lines; see data/missions/SOURCES.md."

# (place, (latitude, longitude), STAGE or SHAPE, optional Commons file name of the stage photo)
FORTH_AND_CLYDE = [
    ("Spiers Wharf, Glasgow", (55.8720, -4.2573), SHAPE),
    ("Firhill", (55.8800, -4.2690), SHAPE),
    ("Stockingfield Junction", (55.8925, -4.2890), STAGE, "Stockingfield Junction.jpg"),
    ("Lambhill Stables", (55.8985, -4.2700), SHAPE),
    ("Cadder", (55.9160, -4.2030), STAGE, "Forth and Clyde Canal at Cadder.jpg"),
    ("Kirkintilloch", (55.9368, -4.1568), STAGE, "Kirkintilloch, Forth and Clyde Canal.jpg"),
    ("Twechar", (55.9520, -4.0850), STAGE, "Twechar.jpg"),
    ("Auchinstarry Marina", (55.9690, -4.0520), STAGE, "Auchinstarry Marina.jpg"),
    ("Craigmarloch", (55.9760, -4.0230), SHAPE),
    ("Castlecary", (55.9830, -3.9640), STAGE, "Castlecary Viaduct.jpg"),
    ("Bonnybridge", (55.9985, -3.8880), STAGE, "Bonnybridge, Forth and Clyde Canal.jpg"),
    ("Falkirk Wheel", (56.0000, -3.8410), STAGE, "Falkirk Wheel.jpg"),
]
UNION_CANAL = [
    ("Falkirk Wheel", (56.0000, -3.8410), SHAPE),
    ("Roughcastle Tunnel", (55.9960, -3.8400), SHAPE),
    ("Tamfourhill", (55.9920, -3.8170), SHAPE),
    ("Falkirk Tunnel", (55.9935, -3.7900), STAGE, "Falkirk Tunnel, Union Canal.jpg"),
    ("Polmont", (55.9830, -3.7100), STAGE, "Union Canal at Polmont.jpg"),
    ("Avon Aqueduct", (55.9660, -3.6410), STAGE, "Avon Aqueduct.jpg"),
    ("Linlithgow Canal Basin", (55.9745, -3.6010), STAGE, "Linlithgow Canal Centre.jpg"),
    ("Philpstoun", (55.9720, -3.5200), STAGE, "Union Canal at Philpstoun.jpg"),
    ("Winchburgh", (55.9570, -3.4640), STAGE, "Union Canal, Winchburgh.jpg"),
    ("Broxburn", (55.9355, -3.4700), SHAPE),
    ("Ratho", (55.9225, -3.3840), STAGE, "Bridge Inn, Ratho.jpg"),
    ("Hermiston", (55.9195, -3.3190), STAGE, "Union Canal at Hermiston.jpg"),
    ("Slateford Aqueduct", (55.9265, -3.2565), STAGE, "Slateford Aqueduct.jpg"),
    ("Edinburgh Quay", (55.9440, -3.2070), STAGE, "Edinburgh Quay.jpg"),
]

WHW_SOUTH = [
    ("Milngavie", (55.9423, -4.3141), SHAPE),
    ("Mugdock Wood", (55.9600, -4.3220), SHAPE),
    ("Carbeth", (55.9830, -4.3480), STAGE, "Carbeth Loch.jpg"),
    ("Dumgoyach", (56.0030, -4.3640), SHAPE),
    ("Gartness", (56.0440, -4.3890), STAGE, "Gartness.jpg"),
    ("Drymen", (56.0650, -4.4510), STAGE, "Drymen.jpg"),
    ("Garadhban Forest", (56.0780, -4.5020), SHAPE),
    ("Conic Hill", (56.0960, -4.5320), STAGE, "Conic Hill.jpg"),
    ("Balmaha", (56.0840, -4.5400), SHAPE),
    ("Milarrochy Bay", (56.0990, -4.5640), SHAPE),
    ("Sallochy", (56.1170, -4.5790), STAGE, "Loch Lomond from Sallochy.jpg"),
    ("Rowardennan", (56.1530, -4.6430), STAGE, "Rowardennan.jpg"),
    ("Inversnaid", (56.2420, -4.6890), STAGE, "Inversnaid Falls.jpg"),
    ("Ardleish", (56.3060, -4.7150), SHAPE),
    ("Inverarnan", (56.3290, -4.7200), STAGE, "Drovers Inn, Inverarnan.jpg"),
]
WHW_NORTH = [
    ("Inverarnan", (56.3290, -4.7200), SHAPE),
    ("Derrydaroch", (56.3720, -4.6740), SHAPE),
    ("Crianlarich", (56.3900, -4.6250), STAGE, "Crianlarich.jpg"),
    ("St Fillan's Priory", (56.4080, -4.6710), SHAPE),
    ("Tyndrum", (56.4350, -4.7100), STAGE, "Tyndrum.jpg"),
    ("Bridge of Orchy", (56.5160, -4.7680), STAGE, "Bridge of Orchy.jpg"),
    ("Inveroran", (56.5395, -4.8130), STAGE, "Inveroran Hotel.jpg"),
    ("Bà Bridge", (56.6030, -4.7830), STAGE, "Ba Bridge, Rannoch Moor.jpg"),
    ("Kingshouse", (56.6480, -4.8440), STAGE, "Kings House Hotel.jpg"),
    ("Altnafeadh", (56.6650, -4.9230), STAGE, "Altnafeadh.jpg"),
    ("Devil's Staircase", (56.6760, -4.9180), SHAPE),
    ("Kinlochleven", (56.7130, -4.9650), STAGE, "Kinlochleven.jpg"),
    ("Tigh-na-sleubhaich", (56.7400, -5.0200), SHAPE),
    ("Blàr a' Chaorainn", (56.7700, -5.0750), STAGE, "Blar a' Chaorainn.jpg"),
    ("Dun Deardail", (56.7950, -5.0900), SHAPE),
    ("Fort William", (56.8195, -5.1110), STAGE, "West Highland Way end, Fort William.jpg"),
]

WALL_EAST = [
    ("Segedunum, Wallsend", (54.9880, -1.5330), SHAPE),
    ("Newcastle Quayside", (54.9690, -1.6010), STAGE, "Gateshead Millennium Bridge.jpg"),
    ("Elswick", (54.9640, -1.6450), SHAPE),
    ("Newburn", (54.9840, -1.7430), STAGE, "Newburn Bridge.jpg"),
    ("Heddon-on-the-Wall", (54.9965, -1.7930), STAGE, "Hadrian's Wall at Heddon-on-the-Wall.jpg"),
    ("Harlow Hill", (55.0180, -1.9130), STAGE, "Whittle Dene Reservoirs.jpg"),
    ("Port Gate", (55.0210, -2.0240), STAGE, "Port Gate, Hadrian's Wall.jpg"),
    ("Chollerford", (55.0290, -2.1180), STAGE, "Chesters Roman Fort.jpg"),
]
WALL_WEST = [
    ("Chollerford", (55.0290, -2.1180), SHAPE),
    ("Brocolitia", (55.0350, -2.2230), STAGE, "Temple of Mithras, Carrawburgh.jpg"),
    ("Housesteads", (55.0130, -2.3310), STAGE, "Housesteads Roman Fort.jpg"),
    ("Sycamore Gap", (55.0030, -2.3720), SHAPE),
    ("Steel Rigg", (54.9980, -2.3890), STAGE, "Sycamore Gap.jpg"),
    ("Cawfields", (54.9925, -2.4500), STAGE, "Cawfields Quarry.jpg"),
    ("Walltown", (54.9865, -2.5210), STAGE, "Walltown Crags.jpg"),
    ("Gilsland", (54.9915, -2.5790), STAGE, "Poltross Burn Milecastle.jpg"),
    ("Birdoswald", (54.9895, -2.6015), SHAPE),
    ("Banks", (54.9760, -2.6570), SHAPE),
    ("Walton", (54.9710, -2.7650), STAGE, "Walton, Cumbria.jpg"),
    ("Crosby-on-Eden", (54.9380, -2.8400), STAGE, "Crosby-on-Eden.jpg"),
    ("Carlisle", (54.8960, -2.9380), STAGE, "Carlisle Castle.jpg"),
    ("Grinsdale", (54.9090, -2.9970), SHAPE),
    ("Burgh by Sands", (54.9225, -3.0490), STAGE, "St Michael's Church, Burgh by Sands.jpg"),
    ("Drumburgh", (54.9270, -3.1450), STAGE, "Drumburgh Castle.jpg"),
    ("Port Carlisle", (54.9460, -3.1880), SHAPE),
    ("Bowness-on-Solway", (54.9530, -3.2120), STAGE, "Bowness-on-Solway.jpg"),
]

if __name__ == "__main__":
    write({"id": "scotland-canals", "name": "Glasgow → Edinburgh by canal",
           "summary": "From Glasgow's Spiers Wharf along the Forth & Clyde Canal to the Falkirk Wheel, then the Union Canal to Edinburgh Quay.",
           "attribution": OSM},
          [("forth-clyde", "Forth & Clyde Canal", FORTH_AND_CLYDE), ("union", "Union Canal", UNION_CANAL)])
    write({"id": "west-highland-way", "name": "West Highland Way",
           "summary": "Scotland's first long-distance path: Milngavie by Loch Lomond and Rannoch Moor to Fort William.",
           "attribution": OSM},
          [("whw-south", "Milngavie to Inverarnan", WHW_SOUTH), ("whw-north", "Inverarnan to Fort William", WHW_NORTH)])
    write({"id": "hadrians-wall", "name": "Hadrian's Wall Path",
           "summary": "Coast to coast along the Roman wall: Wallsend on the Tyne to Bowness-on-Solway.",
           "attribution": OSM},
          [("wall-east", "Wallsend to Chollerford", WALL_EAST), ("wall-west", "Chollerford to Bowness-on-Solway", WALL_WEST)])
