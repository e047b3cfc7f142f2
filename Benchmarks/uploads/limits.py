"""Uploads at the limits (issue 35), for Benchmarks/uploads/run.sh.

    python3 limits.py make DIR               writes the files into DIR
    python3 limits.py send BASE PID FILE     uploads FILE; its answer, time and the peak memory
    python3 limits.py both BASE PID A B      uploads A and B at once, asking /health meanwhile

The hostile files are the issue's: a 479 KB gzip of 19,000,000 identical 13-byte FIT
records, 10,000,000 FIT laps, 5,000,000 timer stops each before a record, 1,000,000 GPX
points, and 32 MiB of JSON zeros as `fixes`. Their FIT header says "no CRC" (0), which the
FIT protocol allows, and their file CRC is left 0: a reader past the limits never gets
there. The honest ones are the largest a reader accepts: 500,000 GPX points (gzipped), and
285,000 JSON fixes (just under 2,000,000 tokens).
"""
import datetime
import gzip
import json
import os
import struct
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid

START = datetime.datetime(2024, 1, 1)


def fit(path, size, parts):
    """A gzipped FIT file of `size` bytes of data, written from the byte strings `parts`."""
    with gzip.open(path, "wb", compresslevel=9) as out:
        out.write(bytes([14, 0x20, 0x08, 0x08]) + struct.pack("<I", size) + b".FIT" + b"\x00\x00")
        for part in parts:
            out.write(part)
        out.write(b"\x00\x00")


def repeated(data, count, per_block=20_000):
    block = data * per_block
    for _ in range(count // per_block):
        yield block
    yield data * (count % per_block)


def make(folder):
    record_definition = bytes([0x40, 0, 0, 20, 0, 3, 253, 4, 0x86, 0, 4, 0x85, 1, 4, 0x85])
    record = bytes([0]) + struct.pack("<Iii", 1_100_000_000, 548_000_000, 167_000_000)
    fit(os.path.join(folder, "records.fit.gz"), 15 + 13 * 19_000_000,
        [record_definition, *repeated(record, 19_000_000)])
    lap_definition = bytes([0x41, 0, 0, 19, 0, 3, 2, 4, 0x86, 8, 4, 0x86, 9, 4, 0x86])
    lap = bytes([1]) + struct.pack("<III", 1_100_000_000, 60_000, 100_000)
    fit(os.path.join(folder, "laps.fit.gz"), 30 + 13 + 13 * 10_000_000,
        [record_definition, record, lap_definition, *repeated(lap, 10_000_000)])
    event_definition = bytes([0x41, 0, 0, 21, 0, 3, 253, 4, 0x86, 0, 1, 0x00, 1, 1, 0x00])
    stop = bytes([1]) + struct.pack("<I", 1_100_000_000) + bytes([0, 4])
    fit(os.path.join(folder, "stops.fit.gz"), 30 + 20 * 5_000_000,
        [record_definition, event_definition, *repeated(stop + record, 5_000_000)])
    with gzip.open(os.path.join(folder, "points.gpx.gz"), "wt") as out:
        out.write('<?xml version="1.0"?><gpx version="1.1" creator="bench" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>')
        for k in range(1_000_000):
            out.write('<trkpt lat="46.%06d" lon="14"><time>2023-11-14T22:13:20Z</time></trkpt>' % k)
        out.write("</trkseg></trk></gpx>")
    with open(os.path.join(folder, "zeros.json"), "w") as out:
        out.write('{"fixes":[' + ",".join(["0"] * 16_000_000) + "]}")
    with gzip.open(os.path.join(folder, "honest.gpx.gz"), "wt") as out:
        out.write('<?xml version="1.0"?><gpx version="1.1" creator="bench" xmlns="http://www.topografix.com/GPX/1/1"><trk><type>running</type><trkseg>')
        for k in range(500_000):
            time_text = (START + datetime.timedelta(seconds=k)).strftime("%Y-%m-%dT%H:%M:%SZ")
            out.write('<trkpt lat="%.6f" lon="14"><ele>%d</ele><time>%s</time></trkpt>' % (46 + (k % 20_000) * 3 / 111_195, 300 + k % 50, time_text))
        out.write("</trkseg></trk></gpx>")
    fixes = ('{"time":"%s","latitude":%.6f,"longitude":14}' % ((START + datetime.timedelta(seconds=k)).strftime("%Y-%m-%dT%H:%M:%SZ"),
                                                             46 + (k % 20_000) * 3 / 111_195) for k in range(285_000))
    with open(os.path.join(folder, "honest.json"), "w") as out:
        out.write('{"sport":"run","fixes":[' + ",".join(fixes) + "]}")


def token(base):
    body = json.dumps({"email": f"bench-{uuid.uuid4().hex[:8]}@example.org", "password": "correct horse battery", "displayName": "Bench"})
    request = urllib.request.Request(base + "/api/v1/auth/register", data=body.encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.load(response)["token"]


def peak_megabytes(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) // 1024
    return None


def upload(base, bearer, path):
    kind = "application/json" if path.endswith(".json") else "application/vnd.ant.fit" if ".fit" in path else "application/gpx+xml"
    with open(path, "rb") as file:
        data = file.read()
    request = urllib.request.Request(base + "/api/v1/runs", data=data, headers={"Content-Type": kind, "Authorization": "Bearer " + bearer})
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=300) as response:
            status, code = response.status, None
            response.read()
    except urllib.error.HTTPError as refusal:
        status, code = refusal.code, json.load(refusal).get("error", {}).get("code")
    return len(data), status, code, time.perf_counter() - started


def send(base, pid, path):
    size, status, code, seconds = upload(base, token(base), path)
    print(f"{os.path.basename(path):15} {size / 1024:9,.0f} KB  {status} {code or '':10} {seconds:6.2f} s  peak {peak_megabytes(pid)} MB")


def both(base, pid, first, second):
    bearer = token(base)
    answers = {}
    threads = [threading.Thread(target=lambda p=p: answers.__setitem__(p, upload(base, bearer, p))) for p in (first, second)]
    for thread in threads:
        thread.start()
    waits = []
    while any(thread.is_alive() for thread in threads):
        started = time.perf_counter()
        with urllib.request.urlopen(base + "/api/v1/health", timeout=30) as response:
            response.read()
        waits.append(time.perf_counter() - started)
        time.sleep(0.1)
    for thread in threads:
        thread.join()
    waits.sort()
    names = " and ".join(f"{os.path.basename(p)} ({answers[p][1]}, {answers[p][3]:.2f} s)" for p in (first, second))
    print(f"at once: {names}; /health asked {len(waits)} times, median {waits[len(waits) // 2] * 1000:.0f} ms, "
          f"slowest {waits[-1] * 1000:.0f} ms; peak {peak_megabytes(pid)} MB")


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "make":
        make(sys.argv[2])
    elif command == "send":
        send(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    else:
        both(sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5])
