import Foundation
import PacelineAPI
import PacelineCore
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// A run's track, series and exports as a busy instance serves them: compact, gzipped for
/// clients that accept it, and answered 304 when the client already holds them, with the
/// ETag changing whenever what the viewer may see changes (an edit, a privacy zone).
@Suite("Document reads")
struct DocumentReadTests {
    static let gzip = [("Accept-Encoding", "gzip, deflate, br")]

    static func header(_ name: String, _ response: TestServer.RawResponse) -> String? {
        response.headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    @Test("the track is the FeatureCollection openapi.yaml describes, compact, gzipped when accepted", arguments: TestDatabase.available)
    func trackBytes(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let id = try #require(try await server.upload("gpx/run.gpx", as: ann).json?["id"] as? String)
            let fixes = try ActivityReader.read(try Data(contentsOf: Fixtures.track("gpx/run.gpx")), format: .gpx).track.fixes.filter { $0.coordinate != nil }.count

            let plain = try await server.raw(.GET, "/runs/\(id)/track", token: ann.token)
            #expect(plain.status == 200 && Self.header("Content-Type", plain)?.hasPrefix("application/geo+json") == true)
            #expect(Self.header("Content-Encoding", plain) == nil)
            let document = try #require(plain.json)
            let features = try #require(document["features"] as? [[String: Any]])
            let geometry = try #require(features.first?["geometry"] as? [String: Any])
            #expect(document["type"] as? String == "FeatureCollection" && geometry["type"] as? String == "MultiLineString")
            #expect((geometry["coordinates"] as? [[[Double]]])?.joined().count == fixes)
            #expect(!String(decoding: plain.body, as: UTF8.self).contains("\n  "), "compact, not pretty-printed")

            let zipped = try await server.raw(.GET, "/runs/\(id)/track", token: ann.token, headers: Self.gzip)
            #expect(zipped.status == 200 && Self.header("Content-Encoding", zipped) == "gzip")
            #expect(Self.header("Vary", zipped) == "Accept-Encoding")
            #expect(try SystemGzip.decompress(zipped.body) == plain.body)
            #expect(zipped.body.count * 3 < plain.body.count)

            // Refused gzip (q=0) gets the plain bytes.
            let refused = try await server.raw(.GET, "/runs/\(id)/track", token: ann.token, headers: [("Accept-Encoding", "gzip;q=0, identity")])
            #expect(Self.header("Content-Encoding", refused) == nil && refused.body == plain.body)
        }
    }

