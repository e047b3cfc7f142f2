"""Paceline's access rules for the route planner, written out in Python: which ways a
walker or a cyclist may use, and in which direction. They are the Swift importer's
rules, kept here so the test town can be checked against them without building Swift.

    from paceline_rules import directions
    directions({"highway": "residential", "oneway": "yes"}, "bicycle")  # "forward"
    directions({"highway": "residential", "oneway": "yes"}, "foot")     # "both"
    directions({"highway": "motorway"}, "foot")                         # None

`directions(tags, mode)` answers None (the mode may not use the way), "both",
"forward" (only in the order of the way's nodes) or "backward". The rules:

- walkable highways: footway, path, pedestrian, steps, living_street, residential,
  service, unclassified, tertiary(_link), secondary(_link), primary(_link), track,
  bridleway, cycleway; bikeable: cycleway, path, residential, living_street, service,
  unclassified, tertiary(_link), secondary(_link), primary(_link), track;
- trunk and motorway (and their links): nobody, unless foot=yes / bicycle=yes;
- access=no|private removes a way, unless foot= / bicycle= yes|designated|permissive;
- foot=no removes it for walkers, bicycle=no|dismount for cyclists;
- oneway=yes|true|1 and junction=roundabout make it one-way for cyclists only
  (oneway=-1 the other way); oneway:bicycle=no or cycleway=opposite* lifts that;
  walkers ignore oneway.
"""
MODES = ("foot", "bicycle")
WALKABLE = {"footway", "path", "pedestrian", "steps", "living_street", "residential", "service",
            "unclassified", "tertiary", "tertiary_link", "secondary", "secondary_link", "primary",
            "primary_link", "track", "bridleway", "cycleway"}
BIKEABLE = {"cycleway", "path", "residential", "living_street", "service", "unclassified", "tertiary",
            "tertiary_link", "secondary", "secondary_link", "primary", "primary_link", "track"}
ONLY_WHEN_SAID = {"trunk", "trunk_link", "motorway", "motorway_link"}
LIFTS_ACCESS = {"yes", "designated", "permissive"}
REMOVED = {"foot": {"no"}, "bicycle": {"no", "dismount"}}


def allowed(tags, mode):
    """Whether the mode ("foot" or "bicycle") may use a way with these tags at all."""
    highway = tags.get("highway")
    own = tags.get(mode)
    if highway in ONLY_WHEN_SAID:
        if own != "yes":
            return False
    elif highway not in (WALKABLE if mode == "foot" else BIKEABLE):
        return False
    if tags.get("access") in ("no", "private") and own not in LIFTS_ACCESS:
        return False
    return own not in REMOVED[mode]


def directions(tags, mode):
    """None, "both", "forward" or "backward": how the mode may travel along the way."""
    if not allowed(tags, mode):
        return None
    if mode == "foot":
        return "both"
    if tags.get("oneway:bicycle") == "no" or tags.get("cycleway", "").startswith("opposite"):
        return "both"
    oneway = tags.get("oneway")
    if oneway in ("yes", "true", "1") or tags.get("junction") == "roundabout":
        return "forward"
    if oneway == "-1":
        return "backward"
    return "both"
