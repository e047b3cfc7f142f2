#!/usr/bin/env python3
"""Writes london.csv.gz, the plaques a new instance starts with, from Open Plaques' London
export of 2016-05-22 (SOURCES.md says where it comes from and under what terms).

It keeps the columns `paceline poi import` reads (id, inscription, position, year, photo,
lead subject and subjects) and the plaques with a position: a plaque without one can't be
discovered. gzip without a name or time, so the same input gives the same bytes.

Run from the repository:
  python3 data/plaques/make_plaques.py open-plaques-london-2016-05-22.csv
"""
import csv
import gzip
import io
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
COLUMNS = ["id", "inscription", "latitude", "longitude", "erected", "main_photo",
           "lead_subject_name", "lead_subject_wikipedia", "subjects"]


def main(source):
    with open(source, newline="", encoding="utf-8") as file:
        rows = [row for row in csv.DictReader(file) if row["latitude"].strip() and row["longitude"].strip()]
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=COLUMNS, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    with open(os.path.join(HERE, "london.csv.gz"), "wb") as out:
        with gzip.GzipFile(filename="", mode="wb", fileobj=out, mtime=0, compresslevel=9) as packed:
            packed.write(text.getvalue().encode("utf-8"))
    print(f"{len(rows)} plaques with a position written to london.csv.gz")


if __name__ == "__main__":
    main(sys.argv[1])