    @Test("an unchanged document is answered 304; an edit or a new zone changes its ETag", arguments: TestDatabase.available)
    func conditional(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let bo = try await server.newUser("Bo")
            let id = try #require(try await server.upload("gpx/run.gpx", as: ann).json?["id"] as? String)
            let paths = ["/runs/\(id)/track", "/runs/\(id)/series", "/runs/\(id)/export?format=gpx", "/runs/\(id)/export?format=fit"]
            func tags(_ token: String?) async throws -> [String] {
                var tags: [String] = []
                for path in paths {
                    let first = try await server.raw(.GET, path, token: token, headers: Self.gzip)
                    let tag = try #require(Self.header("ETag", first), "\(path)")
                    #expect(first.status == 200)
                    let again = try await server.raw(.GET, path, token: token, headers: [("If-None-Match", tag)] + Self.gzip)
                    #expect(again.status == 304 && again.body.isEmpty && Self.header("ETag", again) != nil, "\(path)")
                    #expect(Self.header("Vary", again) == "Accept-Encoding", "\(path)")
                    tags.append(tag)
                }
                return tags
            }
            let owner = try await tags(ann.token)
            let other = try await tags(bo.token)
            #expect(Set(owner + other).count == owner.count, "with no zone, everyone sees the same documents")
            #expect(Set(owner).count == paths.count, "each document has its own tag")

            _ = try await ann.client.updateRun(path: .init(runId: id), body: .json(.init(name: "Renamed"))).ok
            let renamed = try await tags(ann.token)
            #expect(zip(renamed, owner).allSatisfy { $0.0 != $0.1 }, "a rename changes every document")
            let stale = try await server.raw(.GET, paths[0], token: ann.token, headers: [("If-None-Match", owner[0])])
            #expect(stale.status == 200)

            let start = try #require(try await ann.client.getRun(path: .init(runId: id)).ok.body.json.start)
            _ = try await ann.client.putPrivacyZones(body: .json(.init(zones: [.init(latitude: start.latitude, longitude: start.longitude, radiusMeters: 300)]))).ok
            #expect(try await tags(ann.token) == renamed, "the owner's own view is unchanged by a zone")
            let hidden = try await tags(bo.token)
            #expect(zip(hidden, renamed).allSatisfy { $0.0 != $0.1 }, "others' view hides the zone: new documents")
            let track = try await server.raw(.GET, paths[0], token: bo.token)
            let before = try await server.raw(.GET, paths[0], token: ann.token)
            #expect(track.body.count < before.body.count, "the hidden part is left out")
        }
    }

    @Test("JSON answers are compact, gzipped past a kilobyte when accepted; exports are kept gzipped and follow an edit", arguments: TestDatabase.available)
    func compressedJSON(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let id = try #require(try await server.upload("gpx/run.gpx", as: ann).json?["id"] as? String)
            let plain = try await server.raw(.GET, "/runs/\(id)/series", token: ann.token)
            #expect(plain.status == 200 && Self.header("Content-Encoding", plain) == nil && plain.body.count > 1024)
            #expect(!String(decoding: plain.body, as: UTF8.self).contains("\n"))
            let zipped = try await server.raw(.GET, "/runs/\(id)/series", token: ann.token, headers: Self.gzip)
            #expect(Self.header("Content-Encoding", zipped) == "gzip" && Self.header("ETag", zipped)?.hasPrefix("W/\"") == true)
            #expect(try SystemGzip.decompress(zipped.body) == plain.body)
            // GPX and TCX are kept gzipped, and sent so to a client that accepts it.
            for format in ["gpx", "tcx"] {
                let path = "/runs/\(id)/export?format=\(format)"
                let plainFile = try await server.raw(.GET, path, token: ann.token)
                let zippedFile = try await server.raw(.GET, path, token: ann.token, headers: Self.gzip)
                #expect(Self.header("Content-Encoding", plainFile) == nil && Self.header("Content-Encoding", zippedFile) == "gzip", "\(format)")
                #expect(Self.header("Vary", zippedFile) == "Accept-Encoding" && Self.header("ETag", zippedFile)?.hasPrefix("W/\"") == true)
                #expect(try SystemGzip.decompress(zippedFile.body) == plainFile.body, "\(format)")
                #expect(try ActivityReader.read(plainFile.body, format: ActivityFormat(rawValue: format)).track.fixes.isEmpty == false)
            }
            // A kept document is never served for a changed run.
            _ = try await server.raw(.GET, "/runs/\(id)/export?format=gpx", token: ann.token, headers: Self.gzip)
            _ = try await ann.client.updateRun(path: .init(runId: id), body: .json(.init(name: "Hill repeats, renamed"))).ok
            let renamed = try await server.raw(.GET, "/runs/\(id)/export?format=gpx", token: ann.token, headers: Self.gzip)
            #expect(String(decoding: try SystemGzip.decompress(renamed.body), as: UTF8.self).contains("Hill repeats, renamed"))
            // A FIT file is binary: sent as it is.
            let fit = try await server.raw(.GET, "/runs/\(id)/export?format=fit", token: ann.token, headers: Self.gzip)
            #expect(fit.status == 200 && Self.header("Content-Encoding", fit) == nil)
            // A small answer is not worth it.
            let me = try await server.raw(.GET, "/me", token: ann.token, headers: Self.gzip)
            #expect(me.status == 200 && Self.header("Content-Encoding", me) == nil)
        }
    }

    @Test("Accept-Encoding is read as RFC 9110 writes it")
    func acceptEncoding() {
        #expect(AcceptEncoding.allowsGzip("gzip"))
        #expect(AcceptEncoding.allowsGzip("deflate, gzip;q=0.5"))
        #expect(AcceptEncoding.allowsGzip("*"))
        #expect(AcceptEncoding.allowsGzip("X-GZIP"))
        #expect(!AcceptEncoding.allowsGzip(nil))
        #expect(!AcceptEncoding.allowsGzip("br, deflate"))
        #expect(!AcceptEncoding.allowsGzip("gzip;q=0"))
        #expect(!AcceptEncoding.allowsGzip("*, gzip;q=0.000"))
        #expect(!AcceptEncoding.allowsGzip("*;q=0"))
    }
}
