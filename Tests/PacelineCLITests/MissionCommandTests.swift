import Foundation
import PacelineServer
import PacelineTestSupport
import Testing

@Suite("paceline mission import")
struct MissionCommandTests {
    /// `--database` (and `--schema`) naming `server`'s database.
    func databaseArguments(_ server: TestServer) -> [String] {
        switch server.location {
        case .sqlite(let path): ["--database", path]
        case .postgres(let url, let schema): ["--database", url] + (schema.map { ["--schema", $0] } ?? [])
        }
    }

    @Test("imports the example missions, replaces one imported again, and a bad file imports nothing", arguments: TestDatabase.available)
    func importExamples(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let examples = ["scotland-canals", "west-highland-way", "hadrians-wall"].map { MissionFiles.example($0).path }
            let bad = FileManager.default.temporaryDirectory.appendingPathComponent("bad-mission-\(UUID().uuidString).geojson")
            var text = try String(contentsOfFile: examples[0], encoding: .utf8)
            text = text.replacingOccurrences(of: "\"name\": \"Cadder\"", with: "\"name\": \"\"")
            try text.write(to: bad, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: bad) }

            let refused = try PacelineCLI.run(["mission", "import", examples[1], bad.path] + databaseArguments(server))
            #expect(refused.status == 65)
            #expect(refused.stderr == "paceline: \(bad.path): features[2]: properties.name is empty\n", "\(refused.stderr)")
            #expect(try await server.client().listMissions().ok.body.json.missions.isEmpty)

            let imported = try PacelineCLI.run(["mission", "import"] + examples + databaseArguments(server))
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stdout.contains("added scotland-canals: Glasgow → Edinburgh by canal: 2 routes, 18 stages, 78.8 km"), "\(imported.stdout)")
            let again = try PacelineCLI.run(["mission", "import", examples[0]] + databaseArguments(server))
            #expect(again.stdout.hasPrefix("replaced scotland-canals"))
            let missions = try await server.client().listMissions().ok.body.json.missions
            #expect(missions.map(\.id).sorted() == ["hadrians-wall", "scotland-canals", "west-highland-way"])
            #expect(missions.allSatisfy { $0.routeCount == 2 && $0.stageCount == 18 })
        }
    }
}
