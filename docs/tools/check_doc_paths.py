#!/usr/bin/env python3
"""Checks that every repository path the docs cite exists: a file or folder named in
backticks in README.md and docs/*.md (`Sources/PacelineCore/Segments/`, `js/views/beacon/beacon.js`,
`Runs/RunUpload.swift`); a folder's name alone (`Runs/`, or `originals/` inside an export) and
patterns (`Migrations/0NN/`) are not checked. A path may be written from the repository's root or from a
folder the docs write from: a module's (`Sources/X/`, `Tests/X/`) or the web app's
(`Public/`), at any depth (`Runs/` is `Sources/PacelineServer/Runs/`). A path exists when git
tracks it (so the check reads a working tree as CI's clean clone does), or when it is a place
the repository ignores because runs write it (`Tests/e2e/screenshots/`).

    python3 docs/tools/check_doc_paths.py     # exit 1, naming each doc, line and path
"""
import re
import subprocess
import sys
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
DOCUMENTS = [REPOSITORY / "README.md", *sorted((REPOSITORY / "docs").glob("*.md"))]
EXTENSIONS = {"swift", "js", "css", "py", "sh", "md", "yaml", "yml", "json", "html", "txt", "dot", "svg", "toml",
              "fit", "gpx", "tcx", "csv", "webmanifest", "cfg"}
CITED = re.compile(r"`([^`\s]+)`")


def looks_like_path(token):
    if "/" not in token or "://" in token or token.startswith(("/", "~", "$", "-")) or any(c in token for c in "{}*<>?=|,;()\"'…"):
        return False
    # A pattern (`Migrations/0NN/`), or one folder's name alone (`originals/` in an export):
    # not a path of this repository to check.
    if "NN" in token or token.count("/") == 1 and token.endswith("/"):
        return False
    if token.endswith("/"):
        return True
    name = token.rsplit("/", 1)[-1]
    return "." in name and name.rsplit(".", 1)[-1] in EXTENSIONS


def bases():
    """The folders the docs write paths from: the root, Public/, and each module's folder."""
    folders = [REPOSITORY, REPOSITORY / "Public"]
    for parent in ("Sources", "Tests", "Benchmarks"):
        folders += [folder for folder in (REPOSITORY / parent).iterdir() if folder.is_dir()]
    return folders


def tracked():
    """Every file git tracks and every folder above one, from the repository's root."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=REPOSITORY, check=True,
                           capture_output=True).stdout.decode().split("\0")
    everything = set()
    for file in filter(None, files):
        parts = file.split("/")
        everything.update("/".join(parts[:i]) for i in range(1, len(parts) + 1))
    return everything


def ignored(path):
    """Whether git ignores the path: a place runs write to (screenshots), not a missing file."""
    return subprocess.run(["git", "check-ignore", "-q", "--no-index", path], cwd=REPOSITORY).returncode == 0


def exists(path, folders, everything):
    folder_cited = path.endswith("/")
    path = path.rstrip("/")
    for folder in folders:
        relative = str(folder.relative_to(REPOSITORY) / path) if folder != REPOSITORY else path
        if relative in everything or ignored(relative + "/" * folder_cited):
            return True
    # Written from a folder deeper in a module (`Runs/RunUpload.swift`): any file or folder whose path ends so.
    return any(known.endswith("/" + path) for known in everything)


def main():
    folders = bases()
    everything = tracked()
    missing = []
    for document in DOCUMENTS:
        for number, line in enumerate(document.read_text(encoding="utf-8").splitlines(), 1):
            for token in CITED.findall(line):
                path = token.split("#", 1)[0].split(":", 1)[0]
                if looks_like_path(path) and not exists(path, folders, everything):
                    missing.append(f"{document.relative_to(REPOSITORY)}:{number}: {token}")
    for line in missing:
        print(line, file=sys.stderr)
    if missing:
        print(f"{len(missing)} path(s) the docs cite do not exist", file=sys.stderr)
        sys.exit(1)
    print(f"doc paths: every path {len(DOCUMENTS)} documents cite exists")


if __name__ == "__main__":
    main()
