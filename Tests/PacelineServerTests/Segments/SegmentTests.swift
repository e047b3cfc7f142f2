import Foundation
import PacelineAPI
import PacelineCore
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// Segments: made from a stretch of one's own activity, matched on every activity stored
/// after, ranked per person, and never showing what privacy hides.
@Suite("Segments")
struct SegmentTests {
    /// `metres` north (south if negative) from Glasgow Green at `speed` m/s, a fix a second, starting `hoursAgo` hours ago.
    static func straightRun(metres: Double = 3_000, speed: Double, hoursAgo: Double) -> Components.Schemas.FixUpload {
        var builder = SyntheticTrack(origin: LiveRace.origin)
        builder.legs = [(east: 0, north: metres)]
        if metres < 0 {  // start at the far end and come back south
            builder.origin = Coordinate(latitude: LiveRace.origin.latitude - metres / 111_132, longitude: LiveRace.origin.longitude)
        }
        builder.speed = speed
        builder.start = Date().addingTimeInterval(-hoursAgo * 3_600)
        let fixes = builder.build().track.fixes.map { fix in
            Components.Schemas.FixInput(time: fix.time!, latitude: fix.coordinate!.latitude, longitude: fix.coordinate!.longitude,
                                        horizontalAccuracy: 5)
        }
        return .init(sport: .run, fixes: fixes)
    }

    static func upload(_ user: TestUser, speed: Double, hoursAgo: Double, metres: Double = 3_000,
                       privacy: Components.Schemas.Privacy? = nil) async throws -> Components.Schemas.Run {
        try await user.client.uploadRun(query: .init(privacy: privacy),
                                        body: .json(straightRun(metres: metres, speed: speed, hoursAgo: hoursAgo))).created.body.json
    }

    /// The public segment 1,000–2,000 m along `run` of `user`'s.
    static func segment(of run: Components.Schemas.Run, by user: TestUser, privacy: Components.Schemas.Privacy = .public,
                        name: String = "Green straight") async throws -> Components.Schemas.Segment {
        try await user.client.createSegment(body: .json(.init(runId: run.id, startDistanceMeters: 1_000, endDistanceMeters: 2_000,
                                                              name: name, privacy: privacy))).created.body.json
    }

    @Test("an effort over a pause keeps its time from gate to gate and says how much of it was paused",
          arguments: TestDatabase.available)
    func pausedEffort(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public), bo = try await server.newUser("Bo", sharing: .public)
            let segment = try await Self.segment(of: try await Self.upload(ann, speed: 3, hoursAgo: 6), by: ann)
            // Bo pauses 90 s at 1,500 m, in the middle of the segment, and goes on.
            let fixes = Self.straightRun(speed: 3, hoursAgo: 3).fixes ?? []
            let after = fixes[500...].map { fix in
                var later = fix
                later.time = fix.time.addingTimeInterval(90)
                return later
            }
            let run = try await bo.client.uploadRun(body: .json(.init(sport: .run, segments: [Array(fixes[..<500]), after]))).created.body.json
            let effort = try #require(try await bo.client.getRunSegmentEfforts(path: .init(runId: run.id)).ok.body.json.efforts.first)
            #expect(effort.segment.id == segment.id)
            #expect(abs(effort.elapsedSeconds - (1_000 / 3 + 91)) < 3, "gate to gate, the pause included: \(effort.elapsedSeconds) s")
            #expect(abs((effort.pausedSeconds ?? 0) - 91) < 0.01, "from the last fix before the pause to the first after")
            // Ann's run, never paused, says nothing of a pause.
            let annEfforts = try await ann.client.getRunSegmentEfforts(path: .init(runId: try #require(segment.yourBest?.runId))).ok.body.json
            #expect(annEfforts.efforts.allSatisfy { $0.pausedSeconds == nil })
        }
    }

