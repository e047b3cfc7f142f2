import Fluent
import Foundation
import PacelineAPI
import PacelineTestSupport
import SQLKit
import Testing

/// Whether Debian's libvips42, which makes photos, is on this machine (.ci/run installs it).
private let libvipsInstalled = ["/usr/lib/x86_64-linux-gnu/libvips.so.42", "/usr/lib/aarch64-linux-gnu/libvips.so.42"]
    .contains { FileManager.default.fileExists(atPath: $0) }

/// Photos on activities: what is kept of a phone's photo (its pixels, upright, and nothing
/// of its metadata), what is refused, who sees them, and how many.
@Suite("Photos on activities", .enabled(if: libvipsInstalled, "libvips is not installed (apt-get install libvips42): photos can't be made"))
struct RunPhotoTests {
    @Test("a phone's JPEG is kept upright, screen-sized and as a square thumbnail, with none of its EXIF, GPS, XMP or comment",
          arguments: TestDatabase.available)
    func keptWithoutMetadata(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let run = try await Self.run(of: ann, server)
            let original = try Data(contentsOf: Fixtures.photo("camera.jpg"))
            #expect(original.range(of: Data("PacelineTestCam".utf8)) != nil)
            let added = try await Self.add("camera.jpg", to: run, as: ann, server)
            #expect(added.status == 201)
            // Orientation 6: the 640×480 pixels are shown turned, 480 wide and 640 high.
            #expect(added.json?["width"] as? Int == 480 && added.json?["height"] as? Int == 640)
            let id = try #require(added.json?["id"] as? String)
            for kind in ["screen", "thumbnail"] {
                let picture = try await server.raw(.GET, "/photos/\(id)?size=\(kind)")
                #expect(picture.status == 200)
                #expect(picture.headers.contains { $0.0.lowercased() == "content-type" && $0.1 == "image/jpeg" })
                let size = try #require(Self.jpegSize(picture.body))
                #expect(kind == "screen" ? size.width == 480 && size.height == 640 : size.width == 360 && size.height == 360, "\(kind) \(size)")
                // Every segment before the pixels is read, up to the scan: no APP1…APP15 (EXIF,
                // XMP, ICC…) nor COM is left, and none of the camera's words.
                let (markers, header) = Self.segments(picture.body)
                #expect(markers.last == 0xDA, "\(markers)")
                #expect(markers.allSatisfy { !(0xE1...0xEF).contains($0) && $0 != 0xFE }, "\(markers)")
                for secret in ["Exif", "PacelineTestCam", "taken at home", "xmpmeta", "GPS", "ICC_PROFILE"] {
                    #expect(header.range(of: Data(secret.utf8)) == nil, "\(secret) in the \(kind)")
                }
            }
            let tag = try #require(try await server.raw(.GET, "/photos/\(id)").headers.first { $0.0.lowercased() == "etag" }?.1)
            #expect(try await server.raw(.GET, "/photos/\(id)", headers: [("If-None-Match", tag)]).status == 304)
        }
    }

    @Test("PNG with transparency, WebP and HEIC are taken; each comes back a JPEG", arguments: TestDatabase.available)
    func otherKinds(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let run = try await Self.run(of: ann, server)
            for (file, width, height) in [("alpha.png", 300, 200), ("photo.webp", 400, 300), ("photo.heic", 400, 300)] {
                let added = try await Self.add(file, to: run, as: ann, server, contentType: "application/octet-stream")
                #expect(added.status == 201, "\(file): \(added.errorCode ?? "")")
                #expect(added.json?["width"] as? Int == width && added.json?["height"] as? Int == height, "\(file)")
                let id = try #require(added.json?["id"] as? String)
                let picture = try await server.raw(.GET, "/photos/\(id)?size=screen", token: ann.token)
                #expect(picture.body.starts(with: [0xFF, 0xD8, 0xFF]), "\(file)")
                let header = Self.segments(picture.body).header
                #expect(header.range(of: Data("GPS".utf8)) == nil && header.range(of: Data("Exif".utf8)) == nil, "\(file)")
            }
        }
    }

    @Test("hostile and broken files are refused with a clear error, and the server goes on", arguments: TestDatabase.available)
    func hostileFiles(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let run = try await Self.run(of: ann, server)
            for (file, status, code) in [
                ("truncated.jpg", 422, "unreadable_photo"), ("bomb.png", 422, "photo_too_large"),
                ("scans.jpg", 422, "photo_too_large"), ("interlaced.png", 422, "photo_too_large"),
                ("not-an-image.jpg", 415, "unsupported_photo"), ("liar.jpg", 422, "unreadable_photo"),
                ("animation.gif", 415, "unsupported_photo"),
            ] {
                let answer = try await Self.add(file, to: run, as: ann, server)
                #expect(answer.status == status && answer.errorCode == code, "\(file): \(answer.status) \(answer.errorCode ?? "")")
            }
            let empty = try await server.raw(.POST, "/runs/\(run)/photos", token: ann.token, headers: [("Content-Type", "image/jpeg")], body: Data())
            #expect(empty.status == 400)
            let huge = Data([0xFF, 0xD8, 0xFF]) + Data(count: 21 << 20)
            let tooBig = try await server.raw(.POST, "/runs/\(run)/photos", token: ann.token, headers: [("Content-Type", "image/jpeg")], body: huge)
            #expect(tooBig.status == 413)
            let sent = try await server.raw(.POST, "/runs/\(run)/photos", token: ann.token, headers: [("Content-Type", "image/jpeg")],
                                            body: huge, chunked: true)
            #expect(sent.status == 413)
            let list = try await server.raw(.GET, "/runs/\(run)/photos", token: ann.token)
            #expect((list.json?["photos"] as? [Any])?.isEmpty == true)
            #expect(try await Self.add("camera.jpg", to: run, as: ann, server).status == 201)
        }
    }

    @Test("photos are seen by whoever may see their activity, and by no one else; only the owner adds and removes them",
          arguments: TestDatabase.available)
    func privacy(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann"), bo = try await server.newUser("Bo"), cy = try await server.newUser("Cy")
            try await server.befriend(ann, bo)
            let run = try await Self.run(of: ann, server, privacy: "friends")
            let id = try #require(try await Self.add("camera.jpg", to: run, as: ann, server).json?["id"] as? String)
            /// The list's, the thumbnail's and the screen copy's statuses.
            func sees(_ token: String?) async throws -> [Int] {
                [try await server.raw(.GET, "/runs/\(run)/photos", token: token).status,
                 try await server.raw(.GET, "/photos/\(id)", token: token).status,
                 try await server.raw(.GET, "/photos/\(id)?size=screen", token: token).status]
            }
            #expect(try await sees(ann.token) == [200, 200, 200])
            #expect(try await sees(bo.token) == [200, 200, 200])
            #expect(try await sees(cy.token) == [404, 404, 404])
            #expect(try await sees(nil) == [404, 404, 404])
            #expect(try await server.raw(.GET, "/runs/\(run)/photos", token: bo.token).json?["canAdd"] as? Bool == false)
            #expect(try await server.raw(.GET, "/runs/\(run)/photos", token: ann.token).json?["canAdd"] as? Bool == true)
            // Others can neither add nor remove.
            #expect(try await Self.add("camera.jpg", to: run, as: bo, server).status == 404)
            #expect(try await server.raw(.DELETE, "/runs/\(run)/photos/\(id)", token: bo.token).status == 404)
            // Made private, the friend loses it at once (the pictures are `no-cache`).
            _ = try await ann.client.updateRun(path: .init(runId: run), body: .json(.init(privacy: .`private`))).ok
            #expect(try await sees(bo.token) == [404, 404, 404])
            // Public: anyone.
            _ = try await ann.client.updateRun(path: .init(runId: run), body: .json(.init(privacy: .public))).ok
            #expect(try await sees(nil) == [200, 200, 200])
            #expect(try await server.raw(.DELETE, "/runs/\(run)/photos/\(id)", token: ann.token).status == 204)
            #expect(try await sees(ann.token)[1] == 404)
        }
    }

    @Test("an activity holds at most 10 photos, however many are sent at once; they go with the activity and into the export",
          arguments: TestDatabase.available)
    func limitDeletionExport(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let run = try await Self.run(of: ann, server)
            for _ in 0..<6 { #expect(try await Self.add("photo.webp", to: run, as: ann, server).status == 201) }
            // Sent at once: one of a user's photos is made at a time, the others told to
            // wait (429 busy); never more than 10 kept.
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<8 { group.addTask { try await Self.add("photo.webp", to: run, as: ann, server).status } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.contains(201) && statuses.allSatisfy { [201, 409, 429].contains($0) }, "\(statuses)")
            while try await Self.add("photo.webp", to: run, as: ann, server).status == 201 {}
            let list = try await server.raw(.GET, "/runs/\(run)/photos", token: ann.token)
            let photos = try #require(list.json?["photos"] as? [[String: Any]])
            #expect(photos.count == 10 && list.json?["canAdd"] as? Bool == false)
            let too = try await Self.add("photo.webp", to: run, as: ann, server)
            #expect(too.status == 409 && too.errorCode == "too_many_photos")

            let files = try await OriginalPrivacyTests.export(of: ann, server)
            #expect(files.keys.filter { $0.hasPrefix("photos/") && $0.hasSuffix(".jpg") }.count == 10, "\(files.keys.sorted())")

            let first = try #require(photos.first?["id"] as? String)
            #expect(try await server.raw(.DELETE, "/runs/\(run)", token: ann.token).status == 204)
            #expect(try await server.raw(.GET, "/photos/\(first)", token: ann.token).status == 404)
            // Gone from the database, not only hidden: the run stays as a tombstone.
            let kept = try await server.app.db.sql.raw("SELECT COUNT(*) AS n FROM run_photos").first(decoding: Count.self)
            #expect(kept?.n == 0)
            #expect(try await Self.add("photo.webp", to: run, as: ann, server).status == 404)
        }
    }

    // MARK: - Helpers

    static func run(of user: TestUser, _ server: TestServer, privacy: String = "public") async throws -> String {
        try #require(try await server.upload("gpx/run.gpx", as: user, query: "?privacy=\(privacy)").json?["id"] as? String)
    }

    static func add(_ file: String, to run: String, as user: TestUser, _ server: TestServer,
                    contentType: String = "image/jpeg") async throws -> TestServer.RawResponse {
        try await server.raw(.POST, "/runs/\(run)/photos", token: user.token, headers: [("Content-Type", contentType)],
                             body: try Data(contentsOf: Fixtures.photo(file)))
    }

    /// A JPEG's segment markers up to its first scan (0xE0 APP0, 0xE1 APP1…, 0xFE COM, 0xDA
    /// the scan), and its bytes before the scan's data: all that is not pixels.
    static func segments(_ jpeg: Data) -> (markers: [UInt8], header: Data) {
        let bytes = [UInt8](jpeg)
        var markers: [UInt8] = []
        var index = 2
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            markers.append(marker)
            index += 2 + Int(bytes[index + 2]) << 8 + Int(bytes[index + 3])
            if marker == 0xDA { break }
        }
        return (markers, jpeg.prefix(index))
    }

    private struct Count: Decodable { var n: Int }

    /// A JPEG's width and height, from its frame header.
    static func jpegSize(_ jpeg: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](jpeg)
        var index = 2
        while index + 9 <= bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            if (0xC0...0xC3).contains(marker) {
                return (Int(bytes[index + 7]) << 8 + Int(bytes[index + 8]), Int(bytes[index + 5]) << 8 + Int(bytes[index + 6]))
            }
            index += 2 + Int(bytes[index + 2]) << 8 + Int(bytes[index + 3])
        }
        return nil
    }
}
