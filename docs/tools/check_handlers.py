#!/usr/bin/env python3
"""Checks that the REST handlers hold no queries: no file in Sources/PacelineServer/API/
imports Fluent, FluentKit, FluentSQL or SQLKit, except APIHandler.swift, which holds the
`database` (and `reads`) the handlers pass to the services. A handler decodes its input
(text limits, `UTCOffset`, `Paging.limit`, the JSON body), calls one method of its area's
service (`RunBook`, `WorkoutBook`, `RouteBook`, …) and encodes the answer; the queries,
transactions, locks and refusals are the service's, so each use case has one owner, which a
live message or a command can call too (issue 38, item 1).

Swift lets one file call the members of a module another file of its target imports, so a
file without the import could still query: the database's own calls (`query(on:)`,
`save(on:)`, `find(_:on:)`, `.sql`, a transaction or the user's lock) are refused in API/ too.

    python3 docs/tools/check_handlers.py     # exit 1, naming each file, line and import or call
"""
import re
import sys
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
HANDLERS = REPOSITORY / "Sources/PacelineServer/API"
# The one file that may name the database: the handler's `database: any Database`.
HOLDER = "APIHandler.swift"
IMPORT = re.compile(r"^\s*(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
                    r"(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(Fluent|FluentKit|FluentSQL|SQLKit)\b")
CALL = re.compile(r"\.(?:query\(on:|(?:save|create|update|delete|restore|forceDelete)\(on:|find\([^)]*\bon:"
                  r"|sql\b|raw\(|transaction\b|retryingTransaction\b|lockingUser\b)")


def main():
    found = []
    for path in sorted(HANDLERS.rglob("*.swift")):
        relative = path.relative_to(REPOSITORY)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("//", 1)[0]
            if IMPORT.search(code) and path.name != HOLDER:
                found.append(f"{relative}:{number}: imports {IMPORT.search(code).group(1)}: {line.strip()}")
            elif CALL.search(code):
                found.append(f"{relative}:{number}: calls the database: {line.strip()}")
    for line in found:
        print(line, file=sys.stderr)
    if found:
        print(f"{len(found)} database import(s) or call(s) in API/: move the query into the area's service "
              "(a Book beside its models) and call that", file=sys.stderr)
        sys.exit(1)
    print("handlers: no file in API/ queries the database")


if __name__ == "__main__":
    main()
