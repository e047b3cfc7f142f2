import Foundation

/// Reads a mission file: a GeoJSON FeatureCollection (docs/ALGORITHMS.md, "Missions").
///
/// ```json
/// {"type": "FeatureCollection",
///  "mission": {"id": "scotland-canals", "name": "Glasgow → Edinburgh", "summary": "…", "attribution": "…"},
///  "features": [
///   {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[-4.25, 55.86], …]},
///    "properties": {"kind": "route", "id": "forth-clyde", "name": "Forth & Clyde Canal", "order": 1,
///                   "medalDays": {"gold": 7, "silver": 14, "bronze": 28}}},
///   {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-4.15, 55.94]},
///    "properties": {"kind": "stage", "route": "forth-clyde", "name": "Kirkintilloch",
///                   "photo": {"url": "https://…", "attribution": "…", "page": "https://…"}}}]}
/// ```
/// A stage feature marks where the stage *ends*, by a Point snapped to its route's line
/// (within 250 m, searching forward from the previous stage's end) or by
/// `"distanceMeters"` along the line; stages of a route are listed in order and the last
/// ends at the line's end. Every error names the feature (`features[4] (stage "Kirkintilloch")`).
public enum MissionFileReader {
    /// How far a stage's point may lie from its route's line, metres.
    public static let snapTolerance = 250.0
    /// Limits that keep one file from exhausting a server.
    public static let maximumRoutes = 50, maximumStagesPerRoute = 500, maximumPointsPerRoute = 200_000

