"""A/B: the achievements benchmark's state (a user with 10 friends of 50 runs; 10, 100, 1000
runs of their own), two servers (before, after) on the same SQLite file, reads alternated:
the median (best) of 15 of each read.

    python3 Benchmarks/leaderboard_ab.py BEFORE_BINARY AFTER_BINARY [RUNS]
"""
import json, os, socket, statistics, subprocess, sys, tempfile, time, urllib.request
A, B = sys.argv[1], sys.argv[2]
RUNS = int(sys.argv[3]) if len(sys.argv) > 3 else 1000

def call(base, method, path, body=None, token=None):
    r = urllib.request.Request(base + path, data=json.dumps(body).encode() if body else None, method=method)
    r.add_header("Content-Type", "application/json")
    if token: r.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(r, timeout=120) as resp:
        return json.loads(resp.read() or b"null")

def fixes(day):
    start = 1_704_096_000 + day * 86_400
    return [{"time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(start + 2 * k)),
             "latitude": 55.86 + k * 6.6 / 111_320, "longitude": -4.25} for k in range(304)]

def start(binary, db):
    s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
    p = subprocess.Popen([binary, "serve", "--port", str(port), "--database", db], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/api/v1"
    for _ in range(100):
        try: call(base, "GET", "/health"); break
        except OSError: time.sleep(0.2)
    return p, base

def once(f):
    t = time.perf_counter(); f(); return (time.perf_counter() - t) * 1000

with tempfile.TemporaryDirectory() as folder:
    db = os.path.join(folder, "ab.sqlite")
    pa, a = start(A, db)
    pb, b = start(B, db)
    try:
        users = [call(a, "POST", "/auth/register", {"email": f"u{i}@example.org", "password": "benchmark password", "displayName": f"U{i}"}) for i in range(11)]
        token = users[0]["token"]
        for friend in users[1:]:
            call(a, "POST", "/friends/requests", {"userId": friend["profile"]["id"]}, token)
            call(a, "POST", f"/friends/requests/{users[0]['profile']['id']}/accept", token=friend["token"])
        for friend in users[1:]:
            for day in range(50): call(a, "POST", "/runs", {"fixes": fixes(day)}, friend["token"])
        print("| runs | leaderboard before (median, best of 15) | after | GET /me/achievements before | after |")
        print("| ---: | ---: | ---: | ---: | ---: |")
        done = 0
        for target in [10, 100, RUNS]:
            while done < target:
                call(a, "POST", "/runs", {"fixes": fixes(done)}, token); done += 1
            for base in (a, b):  # warm up
                call(base, "GET", "/me/achievements/leaderboard", token=token); call(base, "GET", "/me/achievements", token=token)
            t = {k: [] for k in ("la", "lb", "ma", "mb")}
            for _ in range(15):
                t["la"].append(once(lambda: call(a, "GET", "/me/achievements/leaderboard", token=token)))
                t["lb"].append(once(lambda: call(b, "GET", "/me/achievements/leaderboard", token=token)))
                t["ma"].append(once(lambda: call(a, "GET", "/me/achievements", token=token)))
                t["mb"].append(once(lambda: call(b, "GET", "/me/achievements", token=token)))
            boards = [call(base, "GET", "/me/achievements/leaderboard", token=token) for base in (a, b)]
            assert boards[0] == boards[1], "the same board from both"
            f = lambda xs: f"{statistics.median(xs):.0f} ms ({min(xs):.0f})"
            print(f"| {done} | {f(t['la'])} | {f(t['lb'])} | {f(t['ma'])} | {f(t['mb'])} |", flush=True)
    finally:
        for p in (pa, pb): p.terminate(); p.wait()
