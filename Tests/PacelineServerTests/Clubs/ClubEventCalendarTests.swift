import Foundation
import PacelineAPI
import PacelineTestSupport
import Testing

/// Club events in calendars: one event's .ics and each member's private feed, read back by
/// an independent iCalendar parser (Python's `icalendar`), their lines checked against RFC
/// 5545 (CRLF ends, folded at 75 octets), and the feed's secret address.
@Suite("Club event calendars")
struct ClubEventCalendarTests {
    /// Text that needs every escape and folding inside multi-byte characters.
    static let title = #"Hills; tempo, "fast" \ then coffee"#
    static let description = "Meet at 6.\nBring a light;\r\nthe path is dark, mostly. " + String(repeating: "Écosse ☕ ", count: 12)

    /// The events `text` holds, as the Python parser reads them, and the calendar's fields.
    static func parsed(_ text: Data) throws -> [String: Any] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).ics")
        try text.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = """
            import icalendar, json, sys
            calendar = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
            events = [{"uid": str(e["uid"]), "summary": str(e["summary"]), "location": str(e["location"]),
                       "description": str(e["description"]), "start": e.decoded("dtstart").isoformat(),
                       "duration": e.decoded("duration").total_seconds(), "status": str(e["status"]),
                       "geo": [e["geo"].latitude, e["geo"].longitude], "stamp": e.decoded("dtstamp").isoformat()}
                      for e in calendar.walk("VEVENT")]
            print(json.dumps({"version": str(calendar["version"]), "prodid": str(calendar["prodid"]), "events": events}))
            """
        return try #require(try PythonPeer.runJSON(script, arguments: [file.path], requiring: [.icalendar]) as? [String: Any])
    }

    /// Every line ends in CRLF and is at most 75 octets; continuations start with a space.
    static func expectWellFormedLines(_ body: Data) {
        let text = String(decoding: body, as: UTF8.self)
        #expect(text.hasSuffix("\r\n") && !text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        let lines = text.components(separatedBy: "\r\n").dropLast()
        #expect(lines.allSatisfy { $0.utf8.count <= 75 }, "a line is longer than 75 octets")
        #expect(lines.contains { $0.hasPrefix(" ") }, "nothing was folded")
    }

    @Test("an event's .ics reads back in a real parser: escaped text, folded lines, UTC start, the meeting point",
          arguments: TestDatabase.available)
    func oneEvent(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let eve = try await server.newUser("Eve")
            let club = try await ClubTests.club(ann)
            _ = try await ClubTests.join(bo, club)
            let starts = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 60).rounded(.down) * 60 + 86_400)
            let event = try await ann.client.createClubEvent(
                path: .init(clubId: club.id),
                body: .json(.init(title: Self.title, description: Self.description, startsAt: starts,
                                  place: .init(latitude: 55.9412, longitude: -3.1918, name: "Gates; north, by the café"),
                                  paceGroups: [300, 345])))
                .created.body.json
            let path = "/clubs/\(club.id)/events/\(event.id)/calendar.ics"
            #expect(try await server.raw(.GET, path, token: eve.token).status == 404)
            let answer = try await server.raw(.GET, path, token: bo.token)
            #expect(answer.status == 200)
            #expect(answer.headers.contains { $0.0.lowercased() == "content-type" && $0.1.hasPrefix("text/calendar") })
            #expect(answer.headers.contains { $0.0.lowercased() == "content-disposition" && $0.1.contains("event.ics") })
            Self.expectWellFormedLines(answer.body)
            let text = String(decoding: answer.body, as: UTF8.self)
            #expect(text.contains(#"SUMMARY:Hills\; tempo\, "fast" \\ then coffee"#))
            let calendar = try Self.parsed(answer.body)
            #expect(calendar["version"] as? String == "2.0" && (calendar["prodid"] as? String)?.contains("Paceline") == true)
            let parsed = try #require((calendar["events"] as? [[String: Any]])?.first)
            #expect(parsed["summary"] as? String == Self.title)
            #expect(parsed["location"] as? String == "Gates; north, by the café")
            let description = try #require(parsed["description"] as? String)
            #expect(description.hasPrefix("Tuesday Runners\n\nMeet at 6.\nBring a light;\nthe path is dark, mostly. Écosse ☕"))
            #expect(description.hasSuffix("Pace groups: 5:00/km, 5:45/km"))
            let utc = ISO8601DateFormatter()
            #expect(parsed["start"] as? String == utc.string(from: starts).replacingOccurrences(of: "Z", with: "+00:00"))
            #expect(parsed["duration"] as? Double == 5400 && parsed["status"] as? String == "CONFIRMED")
            #expect(parsed["geo"] as? [Double] == [55.9412, -3.1918])
            #expect((parsed["uid"] as? String)?.hasPrefix(event.id.lowercased()) == true)
        }
    }

    @Test("the feed lists the member's clubs' events they did not decline, without signing in; renewed, the old address is 404",
          arguments: TestDatabase.available)
    func feed(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let club = try await ClubTests.club(ann)
            let elsewhere = try await ClubTests.club(ann, "Not Bo's")
            _ = try await ClubTests.join(bo, club)
            let first = try await ClubEventTests.event(ann, club, title: "Going")
            let declined = try await ClubEventTests.event(ann, club, title: "Declined")
            let cancelled = try await ClubEventTests.event(ann, club, title: "Cancelled")
            _ = try await ClubEventTests.event(ann, elsewhere, title: "Other club")
            #expect(try await ClubEventTests.answer(server, bo, first, "yes") == 200)
            #expect(try await ClubEventTests.answer(server, bo, declined, "no") == 200)
            _ = try await ann.client.cancelClubEvent(path: .init(clubId: club.id, eventId: cancelled.id)).ok.body.json
            let path = try await bo.client.getCalendarFeed().ok.body.json.path
            #expect(try await bo.client.getCalendarFeed().ok.body.json.path == path)
            #expect(path.hasPrefix("/api/v1/calendar/cf_") && path.hasSuffix(".ics") && path.count > 50)
            let read = try await server.raw(.GET, path, underAPI: false)
            #expect(read.status == 200)
            let events = try #require(try Self.parsed(read.body)["events"] as? [[String: Any]])
            #expect(Set(events.compactMap { $0["summary"] as? String }) == ["Going", "Cancelled"])
            #expect(events.first { $0["summary"] as? String == "Cancelled" }?["status"] as? String == "CANCELLED")
            // Ann's feed is another address, with every event of her two clubs.
            let annPath = try await ann.client.getCalendarFeed().ok.body.json.path
            #expect(annPath != path)
            let annEvents = try #require(try Self.parsed(try await server.raw(.GET, annPath, underAPI: false).body)["events"] as? [Any])
            #expect(annEvents.count == 4)
            let renewed = try await bo.client.renewCalendarFeed().ok.body.json.path
            #expect(renewed != path)
            #expect(try await server.raw(.GET, path, underAPI: false).status == 404)
            #expect(try await server.raw(.GET, renewed, underAPI: false).status == 200)
            for guess in ["/api/v1/calendar/cf_guess.ics", String(renewed.dropLast(4)), "/api/v1/calendar/.ics"] {
                #expect(try await server.raw(.GET, guess, underAPI: false).status == 404, "\(guess)")
            }
        }
    }
}
