"""The lookup a connecting user's `hello` makes (`LiveSessions.invitedLobbies`), on SQLite,
without and with migration 008's index `live_members (user_id, status)`.

A synthetic state: 100,000 sessions (all finished but the last 100) and 400,000 members
drawn from 20,000 users, in the tables' shapes (migrations 003); ids are text here, the
plans are what matters. Prints the mean of 200 lookups and SQLite's plan, each way.

    python3 Benchmarks/invited_lobbies.py
"""
import random
import sqlite3
import time

SESSIONS, MEMBERS, USERS, LOOKUPS = 100_000, 400_000, 20_000, 200
QUERY = """
SELECT live_sessions.* FROM live_sessions
JOIN live_members ON live_sessions.id = live_members.session_id
WHERE live_members.user_id = ? AND live_members.status = 'invited'
  AND live_sessions.starts_at IS NULL AND live_sessions.finished_at IS NULL AND live_sessions.created_at >= ?
ORDER BY live_sessions.created_at DESC LIMIT 50
"""

random.seed(1)
db = sqlite3.connect(":memory:")
db.executescript("""
CREATE TABLE live_sessions (id TEXT PRIMARY KEY, host_id TEXT NOT NULL, code TEXT, code_expires_at REAL,
  distance_m REAL NOT NULL, sport TEXT NOT NULL, starts_at REAL, finished_at REAL, invitation_id TEXT UNIQUE,
  results TEXT, created_at REAL);
CREATE TABLE live_members (id TEXT PRIMARY KEY, session_id TEXT NOT NULL REFERENCES live_sessions (id),
  user_id TEXT NOT NULL, status TEXT NOT NULL, final_seconds REAL, run_id TEXT, UNIQUE (session_id, user_id));
""")
now = time.time()
db.executemany("INSERT INTO live_sessions (id, host_id, distance_m, sport, starts_at, finished_at, created_at) VALUES (?, ?, 5000, 'run', ?, ?, ?)",
               ((f"s{n}", f"u{random.randrange(USERS)}", None if n >= SESSIONS - 100 else now - (SESSIONS - n) * 60,
                 None if n >= SESSIONS - 100 else now - (SESSIONS - n) * 60 + 1800, now - (SESSIONS - n) * 60) for n in range(SESSIONS)))
members = {(f"s{n % SESSIONS}", f"u{random.randrange(USERS)}") for n in range(MEMBERS)}
db.executemany("INSERT INTO live_members (id, session_id, user_id, status) VALUES (?, ?, ?, ?)",
               ((f"m{n}", session, user, random.choice(["invited", "finished", "gaveUp"])) for n, (session, user) in enumerate(members)))
db.commit()


def measure(label):
    users = [f"u{random.randrange(USERS)}" for _ in range(LOOKUPS)]
    started = time.perf_counter()
    for user in users:
        db.execute(QUERY, (user, now - 7200)).fetchall()
    mean = (time.perf_counter() - started) / LOOKUPS * 1000
    plan = "; ".join(row[-1] for row in db.execute("EXPLAIN QUERY PLAN " + QUERY, ("u1", now - 7200)))
    print(f"{label}: {mean:.3f} ms a lookup (mean of {LOOKUPS}); plan: {plan}")


print(f"{SESSIONS:,} sessions, {len(members):,} members, {USERS:,} users")
measure("without the index")
db.execute("CREATE INDEX live_members_user_status ON live_members (user_id, status)")
measure("with live_members (user_id, status)")
