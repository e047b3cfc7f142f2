import Foundation
import PacelineTestSupport
import Testing

@Suite struct AchievementsCommandTests {
    @Test func jsonHasPointsStreakAndEveryBadge() throws {
        let run = Fixtures.track("gpx/run.gpx").path
        let result = try PacelineCLI.run(["achievements", "--json", "--utc-offset", "120", run])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let points = try #require(object["points"] as? [String: Any])
        // 3.1 km: 10·3.1 + 3.1²/10 = 31.96 → 31 or 32 by the exact distance; one active day: 5.
        #expect((31...32).contains(points["distance"] as? Int ?? 0))
        #expect(points["streak"] as? Int == 5)
        #expect(object["total"] as? Int == (points["distance"] as? Int ?? 0) + 5)
        let badges = try #require(object["badges"] as? [[String: Any]])
        let record = try #require(badges.first { $0["id"] as? String == "records-1" })
        #expect(record["earnedBy"] as? String == run)
        let fiveK = try #require(badges.first { $0["id"] as? String == "longest-5" })
        #expect(fiveK["earnedAt"] == nil && (fiveK["current"] as? Double ?? 0) > 3000)
    }

    @Test func aBadFileIsNamedAndTheOthersStillCount() throws {
        let result = try PacelineCLI.run(["achievements", Fixtures.track("malformed/badcharacter.xml").path, Fixtures.track("gpx/run.gpx").path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("badcharacter.xml"))
        #expect(result.stdout.contains("★ First record: earned"))
        #expect(try PacelineCLI.run(["achievements", "--utc-offset", "1000", Fixtures.track("gpx/run.gpx").path]).status == 64)
    }

    @Test func previewWritesASmallSVG() throws {
        let result = try PacelineCLI.run(["preview", "--max-points", "50", Fixtures.track("gpx/run.gpx").path])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("<svg ") && result.stdout.contains("class=\"start\""))
        let path = try #require(result.stdout.split(separator: "\"").first { $0.hasPrefix("M") })
        #expect(path.filter { $0 == "L" }.count < 50)
    }

    @Test func previewWritesAPNGAndTimesIt() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try PacelineCLI.run(["preview", "--png", "--repeat", "3", "-o", output.path, Fixtures.track("gpx/run.gpx").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty && result.stderr.hasPrefix("png: ") && result.stderr.contains("median of 3"))
        let decoded = try PNGPeer.decode(try Data(contentsOf: output), pixels: [(0, 0)])
        #expect(decoded.width == 1200 && decoded.height == 630 && decoded.pixels == ["#eef3f1"])
        #expect(try PacelineCLI.run(["preview", "--png", Fixtures.track("gpx/run.gpx").path]).status == 64, "no PNG on a terminal")
    }

    @Test func previewOfABadFileIsNamedWithStatus65() throws {
        let result = try PacelineCLI.run(["preview", Fixtures.track("malformed/badcharacter.xml").path])
        #expect(result.status == 65 && result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("paceline: ") && result.stderr.contains("badcharacter.xml"))
    }
}
