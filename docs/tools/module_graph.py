#!/usr/bin/env python3
"""Draws the package's module graph from Package.swift, so the picture in
docs/ARCHITECTURE.md is never drawn by hand and never out of date.

    python3 docs/tools/module_graph.py          # writes docs/module-graph.dot and .svg (needs graphviz)
    python3 docs/tools/module_graph.py --check  # fails when docs/module-graph.dot is not what Package.swift says

Our targets are boxes (libraries white, executables green, the system library grey);
each outside package is one rounded box, whichever of its products a target uses; test
targets are left out (each depends on what it tests and on PacelineTestSupport).
"""
import json
import subprocess
import sys
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
DOT = REPOSITORY / "docs/module-graph.dot"
SVG = REPOSITORY / "docs/module-graph.svg"


def package():
    output = subprocess.run(["swift", "package", "dump-package"], cwd=REPOSITORY, check=True,
                            capture_output=True, text=True).stdout
    return json.loads(output)


def graph(description):
    targets = [t for t in description["targets"] if t["type"] != "test"]
    ours = {t["name"] for t in description["targets"]}
    lines = ["digraph Paceline {", '  rankdir=BT; nodesep=0.25; ranksep=0.5;',
             '  node [shape=box, fontname="Helvetica", fontsize=11, style=filled, fillcolor=white];',
             '  edge [color="#667788"];']
    outside = set()
    edges = set()
    for target in sorted(targets, key=lambda t: t["name"]):
        name = target["name"]
        colour = {"executable": "#d8efe2", "system": "#e4e4e4"}.get(target["type"], "white")
        lines.append(f'  "{name}" [fillcolor="{colour}"];')
        for dependency in target["dependencies"]:
            if "byName" in dependency:
                other = dependency["byName"][0]
            elif "target" in dependency:
                other = dependency["target"][0]
            else:
                other = dependency["product"][1]  # the package
                if other not in ours:
                    outside.add(other)
            edges.add((name, other))
    for name in sorted(outside):
        lines.append(f'  "{name}" [shape=box, style="rounded,filled", fillcolor="#f3f0e6", fontsize=10];')
    lines += [f'  "{a}" -> "{b}";' for a, b in sorted(edges)]
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    dot = graph(package())
    if "--check" in sys.argv:
        if not DOT.exists() or DOT.read_text() != dot:
            sys.exit("docs/module-graph.dot is not what Package.swift says: run python3 docs/tools/module_graph.py")
        return
    DOT.write_text(dot)
    subprocess.run(["dot", "-Tsvg", "-o", str(SVG), str(DOT)], check=True)
    print(f"wrote {DOT.relative_to(REPOSITORY)} and {SVG.relative_to(REPOSITORY)}")


if __name__ == "__main__":
    main()
