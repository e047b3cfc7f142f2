"""Counts the SQL statements one GET /me/achievements/leaderboard runs (LOG_LEVEL=debug logs
each), as the user gains friends (2 to 11 members, each with 3 runs).

    swift build --product paceline && python3 Benchmarks/leaderboard_queries.py .build/debug/paceline
"""
import json, os, socket, subprocess, sys, tempfile, time, urllib.request
BINARY = sys.argv[1]

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

with tempfile.TemporaryDirectory() as folder:
    s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
    log = open(os.path.join(folder, "log"), "w+")
    server = subprocess.Popen([BINARY, "serve", "--port", str(port), "--database", os.path.join(folder, "q.sqlite")],
                              stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "LOG_LEVEL": "debug"})
    base = f"http://127.0.0.1:{port}/api/v1"
    try:
        for _ in range(100):
            try: call(base, "GET", "/health"); break
            except OSError: time.sleep(0.2)
        users = [call(base, "POST", "/auth/register", {"email": f"u{i}@example.org", "password": "benchmark password", "displayName": f"U{i}"}) for i in range(11)]
        token = users[0]["token"]
        counts = []
        for n, friend in enumerate(users[1:], start=1):
            call(base, "POST", "/friends/requests", {"userId": friend["profile"]["id"]}, token)
            call(base, "POST", f"/friends/requests/{users[0]['profile']['id']}/accept", token=friend["token"])
            for day in range(3): call(base, "POST", "/runs", {"fixes": fixes(day)}, friend["token"])
            time.sleep(0.3)
            log.flush(); before = open(log.name).read().count("\n")
            call(base, "GET", "/me/achievements/leaderboard", token=token)
            time.sleep(0.3)
            lines = open(log.name).read().splitlines()[before:]
            counts.append((n + 1, sum(1 for l in lines if "Executing query" in l)))
        print("members, SQL statements per leaderboard:", counts)
        print("\n".join(l.split("sql: ")[-1][:160] for l in lines if "Executing query" in l))
    finally:
        server.terminate(); server.wait()
