import Foundation
import PacelineAPI
import PacelineArchives
import PacelineCore
import PacelineTestSupport
import Testing

/// A run's original holds everything its owner recorded, inside their privacy zones too:
/// no one else gets any of it, by any route.
@Suite("Originals are their owner's alone")
struct OriginalPrivacyTests {
    /// The first position of run.gpx as the file writes it: to the 14th decimal, where the
    /// server keeps 1e-7°, so only the original itself holds this text.
    static let firstPosition = Data(#"<trkpt lon="-77.02016168273985" lat="38.92747367732227">"#.utf8)

    @Test("a friend, a stranger and no one get nothing of a run's original: not its endpoint, their export, the run's documents or share pages",
          arguments: TestDatabase.available)
    func othersGetNothing(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let bo = try await server.newUser("Bo"), cy = try await server.newUser("Cy")
            try await server.befriend(ann, bo)
            // Ann's home is where run.gpx starts.
            _ = try await ann.client.putPrivacyZones(body: .json(.init(zones: [.init(latitude: 38.927473, longitude: -77.020161, radiusMeters: 500)]))).ok
            let gpx = try Data(contentsOf: Fixtures.track("gpx/run.gpx")), fit = try Data(contentsOf: Fixtures.track("fit/garmin-fenix-5-run.fit"))
            #expect(gpx.range(of: Self.firstPosition) != nil)
            let open = try #require(try await server.upload("gpx/run.gpx", as: ann).json?["id"] as? String)
            let friends = try #require(try await server.upload("fit/garmin-fenix-5-run.fit", as: ann, query: "?privacy=friends").json?["id"] as? String)
            // They exist, and Ann has them.
            #expect(try await Self.original(of: open, server, token: ann.token).body == gpx)
            #expect(try await Self.original(of: friends, server, token: ann.token).body == fit)

            for (who, token) in [("friend", bo.token), ("stranger", cy.token), ("no one", nil)] as [(String, String?)] {
                for (id, file) in [(open, gpx), (friends, fit)] {
                    for gzip in [false, true] {
                        let answer = try await Self.original(of: id, server, token: token, gzip: gzip)
                        #expect(answer.status == 404 && answer.errorCode == "not_found", "\(who), \(id): \(answer.status)")
                        #expect(answer.body.range(of: file.prefix(64)) == nil && answer.body.count < 200, "\(who)")
                    }
                }
                // What others may read of the public run holds nothing only the original has.
                let documents = ["/runs/\(open)", "/runs/\(open)/track", "/runs/\(open)/series", "/runs/\(open)/export?format=gpx",
                                 "/runs/\(open)/export?format=tcx", "/runs/\(open)/export?format=fit"]
                for path in documents {
                    let answer = try await server.raw(.GET, path, token: token)
                    #expect(answer.status == 200, "\(who) \(path)")
                    #expect(answer.body != gpx && answer.body.range(of: Self.firstPosition) == nil, "\(who) \(path)")
                    #expect(answer.body.range(of: Data("38.92747367".utf8)) == nil, "\(who) \(path): the original's precision")
                }
                for path in ["/share/runs/\(open)", "/share/runs/\(open)/map.svg", "/share/runs/\(open)/map.png"] {
                    let answer = try await server.raw(.GET, path, token: token, underAPI: false)
                    #expect(answer.status == 200, "\(who) \(path)")
                    #expect(answer.body != gpx && answer.body.range(of: Data("38.92747367".utf8)) == nil, "\(who) \(path)")
                }
            }
            // Each one's export holds their own originals only: Bo's and Cy's none of Ann's.
            for user in [bo, cy] {
                let files = try await Self.export(of: user, server)
                #expect(!files.keys.contains { $0.hasPrefix("originals/") })
                let listing = try JSONSerialization.jsonObject(with: try #require(files["originals.json"])) as? [Any]
                #expect(listing?.isEmpty == true)
                for (path, bytes) in files {
                    #expect(bytes != gpx && bytes != fit && bytes.range(of: Self.firstPosition) == nil, "\(path)")
                }
            }
        }
    }

    @Test("the same file uploaded by two users is kept for each: neither's upload, deletion or account touches the other's",
          arguments: TestDatabase.available)
    func sameFileTwoOwners(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann"), bo = try await server.newUser("Bo")
            let gpx = try Data(contentsOf: Fixtures.track("gpx/run.gpx"))
            let annUpload = try await server.upload("gpx/run.gpx", as: ann)
            let boUpload = try await server.upload("gpx/run.gpx", as: bo)
            // Bo's upload answers as any first upload does: nothing says Ann has the file.
            #expect(annUpload.status == 201 && boUpload.status == 201)
            #expect(annUpload.json?["duplicate"] == nil && boUpload.json?["duplicate"] == nil)
            let annRun = try #require(annUpload.json?["id"] as? String), boRun = try #require(boUpload.json?["id"] as? String)
            #expect(try await server.count("SELECT COUNT(*) AS n FROM originals") == 2, "one for each owner")
            // Neither reaches the other's, though it is the same file.
            #expect(try await Self.original(of: annRun, server, token: bo.token).status == 404)
            #expect(try await Self.original(of: boRun, server, token: ann.token).status == 404)

            _ = try await ann.client.deleteRun(path: .init(runId: annRun))
            #expect(try await Self.original(of: boRun, server, token: bo.token).body == gpx, "Ann's deletion leaves Bo's")
            let reupload = try await server.upload("gpx/run.gpx", as: ann)
            let again = try #require(reupload.json?["id"] as? String)
            #expect(try await Self.original(of: again, server, token: ann.token).body == gpx)
            let gone = try await server.raw(.DELETE, "/me", token: ann.token, headers: [("Content-Type", "application/json")],
                                            body: Data(#"{"password": "correct horse battery"}"#.utf8))
            #expect(gone.status == 204)
            #expect(try await Self.original(of: boRun, server, token: bo.token).body == gpx, "Ann's account going leaves Bo's")
            #expect(try await server.count("SELECT COUNT(*) AS n FROM originals") == 1)
        }
    }

    /// `GET /runs/{id}/original` as `token`'s user (no one without), accepting gzip or not.
    static func original(of run: String, _ server: TestServer, token: String?, gzip: Bool = false) async throws -> TestServer.RawResponse {
        try await server.raw(.GET, "/runs/\(run)/original", token: token, headers: gzip ? [("Accept-Encoding", "gzip")] : [])
    }

    /// The files of `user`'s `GET /me/export`, by their path in it.
    static func export(of user: TestUser, _ server: TestServer) async throws -> [String: Data] {
        let response = try await server.raw(.GET, "/me/export", token: user.token)
        #expect(response.status == 200)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString).zip")
        try response.body.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let archive = try ZipArchive(contentsOf: url)
        var files: [String: Data] = [:]
        for entry in archive.entries { files[entry.path] = try archive.data(of: entry, maximumBytes: 1 << 26) }
        return files
    }
}
