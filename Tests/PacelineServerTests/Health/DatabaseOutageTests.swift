import Foundation
import PacelineAPI
import PacelineTestSupport
import Testing

/// A database that stops taking writes under a running server: its clients get a 503 with
/// a JSON error and `Retry-After`, `/health` says why, reads go on, and nothing is stored
/// half-way. The database is made read-only or full for real, on every pooled connection
/// (`onEveryConnection`), so the server meets the errors the database itself raises.
@Suite("Database outages")
struct DatabaseOutageTests {
    @Test("a read-only database: reads answer, writes and /health are 503 readOnly, and all is well once it is writable again",
          arguments: TestDatabase.available)
    func readOnly(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            #expect(try await server.upload("gpx/run.gpx", as: ann).status == 201)

            try await server.onEveryConnection(database == .sqlite
                ? "PRAGMA query_only = ON" : "SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY")
            try await Task.sleep(for: .milliseconds(1_100))  // past the probe's 1 s reuse
            let health = try await server.raw(.GET, "/health")
            #expect(health.status == 503)
            #expect(health.json?["status"] as? String == "unavailable")
            #expect(health.json?["writable"] as? Bool == false)
            #expect(health.json?["problem"] as? String == "readOnly")
            #expect(health.headers.contains { $0.0.lowercased() == "retry-after" && $0.1 == "30" })

            #expect(try await ann.client.listRuns().ok.body.json.runs.count == 1)
            let upload = try await server.upload("gpx/run.gpx", as: ann)
            #expect(upload.status == 503)
            #expect(upload.errorCode == "database_unavailable")
            #expect(upload.headers.contains { $0.0.lowercased() == "retry-after" })
            let registration = try await server.raw(.POST, "/auth/register", headers: [("Content-Type", "application/json")],
                                                    body: Data(#"{"email":"bo@example.org","password":"correct horse","displayName":"Bo"}"#.utf8))
            #expect(registration.status == 503 && registration.errorCode == "database_unavailable")

            try await server.onEveryConnection(database == .sqlite
                ? "PRAGMA query_only = OFF" : "SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE")
            try await Task.sleep(for: .milliseconds(1_100))
            let recovered = try await server.raw(.GET, "/health")
            #expect(recovered.status == 200 && recovered.json?["writable"] as? Bool == true && recovered.json?["problem"] == nil)
            #expect(try await ann.client.listRuns().ok.body.json.runs.count == 1)
            #expect(try await server.upload("gpx/run.gpx", as: ann).status == 201)
            #expect(try await ann.client.listRuns().ok.body.json.runs.count == 2)
        }
    }

    @Test("a full database: an upload is 503 and leaves nothing behind", arguments: TestDatabase.available)
    func full(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            switch database {
            case .sqlite:
                // The file may not grow by a page: what a full disk does to SQLite.
                try await server.onEveryConnection("PRAGMA max_page_count = 1")
            case .postgres:
                // PostgreSQL's own disk_full error (53100), raised by the database for every row written.
                try await server.execute("""
                    CREATE OR REPLACE FUNCTION paceline_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = '53100'; END $$
                    """)
                for table in ["runs", "health_probes"] {
                    try await server.execute(
                        "CREATE TRIGGER disk_full BEFORE INSERT OR UPDATE ON \(table) FOR EACH ROW EXECUTE FUNCTION paceline_disk_full()")
                }
            }
            // 24,239 fixes: a track of 330 kB, which no free space inside the file holds.
            let upload = try await server.upload("fit/activity-large-fenxi2-multisport.fit", as: ann)
            #expect(upload.status == 503)
            #expect(upload.errorCode == "database_unavailable")
            #expect((upload.json?["error"] as? [String: Any])?["message"] as? String
                    == "the server's database is full, so nothing can be saved; try again later (the server's operator has been told)")
            if database == .postgres {
                try await Task.sleep(for: .milliseconds(1_100))
                let health = try await server.raw(.GET, "/health")
                #expect(health.status == 503 && health.json?["problem"] as? String == "full")
            }
            #expect(try await ann.client.listRuns().ok.body.json.runs.isEmpty)
            #expect(try await ann.client.getStatistics().ok.body.json.runs == 0)
        }
    }
}
