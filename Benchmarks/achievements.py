"""Achievement costs on a real server: upload time (which recomputes the uploader's
achievements) and GET /me/achievements, /me/achievements/leaderboard and /feed, as a
user's history grows. Usage: python3 Benchmarks/achievements.py [RUNS] [BINARY]"""
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
BINARY = sys.argv[2] if len(sys.argv) > 2 else ".build/debug/paceline"


def call(base, method, path, body=None, token=None):
    request = urllib.request.Request(base + path, data=json.dumps(body).encode() if body else None, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(request, timeout=120) as response:
        return json.loads(response.read() or b"null")


def fixes(day):
    """2 km north in 2 s steps at 3.3 m/s, one run a day from 2024-01-01."""
    start = 1_704_096_000 + day * 86_400
    return [{"time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(start + 2 * k)),
             "latitude": 55.86 + k * 6.6 / 111_320, "longitude": -4.25} for k in range(304)]


def timed(function, repeat=5):
    best = float("inf")
    for _ in range(repeat):
        begin = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - begin)
    return best * 1000


with tempfile.TemporaryDirectory() as folder:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    server = subprocess.Popen([BINARY, "serve", "--port", str(port), "--database", os.path.join(folder, "bench.sqlite")],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/api/v1"
    try:
        for _ in range(100):
            try:
                call(base, "GET", "/health")
                break
            except OSError:
                time.sleep(0.2)
        users = [call(base, "POST", "/auth/register", {"email": f"u{i}@example.org", "password": "benchmark password",
                                                       "displayName": f"U{i}"}) for i in range(11)]
        token = users[0]["token"]
        for friend in users[1:]:
            call(base, "POST", "/friends/requests", {"userId": friend["profile"]["id"]}, token)
            call(base, "POST", f"/friends/requests/{users[0]['profile']['id']}/accept", token=friend["token"])
        for friend in users[1:]:  # each friend has 50 runs
            for day in range(50):
                call(base, "POST", "/runs", {"fixes": fixes(day)}, friend["token"])
        print(f"| runs | upload (incl. recompute) | GET /me/achievements | leaderboard (me + 10 friends of 50 runs) | feed |")
        print("| ---: | ---: | ---: | ---: | ---: |")
        done = 0
        for target in [10, 100, RUNS]:
            while done < target - 1:
                call(base, "POST", "/runs", {"fixes": fixes(done)}, token)
                done += 1
            upload = timed(lambda: call(base, "POST", "/runs", {"fixes": fixes(done)}, token), repeat=1)
            done += 1
            mine = timed(lambda: call(base, "GET", "/me/achievements", token=token))
            board = timed(lambda: call(base, "GET", "/me/achievements/leaderboard", token=token))
            feed = timed(lambda: call(base, "GET", "/feed?limit=50", token=token))
            print(f"| {done} | {upload:.0f} ms | {mine:.0f} ms | {board:.0f} ms | {feed:.0f} ms |")
    finally:
        server.terminate()
        server.wait()
