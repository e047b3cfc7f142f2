import Foundation
import PacelineTestSupport
import Testing

@Suite struct FollowCommandTests {
    static let run = Fixtures.track("gpx/run.gpx").path

    @Test func jsonFollowsTheContract() throws {
        let result = try PacelineCLI.run(["follow", "--pace", Self.run, "--run", Self.run, "--json", "--interval", "10"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["coverage"] as? Double == 1)
        #expect(object["classification"] as? String == "follow")
        let cues = try #require(object["cues"] as? [[String: Any]])
        #expect(cues.count > 80)
        for cue in cues {
            for key in ["elapsedSeconds", "distanceMeters", "aheadSeconds", "deviated", "spoken"] {
                #expect(cue.keys.contains(key), "missing \(key)")
            }
        }
        let elapsed = cues.compactMap { $0["elapsedSeconds"] as? Double }
        // At most one cue per 10 s slot (fixes come when the device wrote them).
        let slots = elapsed.map { Int($0 / 10) }
        #expect(zip(slots, slots.dropFirst()).allSatisfy { $1 > $0 })
        let finish = try #require(object["finish"] as? [String: Any])
        #expect(abs(finish["aheadSeconds"] as? Double ?? 99) <= 1)
        #expect(abs((finish["elapsedSeconds"] as? Double ?? 0) - 948) <= 1)
    }

    @Test("--plan alone prints the plan; with --run, the run is followed against it; a goal out of reach exits 65")
    func plan() throws {
        let printed = try PacelineCLI.run(["follow", "--pace", Self.run, "--plan", "16:40"])
        #expect(printed.status == 0, "\(printed.stderr)")
        let lines = printed.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Plan: 3.09 km in 16:40, even effort")
        #expect(lines.contains { $0.hasPrefix("3.09") && $0.contains("16:40") }, "\(printed.stdout)")
        let json = try PacelineCLI.run(["follow", "--pace", Self.run, "--plan", "1000", "--strategy", "even-pace", "--json"])
        let splits = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(splits.compactMap { $0["seconds"] as? Int }.reduce(0, +) == 1000)
        // run.gpx took 15:48: against a 16:40 plan it finishes ahead by about 52 s.
        let followed = try PacelineCLI.run(["follow", "--pace", Self.run, "--plan", "16:40", "--run", Self.run, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(followed.stdout.utf8)) as? [String: Any])
        let finish = try #require(object["finish"] as? [String: Any])
        #expect(abs((finish["aheadSeconds"] as? Double ?? 0) - 52) <= 2, "\(finish)")
        let tooFast = try PacelineCLI.run(["follow", "--pace", Self.run, "--plan", "2:00"])
        #expect(tooFast.status == 65 && tooFast.stderr.contains("the goal must be between 477 s and 10313 s"))
        #expect(try PacelineCLI.run(["follow", "--pace", Self.run, "--plan", "5:75"]).status == 64)
        #expect(try PacelineCLI.run(["follow", "--pace", Self.run, "--plan", "999999999999999999:00"]).status == 64, "no overflow")
        #expect(try PacelineCLI.run(["follow", "--pace", Self.run]).status == 64)
    }

    @Test func aDifferentRouteIsNewWithDeviatedCues() throws {
        let other = Fixtures.track("fit/activity-small-fenix2-run.fit").path
        let result = try PacelineCLI.run(["follow", "--pace", Self.run, "--run", other, "--json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["classification"] as? String == "new")
        let cues = try #require(object["cues"] as? [[String: Any]])
        #expect(cues.allSatisfy { $0["deviated"] as? Bool == true && $0["aheadSeconds"] is NSNull })
        #expect((cues.first?["spoken"] as? String)?.contains("start of the route") == true)
        let finish = try #require(object["finish"] as? [String: Any])
        #expect(finish["aheadSeconds"] is NSNull && finish["completed"] as? Bool == false)
    }

    @Test func exactJSONIsUnroundedAndCarriesTheInputs() throws {
        let rounded = try PacelineCLI.run(["follow", "--pace", Self.run, "--run", Self.run, "--json"])
        let result = try PacelineCLI.run(["follow", "--pace", Self.run, "--run", Self.run, "--json", "--exact"])
        #expect(result.status == 0, "\(result.stderr)")
        let plain = try #require(try JSONSerialization.jsonObject(with: Data(rounded.stdout.utf8)) as? [String: Any])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        // run.gpx names no sport: .other, whose maximum speed the replay used.
        #expect(object["sport"] as? String == "other" && object["maximumSpeed"] as? Double == 70)
        // The run's 206 fixes as read, times in epoch milliseconds.
        let fixes = try #require(object["fixes"] as? [[String: Any]])
        #expect(fixes.count == 206)
        #expect(fixes.first?["time"] as? Double == 1_351_121_380_000)
        let pace = try #require(object["pace"] as? [[String: Any]])
        #expect(pace.count > 100 && pace.first?["distanceMeters"] as? Double == 0)
        // The same cues as --json, unrounded: rounding them gives --json's numbers.
        let cues = try #require(object["cues"] as? [[String: Any]]), plainCues = try #require(plain["cues"] as? [[String: Any]])
        #expect(cues.count == plainCues.count)
        for (cue, plainCue) in zip(cues, plainCues) {
            let elapsed = try #require(cue["elapsedSeconds"] as? Double)
            #expect(((elapsed * 10).rounded() / 10) == plainCue["elapsedSeconds"] as? Double)
            #expect(cue["spoken"] as? String == plainCue["spoken"] as? String)
            #expect(cue["started"] as? Bool == true && cue["finished"] is Bool)
        }
        #expect(cues.contains { let d = $0["distanceMeters"] as? Double ?? 0; return d != (d * 10).rounded() / 10 })
        let refused = try PacelineCLI.run(["follow", "--pace", Self.run, "--run", Self.run, "--exact"])
        #expect(refused.status != 0 && refused.stderr.contains("--exact needs --json"))
    }

    @Test func theTranscriptSaysWhatAVoiceWould() throws {
        let result = try PacelineCLI.run(["follow", "--pace", Self.run, "--run", Self.run, "--units", "imperial"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"1 mile, "))
        #expect(result.stdout.contains("mi"))
        #expect(result.stdout.contains("Finished in 15:4"))
        #expect(result.stdout.contains("Coverage 100.0 %"))
    }

    @Test func aBadFileOrATooShortPaceGetsExit65() throws {
        let bad = Fixtures.track("malformed/badcharacter.xml").path
        let badRun = try PacelineCLI.run(["follow", "--pace", Self.run, "--run", bad])
        #expect(badRun.status == 65)
        #expect(badRun.stderr.contains("badcharacter.xml"))
        let untimed = Fixtures.track("gpx/strava_route_example.gpx").path
        let badPace = try PacelineCLI.run(["follow", "--pace", untimed, "--run", Self.run])
        #expect(badPace.status == 65)
        #expect(badPace.stderr.contains("strava_route_example.gpx"))
        #expect(badPace.stdout.isEmpty)
    }

    @Test func compareShowsTheGapAlongTheWay() throws {
        let table = try PacelineCLI.run(["compare", Self.run, Self.run])
        #expect(table.status == 0)
        #expect(table.stdout.contains("B covered 100.0 % of A's route (same route)."))
        #expect(table.stdout.contains("level"))
        let result = try PacelineCLI.run(["compare", Self.run, Self.run, "--json", "--interval", "60"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let gaps = try #require(object["gaps"] as? [[String: Any]])
        #expect(gaps.count > 150)
        #expect(gaps.allSatisfy { abs($0["gapSeconds"] as? Double ?? 99) < 6 })
        let positions = try #require(object["positions"] as? [[String: Any]])
        #expect(positions.count == 16)
        let series = try #require(object["series"] as? [String: Any])
        #expect((series["a"] as? [[String: Any]])?.count == gaps.count)
    }
}
