import Foundation
import PacelineServer
import PacelineTestSupport
import Testing

// One test at a time: `PacelineCLI.run` blocks its thread while the server in this
// process answers, and two at once could leave the server no thread on a 2-core machine.
@Suite("paceline login, upload and import", .serialized)
struct UploadCommandTests {
    @Test("log in, upload real files, and a second upload of the same file makes no new run")
    func uploadTwice() async throws {
        try await withServer { server in
            let address = server.baseURL.absoluteString.replacingOccurrences(of: "/api/v1", with: "")
            _ = try await server.client().register(body: .json(.init(email: "cli@example.org", password: "long password", displayName: "Cli")))
            let login = try PacelineCLI.run(["login", "--server", address, "--email", "cli@example.org"],
                                            environment: ["PACELINE_PASSWORD": "long password"])
            #expect(login.status == 0, "\(login.stderr)")
            let token = login.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(token.count >= 40)

            let files = [Fixtures.track("gpx/run.gpx").path, Fixtures.track("fit/garmin-fenix-5-run.fit").path]
            let first = try PacelineCLI.run(["upload", "--server", address, "--token=\(token)"] + files)
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout.contains("run.gpx: uploaded as run") && first.stdout.contains("3.09 km"))
            let second = try PacelineCLI.run(["upload", "--server", address] + files, environment: ["PACELINE_TOKEN": token])
            #expect(second.status == 0)
            #expect(second.stdout.components(separatedBy: "already uploaded as run").count == 3)

            let bad = try PacelineCLI.run(["upload", "--server", address, "--token=\(token)", Fixtures.track("malformed/activity-unexpected-eof.fit").path])
            #expect(bad.status == 65 && bad.stderr.contains("activity-unexpected-eof.fit: 422 invalid_file"))
            let wrong = try PacelineCLI.run(["login", "--server", address, "--email", "cli@example.org"], environment: ["PACELINE_PASSWORD": "nope"])
            #expect(wrong.status == 77 && wrong.stderr.contains("401 unauthorized"))
            let noServer = try PacelineCLI.run(["upload", "--server", "http://127.0.0.1:9", "--token=\(token)", files[0]])
            #expect(noServer.status == 69 && noServer.stderr.contains("no Paceline server answers at http://127.0.0.1:9"))
        }
    }

    @Test("a login refused for too many wrong passwords says when to try again, and exits 75")
    func throttled() async throws {
        try await withServer { server in
            let address = server.baseURL.absoluteString.replacingOccurrences(of: "/api/v1", with: "")
            _ = try await server.client().register(body: .json(.init(email: "cli@example.org", password: "long password", displayName: "Cli")))
            for _ in 0..<AttemptLimits().passwordsPerAccount.attempts {
                let wrong = try PacelineCLI.run(["login", "--server", address, "--email", "cli@example.org"], environment: ["PACELINE_PASSWORD": "nope"])
                #expect(wrong.status == 77)
            }
            let refused = try PacelineCLI.run(["login", "--server", address, "--email", "cli@example.org"],
                                              environment: ["PACELINE_PASSWORD": "long password"])
            #expect(refused.status == 75)
            #expect(refused.stderr.contains("429 too many wrong passwords for this account; try again in 15 min (Retry-After: "), "\(refused.stderr)")
        }
    }
}