    @Test("a segment matches its maker's runs and everyone's after; the board ranks each person's best; ranks are personal",
          arguments: TestDatabase.available)
    func matchingAndLeaderboard(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let bo = try await server.newUser("Bo", sharing: .public), cy = try await server.newUser("Cy", sharing: .public)
            let slow = try await Self.upload(ann, speed: 3, hoursAgo: 6)
            _ = try await Self.upload(ann, speed: 3.5, hoursAgo: 5)
            let segment = try await Self.segment(of: slow, by: ann)
            #expect(abs(segment.distanceMeters - 1_000) < 2 && segment.path.count >= 50)
            #expect(segment.effortCount == 2 && segment.runnerCount == 1, "both of Ann's runs pass it: two efforts, one runner")
            #expect(abs((segment.yourBest?.elapsedSeconds ?? 0) - 1_000 / 3.5) < 2)

            // Later activities are matched as they are stored; the other way is not the segment.
            let boRun = try await Self.upload(bo, speed: 4, hoursAgo: 4)
            let boTwice = try await Self.upload(bo, speed: 3.8, hoursAgo: 3)
            let backwards = try await Self.upload(cy, speed: 5, hoursAgo: 2, metres: -3_000)
            #expect(try await cy.client.getRunSegmentEfforts(path: .init(runId: backwards.id)).ok.body.json.efforts.isEmpty)
            let boEfforts = try await bo.client.getRunSegmentEfforts(path: .init(runId: boRun.id)).ok.body.json.efforts
            try #require(boEfforts.count == 1)
            #expect(boEfforts[0].segment.id == segment.id && boEfforts[0].segment.name == "Green straight")
            #expect(abs(boEfforts[0].elapsedSeconds - 250) < 2 && abs(boEfforts[0].startDistanceMeters - 1_000) < 5)
            #expect(boEfforts[0].personalRank == 1)
            #expect(try await bo.client.getRunSegmentEfforts(path: .init(runId: boTwice.id)).ok.body.json.efforts.first?.personalRank == 2)

            // Fastest first, one place each; anyone may read a public segment's board.
            let board = try await server.client().getSegmentLeaderboard(path: .init(segmentId: segment.id)).ok.body.json
            #expect(board.entries.map(\.runner.displayName) == ["Bo", "Ann"])
            #expect(board.entries.map(\.rank) == [1, 2] && board.entries[0].runId == boRun.id)

            // Ann's third, slowest run ranks third among her own; the first was her best when run.
            let slowest = try await Self.upload(ann, speed: 2.5, hoursAgo: 1)
            #expect(try await ann.client.getRunSegmentEfforts(path: .init(runId: slowest.id)).ok.body.json.efforts.first?.personalRank == 3)
            #expect(try await ann.client.getRunSegmentEfforts(path: .init(runId: slow.id)).ok.body.json.efforts.first?.personalRank == 1)

            // Friends: Ann and Bo; Cy's fast run is on everyone's board only. Dee's effort of last year is not this year's.
            try await server.befriend(ann, bo)
            _ = try await Self.upload(cy, speed: 5, hoursAgo: 0.5)
            let dee = try await server.newUser("Dee", sharing: .public)
            _ = try await Self.upload(dee, speed: 6, hoursAgo: 24 * 400)
            let everyone = try await ann.client.getSegmentLeaderboard(path: .init(segmentId: segment.id)).ok.body.json
            #expect(everyone.entries.map(\.runner.displayName) == ["Dee", "Cy", "Bo", "Ann"])
            let friends = try await ann.client.getSegmentLeaderboard(path: .init(segmentId: segment.id), query: .init(scope: .friends)).ok.body.json
            #expect(friends.entries.map(\.runner.displayName) == ["Bo", "Ann"] && friends.scope == .friends)
            let thisYear = try await ann.client.getSegmentLeaderboard(path: .init(segmentId: segment.id), query: .init(period: .year)).ok.body.json
            #expect(thisYear.entries.map(\.runner.displayName) == ["Cy", "Bo", "Ann"])
            #expect(try await server.raw(.GET, "/segments/\(segment.id)/leaderboard?scope=friends").status == 401)

            // A run made a walk leaves the run segment's board; made a run again, it is back.
            _ = try await bo.client.updateRun(path: .init(runId: boTwice.id), body: .json(.init(sport: .walk))).ok
            #expect(try await bo.client.getRunSegmentEfforts(path: .init(runId: boTwice.id)).ok.body.json.efforts.isEmpty)
            _ = try await bo.client.updateRun(path: .init(runId: boTwice.id), body: .json(.init(sport: .run))).ok
            #expect(try await bo.client.getRunSegmentEfforts(path: .init(runId: boTwice.id)).ok.body.json.efforts.count == 1)

            // A deleted run's effort goes with it.
            _ = try await bo.client.deleteRun(path: .init(runId: boRun.id)).noContent
            let after = try await ann.client.getSegmentLeaderboard(path: .init(segmentId: segment.id)).ok.body.json
            #expect(abs((after.entries.first { $0.runner.displayName == "Bo" }?.elapsedSeconds ?? 0) - 1_000 / 3.8) < 2)
        }
    }

    @Test("private segments, private runs and privacy zones hide efforts from everyone but their owner",
          arguments: TestDatabase.available)
    func privacy(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public), bo = try await server.newUser("Bo", sharing: .public)
            let annRun = try await Self.upload(ann, speed: 3, hoursAgo: 5)
            // Private by default: nobody else sees it or is matched to it.
            let secret = try await ann.client.createSegment(body: .json(.init(runId: annRun.id, startDistanceMeters: 500,
                                                                                endDistanceMeters: 1_500, name: "Mine"))).created.body.json
            #expect(secret.privacy == .private)
            #expect(try await server.raw(.GET, "/segments/\(secret.id)", token: bo.token).status == 404)
            #expect(try await server.raw(.GET, "/segments/\(secret.id)/leaderboard").status == 404)
            let open = try await Self.segment(of: annRun, by: ann)

            let boRun = try await Self.upload(bo, speed: 4, hoursAgo: 4)
            let boEfforts = try await bo.client.getRunSegmentEfforts(path: .init(runId: boRun.id)).ok.body.json.efforts
            #expect(boEfforts.map(\.segment.id) == [open.id], "only the segment Bo may see")
            #expect(try await ann.client.getRunSegmentEfforts(path: .init(runId: annRun.id)).ok.body.json.efforts.count == 2)
            #expect(try await bo.client.getRunSegmentEfforts(path: .init(runId: annRun.id)).ok.body.json.efforts.map(\.segment.id) == [open.id])

            // A private run's effort is on its owner's board alone.
            let hidden = try await Self.upload(bo, speed: 6, hoursAgo: 3, privacy: .private)
            #expect(try await bo.client.getRunSegmentEfforts(path: .init(runId: hidden.id)).ok.body.json.efforts.count == 1)
            #expect(try await server.client().getSegmentLeaderboard(path: .init(segmentId: open.id)).ok.body.json.entries.first?.runId == boRun.id)
            #expect(try await bo.client.getSegmentLeaderboard(path: .init(segmentId: open.id)).ok.body.json.entries.first?.runId == hidden.id)
            #expect(try await server.client().getSegment(path: .init(segmentId: open.id)).ok.body.json.effortCount == 2)

            // Bo's privacy zone over the middle of the segment (its ends 300 m outside): an effort
            // would tell which way he went in there, so it leaves others' boards and his runs' pages.
            let middle = open.path[open.path.count / 2]
            _ = try await bo.client.putPrivacyZones(body: .json(.init(zones: [.init(latitude: middle.latitude, longitude: middle.longitude, radiusMeters: 200)]))).ok
            let anonymous = try await server.client().getSegmentLeaderboard(path: .init(segmentId: open.id)).ok.body.json
            #expect(anonymous.entries.map(\.runner.displayName) == ["Ann"])
            #expect(try await server.client().getRunSegmentEfforts(path: .init(runId: boRun.id)).ok.body.json.efforts.isEmpty)
            #expect(try await bo.client.getSegmentLeaderboard(path: .init(segmentId: open.id)).ok.body.json.entries.first?.runner.displayName == "Bo")

            #expect(try await server.client().getSegment(path: .init(segmentId: open.id)).ok.body.json.effortCount == 1)

            // A public segment can't be drawn through its maker's zone; a private one can. One
            // made before the zone is shown to others without what lies inside it.
            let start = open.path[0]
            _ = try await ann.client.putPrivacyZones(body: .json(.init(zones: [.init(latitude: start.latitude, longitude: start.longitude, radiusMeters: 200)]))).ok
            let seen = try await bo.client.getSegment(path: .init(segmentId: open.id)).ok.body.json.path
            #expect(seen.count < open.path.count && !seen.isEmpty)
            #expect(seen.allSatisfy { Geodesy.distance(Coordinate(latitude: $0.latitude, longitude: $0.longitude),
                                                      Coordinate(latitude: start.latitude, longitude: start.longitude)) > 200 })
            #expect(try await ann.client.getSegment(path: .init(segmentId: open.id)).ok.body.json.path.count == open.path.count)
            let refused = try await server.raw(.POST, "/segments", token: ann.token, headers: [("Content-Type", "application/json")],
                                               body: Data(#"{"runId": "\#(annRun.id)", "startDistanceMeters": 900, "endDistanceMeters": 2000, "name": "Home", "privacy": "public"}"#.utf8))
            #expect(refused.status == 422 && String(decoding: refused.body, as: UTF8.self).contains("in_privacy_zone"))
            _ = try await ann.client.createSegment(body: .json(.init(runId: annRun.id, startDistanceMeters: 900, endDistanceMeters: 2_000,
                                                                     name: "Home", privacy: .private))).created
        }
    }

    @Test("the segments near a runner: those they may see starting in the box, nearest first, with their best; a maker's zone hides one",
          arguments: TestDatabase.available)
    func near(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public), bo = try await server.newUser("Bo", sharing: .public)
            let run = try await Self.upload(ann, speed: 3, hoursAgo: 3)
            let open = try await Self.segment(of: run, by: ann)
            let later = try await ann.client.createSegment(body: .json(.init(runId: run.id, startDistanceMeters: 2_000, endDistanceMeters: 2_500,
                                                                               name: "Later", privacy: .public))).created.body.json
            let mine = try await ann.client.createSegment(body: .json(.init(runId: run.id, startDistanceMeters: 100, endDistanceMeters: 600,
                                                                              name: "Mine"))).created.body.json
            let origin = LiveRace.origin
            let box = "\(origin.longitude - 0.01),\(origin.latitude - 0.005),\(origin.longitude + 0.01),\(origin.latitude + 0.03)"
            let seen = try await bo.client.listSegmentsNear(query: .init(bbox: box, sport: .run)).ok.body.json.segments
            #expect(seen.map(\.id) == [open.id, later.id], "nearest the box's centre first; not Ann's private one")
            #expect(seen.allSatisfy { $0.yourBestSeconds == nil })
            let hers = try await ann.client.listSegmentsNear(query: .init(bbox: box)).ok.body.json.segments
            #expect(Set(hers.map(\.id)) == [open.id, later.id, mine.id])
            #expect(abs((hers.first { $0.id == open.id }?.yourBestSeconds ?? 0) - 1_000 / 3.0) < 2)
            #expect(try await bo.client.listSegmentsNear(query: .init(bbox: box, sport: .ride)).ok.body.json.segments.isEmpty)
            // Far away: nothing. Too wide a box, or no box: 400.
            #expect(try await bo.client.listSegmentsNear(query: .init(bbox: "10,10,10.01,10.01")).ok.body.json.segments.isEmpty)
            #expect(try await server.raw(.GET, "/segments?bbox=-5,55,-4,56").status == 400)
            #expect(try await server.raw(.GET, "/segments?bbox=a,b,c,d").status == 400)
            // Ann's new zone at the first segment's start: others no longer find it there.
            let start = open.path[0]
            _ = try await ann.client.putPrivacyZones(body: .json(.init(zones: [.init(latitude: start.latitude, longitude: start.longitude, radiusMeters: 200)]))).ok
            #expect(try await bo.client.listSegmentsNear(query: .init(bbox: box)).ok.body.json.segments.map(\.id) == [later.id])
            #expect(try await ann.client.listSegmentsNear(query: .init(bbox: box)).ok.body.json.segments.count == 3)
        }
    }

    @Test("a bad stretch or name is 400, someone else's run or segment 404, and nothing is made",
          arguments: TestDatabase.available)
    func badRequests(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public), bo = try await server.newUser("Bo", sharing: .public)
            let run = try await Self.upload(ann, speed: 3, hoursAgo: 2)
            let json = [("Content-Type", "application/json")]
            func post(_ body: String, as user: TestUser) async throws -> Int {
                try await server.raw(.POST, "/segments", token: user.token, headers: json, body: Data(body.utf8)).status
            }
            let id = run.id
            #expect(try await post(#"{"runId": "\#(id)", "startDistanceMeters": 100, "endDistanceMeters": 150, "name": "Short"}"#, as: ann) == 400)
            #expect(try await post(#"{"runId": "\#(id)", "startDistanceMeters": 900, "endDistanceMeters": 800, "name": "Back"}"#, as: ann) == 400)
            #expect(try await post(#"{"runId": "\#(id)", "startDistanceMeters": 100, "endDistanceMeters": 9000, "name": "Past"}"#, as: ann) == 400)
            #expect(try await post(#"{"runId": "\#(id)", "startDistanceMeters": 100, "endDistanceMeters": 900, "name": "   "}"#, as: ann) == 400)
            #expect(try await post(#"{"runId": "\#(id)", "startDistanceMeters": 100, "endDistanceMeters": 1e400, "name": "Big"}"#, as: ann) == 400)
            #expect(try await post(#"{"runId": "\#(id)", "startDistanceMeters": 100, "endDistanceMeters": 900, "name": "Bo's"}"#, as: bo) == 404)
            #expect(try await server.raw(.POST, "/segments", headers: json,
                                         body: Data(#"{"runId": "\#(id)", "startDistanceMeters": 100, "endDistanceMeters": 900, "name": "Anon"}"#.utf8)).status == 401)

            // A stretch just over 100 m, a little shorter once stored to a metre, is still the segment.
            let shortest = try await ann.client.createSegment(body: .json(.init(runId: run.id, startDistanceMeters: 1_000,
                                                                                endDistanceMeters: 1_100.2, name: "Sprint"))).created.body.json
            #expect(try await ann.client.getSegment(path: .init(segmentId: shortest.id)).ok.body.json.effortCount == 1)
            let again = try await Self.upload(ann, speed: 4, hoursAgo: 1)
            #expect(try await ann.client.getRunSegmentEfforts(path: .init(runId: again.id)).ok.body.json.efforts.map(\.segment.id) == [shortest.id])
            _ = try await ann.client.deleteSegment(path: .init(segmentId: shortest.id)).noContent

            let segment = try await Self.segment(of: run, by: ann)
            #expect(try await ann.client.listMySegments().ok.body.json.segments.map(\.id) == [segment.id])
            #expect(try await bo.client.listMySegments().ok.body.json.segments.isEmpty)
            #expect(try await server.raw(.DELETE, "/segments/\(segment.id)", token: bo.token).status == 404)
            #expect(try await server.raw(.GET, "/segments/not-a-uuid").status == 404)
            #expect(try await ann.client.getRunSegmentEfforts(path: .init(runId: run.id)).ok.body.json.efforts.count == 1)
            _ = try await ann.client.deleteSegment(path: .init(segmentId: segment.id)).noContent
            #expect(try await server.raw(.GET, "/segments/\(segment.id)").status == 404)
            #expect(try await ann.client.getRunSegmentEfforts(path: .init(runId: run.id)).ok.body.json.efforts.isEmpty)
        }
    }
}
