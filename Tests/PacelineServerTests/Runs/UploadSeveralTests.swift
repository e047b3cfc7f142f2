import Foundation
import PacelineAPI
import PacelineCore
import PacelineTestSupport
import Testing

/// An upload of a file of several activities makes one run each; an activity uploaded
/// before is found, not made again.
@Suite("Uploads of several activities, and duplicates")
struct UploadSeveralTests {
    @Test("a triathlon's FIT makes one run per leg; a retry makes nothing more", arguments: TestDatabase.available)
    func triathlon(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let tri = try await server.newUser("Tri")
            let first = try await server.upload("fit/sample_mulitple_header.fit", as: tri, idempotencyKey: "tri-1")
            #expect(first.status == 201, "\(String(decoding: first.body, as: UTF8.self))")
            let swim = try #require(first.json)
            #expect(swim["sport"] as? String == "swim")
            let others = try #require(swim["otherRunIds"] as? [String])
            #expect(others.count == 4)
            var sports: [String] = []
            for id in others { sports.append(try await tri.client.getRun(path: .init(runId: id)).ok.body.json.sport.rawValue) }
            #expect(sports == ["other", "ride", "other", "run"])
            let ride = try await tri.client.getRun(path: .init(runId: others[1])).ok.body.json
            #expect(abs(ride.distanceMeters - 40909.42) < 0.02 * 40909.42)
            // Retried: the same runs, nothing new.
            let retry = try await server.upload("fit/sample_mulitple_header.fit", as: tri, idempotencyKey: "tri-1")
            #expect(retry.status == 200)
            #expect(retry.json?["id"] as? String == swim["id"] as? String)
            #expect(retry.json?["otherRunIds"] as? [String] == others)
            #expect(try await tri.client.listRuns().ok.body.json.runs.count == 5)
        }
    }

    @Test("a file of more activities than any day holds is refused, before any is saved", arguments: TestDatabase.available)
    func tooMany(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let eve = try await server.newUser("Eve")
            // Activities of one lap of two trackpoints, as Training Center writes them.
            let activity = """
                <Activity Sport="Running"><Id>2012-10-24T23:29:40Z</Id><Lap StartTime="2012-10-24T23:29:40Z">\
                <TotalTimeSeconds>60</TotalTimeSeconds><DistanceMeters>200</DistanceMeters><Track>\
                <Trackpoint><Time>2012-10-24T23:29:40Z</Time><Position><LatitudeDegrees>46</LatitudeDegrees>\
                <LongitudeDegrees>14</LongitudeDegrees></Position></Trackpoint>\
                <Trackpoint><Time>2012-10-24T23:30:40Z</Time><Position><LatitudeDegrees>46.0018</LatitudeDegrees>\
                <LongitudeDegrees>14</LongitudeDegrees></Position></Trackpoint></Track></Lap></Activity>
                """
            func history(_ count: Int) -> Data {
                Data(("<?xml version=\"1.0\"?><TrainingCenterDatabase xmlns=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2\"><Activities>"
                      + String(repeating: activity, count: count) + "</Activities></TrainingCenterDatabase>").utf8)
            }
            let many = try await server.raw(.POST, "/runs", token: eve.token, headers: [("Content-Type", "application/vnd.garmin.tcx+xml")],
                                            body: history(101))
            #expect(many.status == 422 && String(decoding: many.body, as: UTF8.self).contains("101 activities, more than 100"))
            // Past what a reader keeps at all: refused as it reads.
            let more = try await server.raw(.POST, "/runs", token: eve.token, headers: [("Content-Type", "application/vnd.garmin.tcx+xml")],
                                            body: history(1001))
            #expect(more.status == 422 && String(decoding: more.body, as: UTF8.self).contains("more than 1000 activities"))
            #expect(try await eve.client.listRuns().ok.body.json.runs.isEmpty)
        }
    }

    @Test("activities that can't be runs are listed; the others are saved", arguments: TestDatabase.available)
    func someLeftOut(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let cy = try await server.newUser("Cy")
            // CalTopo's "Day 01" is three points at one place; "Day 02" is an 11 km hike.
            let response = try await server.upload("gpx/caltopo-export.gpx", as: cy)
            #expect(response.status == 201, "\(String(decoding: response.body, as: UTF8.self))")
            let json = try #require(response.json)
            #expect(json["name"] as? String == "Day 02")
            #expect((json["otherRunIds"] as? [String])?.isEmpty == true)
            let leftOut = try #require(json["activitiesLeftOut"] as? [[String: Any]])
            #expect(leftOut.count == 1)
            #expect(leftOut.first?["activity"] as? Int == 1)
            #expect(leftOut.first?["code"] as? String == "too_short")
        }
    }

    @Test("with skipDuplicates, the same activity under another key, or as another format, is found, not made twice",
          arguments: TestDatabase.available)
    func duplicates(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bob = try await server.newUser("Bob")
            let skip = "?skipDuplicates=true"
            let first = try await server.upload("fit/2013-02-06-12-11-14.fit", as: ann, query: skip + "&description=Tempo%20%E2%80%94%20windy",
                                                idempotencyKey: "a")
            #expect(first.status == 201)
            #expect(first.json?["description"] as? String == "Tempo — windy")
            let again = try await server.upload("fit/2013-02-06-12-11-14.fit", as: ann, query: skip, idempotencyKey: "b")
            #expect(again.status == 200)
            #expect(again.json?["duplicate"] as? Bool == true)
            #expect(again.json?["id"] as? String == first.json?["id"] as? String)
            // The same run converted to GPX, as another service exports it (no odometer: the
            // GPS measure, 3% short of the watch's): the same activity.
            let activity = try ActivityReader.read(contentsOf: Fixtures.track("fit/2013-02-06-12-11-14.fit"))
            let gpx = try await server.raw(.POST, "/runs" + skip, token: ann.token, headers: [("Content-Type", "application/gpx+xml")],
                                           body: Data(GPXWriter.write(activity).utf8))
            #expect(gpx.status == 200 && gpx.json?["duplicate"] as? Bool == true,
                    "\(String(decoding: gpx.body, as: UTF8.self))")
            #expect(try await ann.client.listRuns().ok.body.json.runs.count == 1)
            // Another person's upload of the same file is theirs.
            #expect(try await server.upload("fit/2013-02-06-12-11-14.fit", as: bob, query: skip).status == 201)
            // Once deleted, it can come back.
            let id = try #require(first.json?["id"] as? String)
            _ = try await ann.client.deleteRun(path: .init(runId: id)).noContent
            #expect(try await server.upload("fit/2013-02-06-12-11-14.fit", as: ann, query: skip).status == 201)
            // Without skipDuplicates, the API makes what it is sent.
            #expect(try await server.upload("fit/2013-02-06-12-11-14.fit", as: ann).status == 201)
            #expect(try await ann.client.listRuns().ok.body.json.runs.count == 2)
            // A description past its limit is refused, naming it.
            let long = try await server.upload("gpx/run.gpx", as: ann, query: "?description=" + String(repeating: "a", count: 2001))
            #expect(long.status == 400 && String(decoding: long.body, as: UTF8.self).contains("description"))
        }
    }
}