    /// The mission in `data`, checked.
    /// - Throws: `MissionError` naming the feature and the problem.
    /// - Complexity: O(points × stages) for snapping the stage points (each searches its route's line once).
    public static func read(_ data: Data) throws(MissionError) -> Mission {
        let root: Any
        do { root = try JSONSerialization.jsonObject(with: data) } catch {
            throw MissionError("not JSON: \((error as NSError).userInfo["NSDebugDescription"] as? String ?? "\(error)")")
        }
        guard let collection = root as? [String: Any], collection["type"] as? String == "FeatureCollection" else {
            throw MissionError("not a GeoJSON FeatureCollection")
        }
        guard let header = collection["mission"] as? [String: Any] else {
            throw MissionError("the FeatureCollection has no \"mission\" object (id, name, summary, attribution)")
        }
        let id = try text(header["id"], "mission.id", maximum: 64)
        guard id.range(of: "^[a-z0-9][a-z0-9-]*$", options: .regularExpression) != nil else {
            throw MissionError("mission.id \"\(id)\" must be lower-case letters, digits and hyphens")
        }
        let name = try text(header["name"], "mission.name", maximum: 200)
        let summary = try text(header["summary"] ?? "", "mission.summary", maximum: 2_000, optional: true)
        let attribution = try text(header["attribution"] ?? "", "mission.attribution", maximum: 1_000, optional: true)
        guard let features = collection["features"] as? [Any] else { throw MissionError("\"features\" must be an array") }

        var routes: [RouteDraft] = []
        var stages: [(index: Int, feature: [String: Any], properties: [String: Any])] = []
        for (index, item) in features.enumerated() {
            guard let feature = item as? [String: Any], feature["type"] as? String == "Feature" else {
                throw MissionError("features[\(index)] is not a GeoJSON Feature")
            }
            let properties = feature["properties"] as? [String: Any] ?? [:]
            switch properties["kind"] as? String {
            case "route": routes.append(try RouteDraft(feature, properties, index: index))
            case "stage": stages.append((index, feature, properties))
            default: throw MissionError("features[\(index)]: properties.kind must be \"route\" or \"stage\"")
            }
        }
        guard !routes.isEmpty else { throw MissionError("the mission has no route (a LineString feature with kind \"route\")") }
        guard routes.count <= maximumRoutes else { throw MissionError("the mission has \(routes.count) routes; at most \(maximumRoutes)") }
        var byID: [String: Int] = [:]
        for (position, route) in routes.enumerated() {
            if byID.updateValue(position, forKey: route.id) != nil {
                throw MissionError("\(route.label): another route has the id \"\(route.id)\"")
            }
        }
        for stage in stages {
            let routeID = stage.properties["route"] as? String ?? ""
            guard let position = byID[routeID] else {
                throw MissionError("features[\(stage.index)] (stage \"\(stage.properties["name"] as? String ?? "")\"): no route has the id \"\(routeID)\"")
            }
            try routes[position].addStage(stage.feature, stage.properties, index: stage.index)
        }
        let ordered = routes.enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }.map(\.element)
        var missionRoutes: [MissionRoute] = []
        for route in ordered { missionRoutes.append(try route.route()) }
        return Mission(id: id, name: name, summary: summary, attribution: attribution, routes: missionRoutes)
    }

    /// A route as it is being read: its line, and its stages as they come.
    private struct RouteDraft {
        let index: Int
        let id: String
        let name: String
        let order: Double
        let path: MissionPath
        let medals: MedalThresholds
        var stages: [MissionStage] = []
        var lastStageIndex = -1

        var label: String { "features[\(index)] (route \"\(name)\")" }

        init(_ feature: [String: Any], _ properties: [String: Any], index: Int) throws(MissionError) {
            self.index = index
            let name = try text(properties["name"], "features[\(index)]: properties.name", maximum: 200)
            self.name = name
            let label = "features[\(index)] (route \"\(name)\")"
            id = try text(properties["id"], "\(label): properties.id", maximum: 64)
            order = (properties["order"] as? NSNumber)?.doubleValue ?? 0
            guard let geometry = feature["geometry"] as? [String: Any], geometry["type"] as? String == "LineString",
                  let positions = geometry["coordinates"] as? [Any] else {
                throw MissionError("\(label): the geometry must be a LineString")
            }
            guard (2...MissionFileReader.maximumPointsPerRoute).contains(positions.count) else {
                throw MissionError("\(label): the line has \(positions.count) points; 2 to \(MissionFileReader.maximumPointsPerRoute) are needed")
            }
            var coordinates: [Coordinate] = []
            coordinates.reserveCapacity(positions.count)
            for (number, position) in positions.enumerated() {
                coordinates.append(try coordinate(position, "\(label): coordinates[\(number)]"))
            }
            path = MissionPath(coordinates)
            guard path.length >= 100 else { throw MissionError("\(label): the line is \(Int(path.length)) m long; at least 100 m is needed") }
            guard let days = properties["medalDays"] as? [String: Any] else {
                throw MissionError("\(label): properties.medalDays {gold, silver, bronze} is missing")
            }
            var limits: [Double] = []
            for medal in Medal.allCases {
                guard let value = (days[medal.rawValue] as? NSNumber)?.doubleValue, value.isFinite, value > 0, value <= 3_650 else {
                    throw MissionError("\(label): medalDays.\(medal.rawValue) must be a number of days, more than 0 and at most 3650")
                }
                limits.append(value * 86_400)
            }
            guard limits[0] <= limits[1], limits[1] <= limits[2] else {
                throw MissionError("\(label): medalDays must allow gold ≤ silver ≤ bronze")
            }
            medals = MedalThresholds(gold: limits[0], silver: limits[1], bronze: limits[2])
        }

        mutating func addStage(_ feature: [String: Any], _ properties: [String: Any], index: Int) throws(MissionError) {
            let name = try text(properties["name"], "features[\(index)]: properties.name", maximum: 200)
            let label = "features[\(index)] (stage \"\(name)\")"
            guard stages.count < MissionFileReader.maximumStagesPerRoute else {
                throw MissionError("\(label): route \"\(self.name)\" has more than \(MissionFileReader.maximumStagesPerRoute) stages")
            }
            let start = stages.last?.end ?? 0
            var end: Double
            if let distance = properties["distanceMeters"] {
                guard let value = (distance as? NSNumber)?.doubleValue, value.isFinite else {
                    throw MissionError("\(label): distanceMeters must be a number")
                }
                end = value
            } else if let geometry = feature["geometry"] as? [String: Any], geometry["type"] as? String == "Point" {
                let point = try coordinate(geometry["coordinates"] as Any, "\(label): the point")
                let snapped = path.nearest(to: point, from: start)
                let toEnd = Geodesy.distance(point, path.coordinates[path.coordinates.count - 1])
                guard min(snapped.offset, toEnd) <= MissionFileReader.snapTolerance else {
                    throw MissionError("\(label): the point is \(Int(snapped.offset)) m from route \"\(self.name)\" past the previous stage; at most \(Int(MissionFileReader.snapTolerance)) m")
                }
                end = snapped.along
                if toEnd <= MissionFileReader.snapTolerance && toEnd < snapped.offset { end = path.length }
            } else {
                throw MissionError("\(label): a stage needs a Point geometry or properties.distanceMeters")
            }
            if abs(end - path.length) <= MissionFileReader.snapTolerance { end = path.length }
            guard end > start, end <= path.length else {
                throw MissionError("\(label): it ends \(Int(end)) m along route \"\(self.name)\", not after the previous stage (\(Int(start)) m) and within the route (\(Int(path.length)) m)")
            }
            var photo: StagePhoto?
            if let object = properties["photo"], !(object is NSNull) {
                guard let object = object as? [String: Any] else { throw MissionError("\(label): photo must be an object {url, attribution, page}") }
                let url = try text(object["url"], "\(label): photo.url", maximum: 2_000)
                guard url.hasPrefix("https://") else { throw MissionError("\(label): photo.url must be an https URL") }
                let page = try text(object["page"] ?? "", "\(label): photo.page", maximum: 2_000, optional: true)
                photo = StagePhoto(url: url, attribution: try text(object["attribution"], "\(label): photo.attribution", maximum: 500),
                                   page: page.isEmpty ? nil : page)
            }
            stages.append(MissionStage(name: name, start: start, end: end, photo: photo))
            lastStageIndex = index
        }

        func route() throws(MissionError) -> MissionRoute {
            guard let last = stages.last else { throw MissionError("\(label): the route has no stages") }
            guard last.end == path.length else {
                throw MissionError("features[\(lastStageIndex)] (stage \"\(last.name)\"): the last stage of route \"\(name)\" must end at the line's end (\(Int(path.length)) m), not at \(Int(last.end)) m")
            }
            return MissionRoute(name: name, path: path, stages: stages, medals: medals)
        }
    }

    private static func text(_ value: Any?, _ what: String, maximum: Int, optional: Bool = false) throws(MissionError) -> String {
        guard let value = value as? String else { throw MissionError("\(what) must be a string") }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard optional || !trimmed.isEmpty else { throw MissionError("\(what) is empty") }
        guard trimmed.count <= maximum else { throw MissionError("\(what) is longer than \(maximum) characters") }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" }) else {
            throw MissionError("\(what) contains control characters")
        }
        return trimmed
    }

    private static func coordinate(_ value: Any, _ what: String) throws(MissionError) -> Coordinate {
        guard let coordinate = GeoJSONPosition.coordinate(value) else { throw MissionError("\(what) must be [longitude, latitude]") }
        guard coordinate.isValid else {
            throw MissionError("\(what): \(coordinate.longitude), \(coordinate.latitude) is not a position on Earth")
        }
        return coordinate
    }
}
