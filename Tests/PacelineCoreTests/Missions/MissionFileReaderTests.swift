import Foundation
import Testing
@testable import PacelineCore

@Suite struct MissionFileReaderTests {
    /// A two-route mission file due north of Glasgow, with stage points 40 m east of the line.
    func file(editing edit: (inout [String: Any]) -> Void = { _ in }) throws -> Data {
        let first = MissionFixtures.line(from: Coordinate(latitude: 55.9, longitude: -4.2), metres: 10_000, points: 11)
        let second = MissionFixtures.line(from: Coordinate(latitude: 55.9, longitude: -3.9), metres: 4_000, points: 5)
        func positions(_ path: MissionPath) -> [[Double]] { path.coordinates.map { [$0.longitude, $0.latitude] } }
        func beside(_ path: MissionPath, _ metres: Double) -> [Double] {
            let point = path.coordinate(at: metres)
            return [point.longitude + 40 / (111_320 * cos(point.latitude * .pi / 180)), point.latitude]
        }
        var root: [String: Any] = [
            "type": "FeatureCollection",
            "mission": ["id": "north", "name": "North", "summary": "Two lines.", "attribution": "made up"],
            "features": [
                ["type": "Feature", "geometry": ["type": "LineString", "coordinates": positions(second)],
                 "properties": ["kind": "route", "id": "b", "name": "Second", "order": 2, "medalDays": ["gold": 1, "silver": 2, "bronze": 3]]],
                ["type": "Feature", "geometry": ["type": "LineString", "coordinates": positions(first)],
                 "properties": ["kind": "route", "id": "a", "name": "First", "order": 1, "medalDays": ["gold": 7, "silver": 14, "bronze": 28]]],
                ["type": "Feature", "geometry": ["type": "Point", "coordinates": beside(first, 3_000)],
                 "properties": ["kind": "stage", "route": "a", "name": "Three",
                                "photo": ["url": "https://upload.wikimedia.org/x.jpg", "attribution": "Someone, CC BY-SA 4.0"]]],
                ["type": "Feature", "geometry": NSNull(), "properties": ["kind": "stage", "route": "a", "name": "Six", "distanceMeters": 6_000]],
                ["type": "Feature", "geometry": ["type": "Point", "coordinates": beside(first, 10_000)],
                 "properties": ["kind": "stage", "route": "a", "name": "End"]],
                ["type": "Feature", "geometry": ["type": "Point", "coordinates": beside(second, 4_000)],
                 "properties": ["kind": "stage", "route": "b", "name": "Finish"]],
            ],
        ]
        edit(&root)
        return try JSONSerialization.data(withJSONObject: root)
    }

    func feature(_ index: Int, in root: inout [String: Any], _ edit: (inout [String: Any]) -> Void) {
        var features = root["features"] as! [[String: Any]]
        edit(&features[index])
        root["features"] = features
    }

    func properties(_ index: Int, in root: inout [String: Any], _ edit: (inout [String: Any]) -> Void) {
        feature(index, in: &root) { feature in
            var properties = feature["properties"] as! [String: Any]
            edit(&properties)
            feature["properties"] = properties
        }
    }

    @Test func readsRoutesInOrderWithStagesSnappedToTheLine() throws {
        let mission = try MissionFileReader.read(try file())
        #expect(mission.id == "north" && mission.name == "North" && mission.attribution == "made up")
        #expect(mission.routes.map(\.name) == ["First", "Second"])
        let stages = mission.routes[0].stages
        #expect(stages.map(\.name) == ["Three", "Six", "End"])
        #expect(abs(stages[0].end - 3_000) < 0.5 && stages[1].start == stages[0].end)
        #expect(stages[1].end == 6_000 && stages[2].end == mission.routes[0].path.length)
        #expect(stages[0].photo == StagePhoto(url: "https://upload.wikimedia.org/x.jpg", attribution: "Someone, CC BY-SA 4.0"))
        #expect(mission.routes[0].medals == MedalThresholds(gold: 7 * 86_400, silver: 14 * 86_400, bronze: 28 * 86_400))
        #expect(abs(mission.length - 14_000) < 0.1)
    }

    @Test func errorsNameTheFeatureAndTheProblem() throws {
        let cases: [(String, (inout [String: Any]) -> Void)] = [
            ("features[2] (stage \"Three\"): the point is", { root in
                self.feature(2, in: &root) { $0["geometry"] = ["type": "Point", "coordinates": [-4.0, 55.95]] } }),
            ("features[3] (stage \"Six\"): it ends 2000 m along route \"First\", not after the previous stage", { root in
                self.properties(3, in: &root) { $0["distanceMeters"] = 2_000 } }),
            ("features[4] (stage \"End\"): the last stage of route \"First\" must end at the line's end", { root in
                self.feature(4, in: &root) { $0["geometry"] = NSNull() }
                self.properties(4, in: &root) { $0["distanceMeters"] = 8_000 } }),
            ("features[1] (route \"First\"): medalDays must allow gold ≤ silver ≤ bronze", { root in
                self.properties(1, in: &root) { $0["medalDays"] = ["gold": 20, "silver": 14, "bronze": 28] } }),
            ("features[1] (route \"First\"): coordinates[3]: 200.0, 55.9 is not a position on Earth", { root in
                self.feature(1, in: &root) { feature in
                    var geometry = feature["geometry"] as! [String: Any]
                    var coordinates = geometry["coordinates"] as! [[Double]]
                    coordinates[3] = [200, 55.9]
                    geometry["coordinates"] = coordinates
                    feature["geometry"] = geometry
                } }),
            ("features[5] (stage \"Finish\"): no route has the id \"c\"", { root in
                self.properties(5, in: &root) { $0["route"] = "c" } }),
            ("features[2] (stage \"Three\"): photo.url must be an https URL", { root in
                self.properties(2, in: &root) { $0["photo"] = ["url": "http://example.org/a.jpg", "attribution": "x"] } }),
            ("mission.id \"North!\" must be lower-case letters", { root in root["mission"] = ["id": "North!", "name": "N"] }),
            ("features[0] (route \"Second\"): the route has no stages", { root in
                var features = root["features"] as! [[String: Any]]
                features.removeLast()
                root["features"] = features }),
        ]
        for (expected, edit) in cases {
            let data = try file(editing: edit)
            do {
                _ = try MissionFileReader.read(data)
                Issue.record("no error; expected \(expected)")
            } catch {
                #expect(error.message.hasPrefix(expected), "\(error.message)")
            }
        }
        #expect(throws: MissionError("not a GeoJSON FeatureCollection")) { try MissionFileReader.read(Data("[]".utf8)) }
    }
}
