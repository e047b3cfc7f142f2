import Foundation
import PacelineAPI
import PacelineCore
import PacelineTestSupport
import SQLKit
import Testing

/// Club events: who sees them and who plans them, what is refused, answers counted once
/// per member, changes told to those going, and the lists of those to come and those past.
@Suite("Club events")
struct ClubEventTests {
    static let json = ClubTests.json
    static let tomorrow = Date().addingTimeInterval(86_400)

    /// An event `owner` plans in `club`, meeting in Edinburgh's Meadows.
    static func event(_ owner: TestUser, _ club: Components.Schemas.Club, title: String = "Tuesday tempo",
                      paces: [Int]? = [300, 360]) async throws -> Components.Schemas.ClubEvent {
        try await owner.client.createClubEvent(
            path: .init(clubId: club.id),
            body: .json(.init(title: title, description: "Warm up at the gates", startsAt: tomorrow,
                              place: .init(latitude: 55.9412, longitude: -3.1918, name: "Meadows gates"), paceGroups: paces))
        ).created.body.json
    }

    /// `user` answers `event`; the raw status.
    static func answer(_ server: TestServer, _ user: TestUser, _ event: Components.Schemas.ClubEvent, _ answer: String) async throws -> Int {
        try await server.raw(.PUT, "/clubs/\(event.clubId)/events/\(event.id)/answer", token: user.token, headers: json,
                             body: Data(#"{"answer": "\#(answer)"}"#.utf8)).status
    }

    @Test("a non-member neither sees nor answers an invitation-only club's events; a member plans and cancels none",
          arguments: TestDatabase.available)
    func attackers(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let eve = try await server.newUser("Eve")
            let club = try await ClubTests.club(ann)
            _ = try await ClubTests.join(bo, club)
            let event = try await Self.event(ann, club)
            let base = "/clubs/\(club.id)/events"
            for path in ["", "/\(event.id)"] {
                #expect(try await server.raw(.GET, base + path, token: eve.token).status == 404, "\(path)")
                #expect(try await server.raw(.GET, base + path).status == 401)
            }
            #expect(try await Self.answer(server, eve, event, "yes") == 404)
            // Knowing the secret shows the club, not a way to answer its events.
            #expect(try await server.raw(.GET, "\(base)?secret=\(club.invitationSecret ?? "")", token: eve.token).status == 404)
            // A member plans, changes and cancels nothing.
            let plan = Data(#"{"title": "Mine", "startsAt": "\#(ISO8601DateFormatter().string(from: Self.tomorrow))", "place": {"latitude": 1, "longitude": 2}}"#.utf8)
            #expect(try await server.raw(.POST, base, token: bo.token, headers: Self.json, body: plan).status == 403)
            #expect(try await server.raw(.PATCH, "\(base)/\(event.id)", token: bo.token, headers: Self.json,
                                         body: Data(#"{"title": "Hijacked"}"#.utf8)).status == 403)
            #expect(try await server.raw(.POST, "\(base)/\(event.id)/cancel", token: bo.token).status == 403)
            #expect(try await server.raw(.POST, base, token: eve.token, headers: Self.json, body: plan).status == 404)
            // An event of another club is not found through this one.
            let other = try await ClubTests.club(eve, "Eve's")
            #expect(try await server.raw(.GET, "/clubs/\(other.id)/events/\(event.id)", token: eve.token).status == 404)
            #expect(try await server.raw(.POST, "/clubs/\(other.id)/events/\(event.id)/cancel", token: eve.token).status == 404)
            let seen = try await bo.client.getClubEvent(path: .init(clubId: club.id, eventId: event.id)).ok.body.json
            #expect(seen.title == "Tuesday tempo" && seen.status == .scheduled && seen.paceGroups == [300, 360])
            // An open club's events are seen by anyone signed in, but answered by members alone.
            let open = try await ClubTests.club(ann, "Open Joggers", admission: .open)
            let openEvent = try await Self.event(ann, open)
            #expect(try await eve.client.listClubEvents(path: .init(clubId: open.id)).ok.body.json.events.map(\.id) == [openEvent.id])
            #expect(try await Self.answer(server, ann, openEvent, "yes") == 200)
            let outsider = try await eve.client.getClubEvent(path: .init(clubId: open.id, eventId: openEvent.id)).ok.body.json
            #expect(outsider.going == 1 && outsider.goingMembers == nil, "who goes is the members' to see, as the member list is")
            let refused = try await server.raw(.PUT, "/clubs/\(open.id)/events/\(openEvent.id)/answer", token: eve.token,
                                               headers: Self.json, body: Data(#"{"answer": "yes"}"#.utf8))
            #expect(refused.status == 403 && refused.errorCode == "not_a_member")
        }
    }

    @Test("times, places, paces, titles and routes out of range are 400 (or 404), never 500", arguments: TestDatabase.available)
    func badInput(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let club = try await ClubTests.club(ann)
            let format = ISO8601DateFormatter()
            let soon = format.string(from: Self.tomorrow)
            let bad: [(String, Int)] = [
                (#""title": "x", "startsAt": "\#(format.string(from: Date().addingTimeInterval(-60)))", "place": {"latitude": 1, "longitude": 2}"#, 400),
                (#""title": "x", "startsAt": "\#(format.string(from: Date().addingTimeInterval(400 * 86_400)))", "place": {"latitude": 1, "longitude": 2}"#, 400),
                (#""title": "x", "startsAt": "\#(soon)", "place": {"latitude": 91, "longitude": 2}"#, 400),
                (#""title": "x", "startsAt": "\#(soon)", "place": {"latitude": 1, "longitude": -180.5}"#, 400),
                (#""title": "x", "startsAt": "\#(soon)", "place": {"latitude": 1e999, "longitude": 2}"#, 400),
                (#""title": "   ", "startsAt": "\#(soon)", "place": {"latitude": 1, "longitude": 2}"#, 400),
                (#""title": "\#(String(repeating: "a", count: 201))", "startsAt": "\#(soon)", "place": {"latitude": 1, "longitude": 2}"#, 400),
                (#""title": "x", "description": "\#(String(repeating: "a", count: 2001))", "startsAt": "\#(soon)", "place": {"latitude": 1, "longitude": 2}"#, 400),
                (#""title": "x", "startsAt": "\#(soon)", "place": {"latitude": 1, "longitude": 2}, "paceGroups": [149]"#, 400),
                (#""title": "x", "startsAt": "\#(soon)", "place": {"latitude": 1, "longitude": 2}, "paceGroups": [1201]"#, 400),
                (#""title": "x", "startsAt": "\#(soon)", "place": {"latitude": 1, "longitude": 2}, "paceGroups": [300,300,300,300,300,300,300]"#, 400),
                (#""title": "x", "startsAt": "\#(soon)", "place": {"latitude": 1, "longitude": 2}, "routeId": "\#(UUID().uuidString)""#, 404),
                (#""title": "x", "startsAt": "soon", "place": {"latitude": 1, "longitude": 2}"#, 400),
            ]
            for (fields, status) in bad {
                let answer = try await server.raw(.POST, "/clubs/\(club.id)/events", token: ann.token, headers: Self.json,
                                                  body: Data("{\(fields)}".utf8))
                #expect(answer.status == status, "\(fields.prefix(120))")
            }
            let event = try await Self.event(ann, club)
            #expect(try await server.raw(.PATCH, "/clubs/\(club.id)/events/\(event.id)", token: ann.token, headers: Self.json,
                                         body: Data(#"{"place": {"latitude": -90.01, "longitude": 0}}"#.utf8)).status == 400)
            #expect(try await Self.answer(server, ann, event, "perhaps") == 400)
            #expect(try await server.raw(.GET, "/clubs/\(club.id)/events/not-an-id", token: ann.token).status == 404)
            #expect(try await server.count("SELECT COUNT(*) AS n FROM club_events") == 1)
        }
    }

    @Test("one answer per member, the last counting; a cancelled event takes none", arguments: TestDatabase.available)
    func answers(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let cy = try await server.newUser("Cy")
            let dee = try await server.newUser("Dee")
            let club = try await ClubTests.club(ann)
            for user in [bo, cy, dee] { _ = try await ClubTests.join(user, club) }
            let event = try await Self.event(ann, club)
            #expect(try await Self.answer(server, bo, event, "no") == 200)
            #expect(try await Self.answer(server, bo, event, "yes") == 200)
            #expect(try await Self.answer(server, cy, event, "maybe") == 200)
            #expect(try await Self.answer(server, dee, event, "no") == 200)
            // Eight answers at once from one member make one row.
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<8 { group.addTask { try await Self.answer(server, bo, event, "yes") } }
                for try await status in group { #expect(status == 200) }
            }
            let seen = try await bo.client.getClubEvent(path: .init(clubId: club.id, eventId: event.id)).ok.body.json
            #expect(seen.going == 1 && seen.maybe == 1 && seen.notGoing == 1 && seen.answer == .yes)
            #expect(seen.goingMembers?.map(\.displayName) == ["Bo"])
            let list = try await cy.client.listClubEvents(path: .init(clubId: club.id)).ok.body.json.events
            #expect(list.count == 1 && list.first?.answer == .maybe && list.first?.going == 1 && list.first?.goingMembers == nil)
            #expect(try await server.count("SELECT COUNT(*) AS n FROM club_event_answers") == 3)
            _ = try await ann.client.cancelClubEvent(path: .init(clubId: club.id, eventId: event.id)).ok.body.json
            let closed = try await server.raw(.PUT, "/clubs/\(club.id)/events/\(event.id)/answer", token: dee.token,
                                              headers: Self.json, body: Data(#"{"answer": "yes"}"#.utf8))
            #expect(closed.status == 409 && closed.errorCode == "event_closed")
            #expect(try await server.raw(.PATCH, "/clubs/\(club.id)/events/\(event.id)", token: ann.token, headers: Self.json,
                                         body: Data(#"{"title": "Back on"}"#.utf8)).status == 409)
        }
    }

    /// Moves `event`'s time to `date` in the database, as time passing does (the API plans no past event).
    static func move(_ server: TestServer, _ event: Components.Schemas.ClubEvent, to date: Date) async throws {
        try await server.app.db.sql.raw("UPDATE club_events SET starts_at = \(bind: date) WHERE id = \(bind: try #require(UUID(uuidString: event.id)))").run()
    }

    @Test("the past events are listed the latest first, the upcoming ones soonest first, each a page of `limit`, cancelled ones marked",
          arguments: TestDatabase.available)
    func pastAndUpcoming(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let eve = try await server.newUser("Eve")
            let club = try await ClubTests.club(ann)
            _ = try await ClubTests.join(bo, club)
            let later = try await Self.event(ann, club, title: "Later")
            let soon = try await Self.event(ann, club, title: "Soon")
            _ = try await ann.client.updateClubEvent(path: .init(clubId: club.id, eventId: soon.id),
                                                     body: .json(.init(startsAt: Date().addingTimeInterval(3_600))))
            let lastWeek = try await Self.event(ann, club, title: "Last week")
            let yesterday = try await Self.event(ann, club, title: "Yesterday")
            let called = try await Self.event(ann, club, title: "Called off")
            _ = try await ann.client.cancelClubEvent(path: .init(clubId: club.id, eventId: called.id)).ok.body.json
            try await Self.move(server, lastWeek, to: Date().addingTimeInterval(-7 * 86_400))
            try await Self.move(server, yesterday, to: Date().addingTimeInterval(-86_400))
            try await Self.move(server, called, to: Date().addingTimeInterval(-3 * 86_400))
            let list = { (when: Components.Schemas.ClubEventWhen?, limit: Int?) in
                try await bo.client.listClubEvents(path: .init(clubId: club.id), query: .init(when: when, limit: limit)).ok.body.json.events
            }
            #expect(try await list(nil, nil).map(\.title) == ["Soon", "Later"], "upcoming when not said")
            #expect(try await list(.upcoming, 1).map(\.title) == ["Soon"])
            let past = try await list(.past, nil)
            #expect(past.map(\.title) == ["Yesterday", "Called off", "Last week"])
            #expect(past.map(\.status) == [.scheduled, .cancelled, .scheduled])
            #expect(try await list(.past, 2).map(\.title) == ["Yesterday", "Called off"])
            let base = "/clubs/\(club.id)/events"
            #expect(try await server.raw(.GET, "\(base)?when=yesterday", token: bo.token).status == 400, "a closed set")
            #expect(try await server.raw(.GET, "\(base)?when=past&limit=0", token: bo.token).status == 400)
            #expect(try await server.raw(.GET, "\(base)?when=past", token: eve.token).status == 404, "as the club's page")
            #expect(try await server.raw(.GET, "\(base)?when=past").status == 401)
        }
    }

    @Test("a change and a cancellation are told to those going or maybe going, not to others", arguments: TestDatabase.available)
    func changesAreTold(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let cy = try await server.newUser("Cy")
            let dee = try await server.newUser("Dee")
            let eli = try await server.newUser("Eli")
            let club = try await ClubTests.club(ann)
            for user in [bo, cy, dee, eli] { _ = try await ClubTests.join(user, club) }
            let event = try await Self.event(ann, club)
            _ = try await Self.answer(server, bo, event, "yes")
            _ = try await Self.answer(server, cy, event, "maybe")
            _ = try await Self.answer(server, dee, event, "no")
            let later = Self.tomorrow.addingTimeInterval(3600)
            let changed = try await ann.client.updateClubEvent(
                path: .init(clubId: club.id, eventId: event.id),
                body: .json(.init(title: "Tuesday intervals", startsAt: later, paceGroups: [])))
                .ok.body.json
            #expect(changed.title == "Tuesday intervals" && changed.paceGroups.isEmpty && changed.place.name == "Meadows gates")
            #expect(abs(changed.startsAt.timeIntervalSince(later)) < 1)
            let told = { (user: TestUser) in
                var excerpts: [String] = []
                for notification in try await user.client.listNotifications().ok.body.json.notifications
                where notification.kind == .eventChanged {
                    excerpts.append(notification.excerpt ?? "")
                }
                return excerpts
            }
            #expect(try await told(bo) == ["Tuesday intervals"])
            #expect(try await told(cy) == ["Tuesday intervals"])
            for user in [dee, eli, ann] { #expect(try await told(user).isEmpty) }
            try await Task.sleep(for: .seconds(1.1))  // each change is told anew, a second apart at least
            let cancelled = try await ann.client.cancelClubEvent(path: .init(clubId: club.id, eventId: event.id)).ok.body.json
            #expect(cancelled.status == .cancelled)
            _ = try await ann.client.cancelClubEvent(path: .init(clubId: club.id, eventId: event.id)).ok.body.json
            #expect(try await told(bo).count == 2)
            #expect(try await told(cy).count == 2)
            #expect(try await told(dee).isEmpty)
            // Cancelled events stay listed (marked so) until their time.
            #expect(try await bo.client.listClubEvents(path: .init(clubId: club.id)).ok.body.json.events.map(\.status) == [.cancelled])
        }
    }
}

/// "Ran together": the members' activities near the event's time and meeting point.
@Suite("Club events: ran together")
struct ClubEventRunsTests {
    static let meeting = (latitude: 55.86, longitude: -4.25)

    /// `user` uploads 2 km east from `metres` east and north of the meeting point, starting at `start`.
    static func run(_ user: TestUser, east: Double = 0, north: Double = 0, start: Date, name: String,
                    privacy: Components.Schemas.Privacy = .friendsAndClubs) async throws -> Components.Schemas.Run {
        let origin = Coordinate(latitude: meeting.latitude + north / 111_195,
                                longitude: meeting.longitude + east / (111_195 * cos(meeting.latitude * .pi / 180)))
        var builder = SyntheticTrack(origin: origin)
        builder.legs = [(east: 2_000, north: 0)]
        builder.speed = 3
        builder.interval = 2
        builder.start = start
        let fixes: [Components.Schemas.FixInput] = builder.build().track.fixes.compactMap { fix in
            guard let time = fix.time, let coordinate = fix.coordinate else { return nil }
            return .init(time: time, latitude: coordinate.latitude, longitude: coordinate.longitude, elevation: fix.elevation)
        }
        return try await user.client.uploadRun(query: .init(privacy: privacy, name: name, utcOffsetMinutes: 0),
                                               body: .json(.init(fixes: fixes))).created.body.json
    }

    @Test("within 30 minutes and 500 m of the meeting point, members only and to members only, as each may see them", arguments: TestDatabase.available)
    func ranTogether(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let cy = try await server.newUser("Cy")
            let eve = try await server.newUser("Eve")
            let club = try await ClubTests.club(ann, admission: .open)
            for user in [bo, cy] { _ = try await ClubTests.join(user, club) }
            let event = try await ClubEventTests.event(
                ann, club, title: "Park run")
            _ = try await ann.client.updateClubEvent(
                path: .init(clubId: club.id, eventId: event.id),
                body: .json(.init(place: .init(latitude: Self.meeting.latitude, longitude: Self.meeting.longitude))))
            let start = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 - 7_200).rounded(.down))
            let path = "/clubs/\(club.id)/events/\(event.id)/activities"
            #expect(try await server.raw(.GET, path, token: eve.token).status == 403, "the members' activities are the members', as the feed")
            let anchor = try await Self.run(bo, start: start, name: "Anchor")
            let near = try await Self.run(cy, east: 300, start: start.addingTimeInterval(20 * 60), name: "Near")
            _ = try await Self.run(cy, start: start.addingTimeInterval(40 * 60), name: "Too late")
            _ = try await Self.run(bo, east: 400, north: 400, start: start, name: "Box corner, 566 m")
            _ = try await Self.run(eve, start: start, name: "Not a member", privacy: .public)
            let hidden = try await Self.run(cy, east: -100, start: start.addingTimeInterval(-60), name: "Private", privacy: .private)
            let names = { (user: TestUser) in
                try await user.client.listClubEventActivities(path: .init(clubId: club.id, eventId: event.id)).ok.body.json.runs.map(\.id)
            }
            #expect(try await names(ann).isEmpty, "nothing before the event's time")
            try await server.execute("UPDATE club_events SET starts_at = (SELECT start_time FROM runs WHERE name = 'Anchor')")
            #expect(try await names(ann) == [anchor.id, near.id])
            #expect(try await names(cy) == [hidden.id, anchor.id, near.id])
        }
    }
}
