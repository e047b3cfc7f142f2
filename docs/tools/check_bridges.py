#!/usr/bin/env python3
"""Checks that no enum is made from another enum's raw value (`Sport(rawValue: sport.rawValue)`,
`.init(rawValue: kind.rawValue) ?? .stage`) anywhere in Sources/: one concept has one type from
the database to both wires, and where the API has an enum of its own (a concept the core does
not hold), it meets the server's in one place, Sources/PacelineServer/API/DomainEnums+Schema.swift,
with switches that are exhaustive both ways (a case added to one side fails the build there,
where a raw-value bridge would compile and fall back, or trap, at run time).

    python3 docs/tools/check_bridges.py     # exit 1, naming each file, line and bridge
"""
import re
import sys
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
BRIDGE = re.compile(r"rawValue:\s*[^()]*?\.rawValue\b")
# Not the domain's concepts but two libraries' names for one standard's: allowed, with why.
LIBRARIES = {
    "Sources/PacelineServer/HTTP/APITransport.swift": "an HTTP method, as HTTPTypes and Vapor each spell it",
}


def main():
    found = []
    for path in sorted((REPOSITORY / "Sources").rglob("*.swift")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if BRIDGE.search(line) and str(path.relative_to(REPOSITORY)) not in LIBRARIES:
                found.append(f"{path.relative_to(REPOSITORY)}:{number}: {line.strip()}")
    for line in found:
        print(line, file=sys.stderr)
    if found:
        print(f"{len(found)} enum(s) made from another's raw value: use the one type, or a switch in "
              "DomainEnums+Schema.swift", file=sys.stderr)
        sys.exit(1)
    print("bridges: no enum is made from another's raw value")


if __name__ == "__main__":
    main()
