"""Login timing against a real `paceline serve` (bcrypt cost 10, the default): medians of
16 wrong-password and 16 unknown-email logins, taken in turns (docs/SECURITY.md).

    swift build --product paceline && python3 Benchmarks/login_timing.py .build/debug/paceline
"""
import json, shutil, socket, statistics, subprocess, sys, tempfile, time, urllib.error, urllib.request

binary = sys.argv[1]
folder = tempfile.mkdtemp(prefix="paceline-timing-")
s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
server = subprocess.Popen([binary, "serve", "--port", str(port), "--database", folder + "/t.sqlite"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
base = f"http://127.0.0.1:{port}/api/v1"

def call(path, body):
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(request) as response:
            status = response.status
    except urllib.error.HTTPError as error:
        status = error.code
    return status, time.perf_counter() - start

try:
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/health"); break
        except OSError:
            time.sleep(0.2)
    emails = [f"runner{i}@example.org" for i in range(4)]
    for email in emails:
        assert call("/auth/register", {"email": email, "password": "correct horse battery", "displayName": "R"})[0] == 201
    wrong, unknown = [], []
    for i in range(16):  # 4 accounts × 4 wrong passwords: under the account's 5
        status, seconds = call("/auth/login", {"email": emails[i % 4], "password": "not the password"})
        assert status == 401, status
        wrong.append(seconds)
        status, seconds = call("/auth/login", {"email": f"nobody{i}@example.org", "password": "not the password"})
        assert status == 401, status
        unknown.append(seconds)
    print(f"median wrong password {statistics.median(wrong)*1000:.1f} ms, unknown email {statistics.median(unknown)*1000:.1f} ms "
          f"(ranges {min(wrong)*1000:.0f}–{max(wrong)*1000:.0f} and {min(unknown)*1000:.0f}–{max(unknown)*1000:.0f} ms, 16 each)")
finally:
    server.terminate(); server.wait()
    shutil.rmtree(folder)