@Suite("Correcting a run")
struct RunCorrectionTests {
    @Test("a run's sport corrected measures it again; its description set and cleared; another's run is 404",
          arguments: TestDatabase.available)
    func correctTheSport(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bob = try await server.newUser("Bob")
            // The Forerunner 110 run, as a ride: 45 km/h is no longer too fast, calories change.
            let upload = try await server.upload("fit/2013-02-06-12-11-14.fit", as: ann)
            let id = try #require(upload.json?["id"] as? String)
            let before = try await ann.client.getRun(path: .init(runId: id)).ok.body.json
            #expect(before.sport == .run)
            let ride = try await ann.client.updateRun(path: .init(runId: id), body: .json(.init(description: "Commute", sport: .ride))).ok.body.json
            #expect(ride.sport == .ride && ride.description == "Commute")
            #expect(ride.distanceMeters == before.distanceMeters)  // the watch's odometer still counts
            #expect(ride.ascentMeters == before.ascentMeters)
            #expect(ride.calories != before.calories)
            // What a file read as a ride would measure.
            var activity = try ActivityReader.read(contentsOf: Fixtures.track("fit/2013-02-06-12-11-14.fit"))
            activity.sport = .ride
            let expected = ActivitySummary(activity)
            #expect(ride.movingSeconds == expected.movingSeconds)
            #expect(try await ann.client.getRun(path: .init(runId: id)).ok.body.json.sport == .ride)
            let cleared = try await ann.client.updateRun(path: .init(runId: id), body: .json(.init(description: ""))).ok.body.json
            #expect(cleared.description == nil && cleared.sport == .ride)
            // Bad input names the field; another person's run is not theirs to change.
            let long = try await server.raw(.PATCH, "/runs/\(id)", token: ann.token, headers: [("Content-Type", "application/json")],
                                            body: Data(#"{"description": "\#(String(repeating: "a", count: 2001))"}"#.utf8))
            #expect(long.status == 400 && String(decoding: long.body, as: UTF8.self).contains("description"))
            let unknown = try await server.raw(.PATCH, "/runs/\(id)", token: ann.token, headers: [("Content-Type", "application/json")],
                                               body: Data(#"{"sport": "skateboard"}"#.utf8))
            #expect(unknown.status == 400 && String(decoding: unknown.body, as: UTF8.self).contains("sport"))
            for title in ["", "   "] {
                let empty = try await server.raw(.PATCH, "/runs/\(id)", token: ann.token, headers: [("Content-Type", "application/json")],
                                                 body: Data(#"{"name": "\#(title)", "sport": "walk"}"#.utf8))
                #expect(empty.status == 400 && String(decoding: empty.body, as: UTF8.self).contains("name"))
            }
            let theirs = try await server.raw(.PATCH, "/runs/\(id)", token: bob.token, headers: [("Content-Type", "application/json")],
                                              body: Data(#"{"sport": "walk"}"#.utf8))
            #expect(theirs.status == 404)
            #expect(try await ann.client.getRun(path: .init(runId: id)).ok.body.json.sport == .ride)
        }
    }
}
