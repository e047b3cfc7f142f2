import Foundation
import Testing
@testable import PacelineCore
import PacelineTestSupport

@Suite struct GeoJSONWriterTests {
    static func parse(_ json: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        return try #require(object as? [String: Any])
    }

    @Test func trackIsAMultiLineStringInLongitudeLatitudeOrder() throws {
        let activity = SyntheticActivities.twoSegmentRun()
        let root = try Self.parse(GeoJSONWriter.write(activity))
        #expect(JSONValue.string(root["type"]) == "FeatureCollection")
        let features = JSONValue.array(root["features"]).map(JSONValue.object)
        try #require(features.count == 1 + activity.waypoints.count + activity.routes.count)

        let track = features[0]
        #expect(JSONValue.string(track["type"]) == "Feature")
        let geometry = JSONValue.object(track["geometry"])
        #expect(JSONValue.string(geometry["type"]) == "MultiLineString")
        let lines = JSONValue.array(geometry["coordinates"])
        try #require(lines.count == 2)
        let properties = JSONValue.object(track["properties"])
        #expect(JSONValue.string(properties["name"]) == activity.name)
        #expect(JSONValue.string(properties["sport"]) == "run")
        #expect(JSONValue.string(properties["time"]) == "2017-06-11T14:34:09Z")
        let times = JSONValue.array(JSONValue.object(properties["coordinateProperties"])["times"])
        try #require(times.count == 2)

        for ((line, lineTimes), fixes) in zip(zip(lines, times), activity.track.segments) {
            let positions = JSONValue.array(line)
            let strings = JSONValue.array(lineTimes)
            try #require(positions.count == fixes.count)
            try #require(strings.count == fixes.count)
            for (position, fix) in zip(positions, fixes) {
                let numbers = JSONValue.array(position).compactMap(JSONValue.double)
                #expect(numbers.count == (fix.elevation == nil ? 2 : 3))
                #expect(abs(numbers[0] - fix.coordinate!.longitude) < 1e-7)
                #expect(abs(numbers[1] - fix.coordinate!.latitude) < 1e-7)
                if let elevation = fix.elevation, numbers.count == 3 {
                    #expect(abs(numbers[2] - elevation) < 1e-3)
                }
            }
        }
        let secondTimes = JSONValue.array(times[1]).compactMap(JSONValue.string)
        #expect(secondTimes.prefix(3) == ["2017-06-11T14:44:09Z", "2017-06-11T14:44:09.250Z", "2017-06-11T14:44:09.500Z"])
    }

    @Test func waypointsAndRoutesAreFeatures() throws {
        let activity = SyntheticActivities.twoSegmentRun()
        let features = JSONValue.array(try Self.parse(GeoJSONWriter.write(activity))["features"]).map(JSONValue.object)
        try #require(features.count == 4)

        let waypoint = features[1]
        let point = JSONValue.object(waypoint["geometry"])
        #expect(JSONValue.string(point["type"]) == "Point")
        #expect(JSONValue.array(point["coordinates"]).compactMap(JSONValue.double) == [14.5101, 46.0555, 301.25])
        let properties = JSONValue.object(waypoint["properties"])
        #expect(JSONValue.string(properties["name"]) == SyntheticActivities.awkwardName)
        #expect(JSONValue.string(properties["time"]) == "2017-06-11T14:34:09Z")
        #expect(JSONValue.string(JSONValue.object(features[2]["properties"])["name"]) == "Šmarna gora")

        let route = JSONValue.object(features[3]["geometry"])
        #expect(JSONValue.string(route["type"]) == "LineString")
        #expect(JSONValue.array(route["coordinates"]).count == 3)
        #expect(JSONValue.string(JSONValue.object(features[3]["properties"])["kind"]) == "route")
    }

    @Test func stringsAreEscaped() throws {
        let name = "quote \" backslash \\ newline \n bell \u{7} \(SyntheticActivities.awkwardName)"
        let activity = Activity(format: .gpx, name: name, track: Track(segments: []))
        let json = GeoJSONWriter.write(activity)
        #expect(json.contains(#"\u0007"#))
        let track = JSONValue.object(JSONValue.array(try Self.parse(json)["features"]).first)
        #expect(JSONValue.string(JSONValue.object(track["properties"])["name"]) == name)
        #expect(JSONValue.array(JSONValue.object(track["geometry"])["coordinates"]).isEmpty)
    }

    @Test func positionlessFixesAndShortSegmentsAreLeftOut() throws {
        let start = SyntheticActivities.start
        let segments: [[Fix]] = [
            [Fix(latitude: 46, longitude: 14, time: start), Fix(time: start.addingTimeInterval(1), heartRate: 90),
             Fix(latitude: 46.001, longitude: 14.001)],
            [Fix(latitude: 47, longitude: 15)],
            [],
        ]
        let root = try Self.parse(GeoJSONWriter.write(Activity(format: .tcx, track: Track(segments: segments))))
        let track = JSONValue.object(JSONValue.array(root["features"]).first)
        let lines = JSONValue.array(JSONValue.object(track["geometry"])["coordinates"])
        try #require(lines.count == 1)
        let positions = JSONValue.array(lines[0]).map { JSONValue.array($0).compactMap(JSONValue.double) }
        #expect(positions == [[14, 46], [14.001, 46.001]])
        let times = JSONValue.array(JSONValue.object(JSONValue.object(track["properties"])["coordinateProperties"])["times"])
        let firstLineTimes = JSONValue.array(times.first)
        #expect(firstLineTimes.count == 2)
        #expect(JSONValue.string(firstLineTimes[0]) == "2017-06-11T14:34:09Z")
        #expect(firstLineTimes[1] is NSNull)
    }

    @Test func streamingMatchesSingleString() {
        let activity = SyntheticActivities.longRun(fixCount: 3_000)
        var streamed = ""
        GeoJSONWriter.write(activity, to: &streamed)
        #expect(streamed == GeoJSONWriter.write(activity))
    }
}
