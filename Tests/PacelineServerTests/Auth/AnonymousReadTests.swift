import Foundation
import OpenAPIRuntime
import PacelineAPI
import PacelineTestSupport
import Testing

/// Reading a public run needs no token, as openapi.yaml says (`security: [{}, bearer]` on
/// getRun, getRunTrack, getRunSeries and exportRun). schemathesis found the spec demanding
/// a token the server rightly never asked for; its `ignored_auth` check now holds both to
/// the same rule.
@Suite("Anonymous reads")
struct AnonymousReadTests {
    @Test("anyone reads a public run, its track, series and export, through the generated client", arguments: TestDatabase.available)
    func publicRun(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let upload = try await server.upload("gpx/run.gpx", as: ann, query: "?privacy=public")
            let id = try #require(upload.json?["id"] as? String)
            let anyone = server.client()

            let run = try await anyone.getRun(path: .init(runId: id)).ok.body.json
            #expect(run.id == id && run.owner.displayName == "Ann")
            _ = try await anyone.getRunTrack(path: .init(runId: id)).ok.body.applicationGeoJson
            #expect(try await anyone.getRunSeries(path: .init(runId: id)).ok.body.json.series().points.isEmpty == false)
            let gpx = try await anyone.exportRun(path: .init(runId: id), query: .init(format: .gpx)).ok.body.applicationGpxXml
            #expect(String(decoding: try await Data(collecting: gpx, upTo: 16 << 20), as: UTF8.self).contains("<gpx"))
        }
    }

    @Test("writing still needs a token", arguments: TestDatabase.available)
    func writesNeedToken(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let bo = try await server.newUser("Bo")
            let upload = try await server.upload("gpx/run.gpx", as: bo, query: "?privacy=public")
            let id = try #require(upload.json?["id"] as? String)
            let rename = try await server.raw(.PATCH, "/runs/\(id)", headers: [("Content-Type", "application/json")],
                                              body: Data(#"{"name":"mine"}"#.utf8))
            #expect(rename.status == 401 && rename.errorCode == "unauthorized")
            let delete = try await server.raw(.DELETE, "/runs/\(id)")
            #expect(delete.status == 401 && delete.errorCode == "unauthorized")
        }
    }
}
