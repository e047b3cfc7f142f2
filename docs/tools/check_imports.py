#!/usr/bin/env python3
"""Checks what docs/ARCHITECTURE.md promises of Package.swift: every module a target's
sources import is one the target declares (a target or a product it depends on), or the
toolchain's own (Foundation, Testing, …). A module that only comes along with another
package builds today and breaks the day that package stops bringing it.

    python3 docs/tools/check_imports.py     # exit 1, naming each target, module and file
"""
import re
import sys
from pathlib import Path

from module_graph import package  # Package.swift as `swift package dump-package` says it

REPOSITORY = Path(__file__).resolve().parents[2]
# The toolchain's modules: no package provides them.
TOOLCHAIN = {"Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Dispatch", "Glibc",
             "Musl", "Darwin", "Android", "Testing", "XCTest", "Synchronization", "Observation", "RegexBuilder",
             "_Concurrency", "_StringProcessing", "os", "Swift"}
# Multi-line string literals (Python snippets for the peer readers import modules too).
LITERAL = re.compile(r'#*"""[\s\S]*?"""#*')
IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
                    r"(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_]\w*)", re.MULTILINE)


def declared(target):
    names = {target["name"]}
    for dependency in target["dependencies"]:
        kind = next(iter(dependency))
        names.add(dependency[kind][0])  # byName, target or product: its name is the module's
    return names


def folder(target):
    if target.get("path"):
        return REPOSITORY / target["path"]
    return REPOSITORY / ("Tests" if target["type"] == "test" else "Sources") / target["name"]


def problems(description):
    found = []
    for target in description["targets"]:
        if target["type"] in ("system", "plugin", "binary"):
            continue
        allowed = declared(target) | TOOLCHAIN
        for source in sorted(folder(target).rglob("*.swift")):
            for module in IMPORT.findall(LITERAL.sub("", source.read_text(encoding="utf-8"))):
                if module not in allowed:
                    found.append(f"{target['name']} imports {module} without declaring it "
                                 f"({source.relative_to(REPOSITORY)})")
    return sorted(set(found))


def main():
    found = problems(package())
    for line in found:
        print(line, file=sys.stderr)
    if found:
        print(f"{len(found)} undeclared import(s): add each module to its target's dependencies in Package.swift",
              file=sys.stderr)
        sys.exit(1)
    print("imports: every target declares what it imports")


if __name__ == "__main__":
    main()
