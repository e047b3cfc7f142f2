import Foundation
import PacelineAPI
import PacelineCore
import PacelineServer

extension TestServer {
    /// Saves the shipped example mission `id` (`data/missions/ID.geojson`) into this server's database.
    @discardableResult
    public func importExampleMission(_ id: String) async throws -> Mission {
        let mission = try MissionFileReader.read(try Data(contentsOf: MissionFiles.example(id)))
        _ = try await importMissions([mission], into: location)
        return mission
    }
}

/// The shipped example missions and runs made to cover known distances.
public enum MissionFiles {
    /// `data/missions/ID.geojson` of this repository.
    public static func example(_ id: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("data/missions/\(id).geojson")
    }

    /// A walk or run due north from `origin`, one fix a second at `speed` m/s, covering
    /// `metres`; with `jump`, the fix at `jump.after` metres is followed by one `jump.metres`
    /// further on, 1 s later (a teleport).
    public static func northward(from origin: Coordinate, metres: Double, start: Date, speed: Double = 3,
                                 jump: (after: Double, metres: Double)? = nil) -> Components.Schemas.FixUpload {
        var fixes: [Components.Schemas.FixInput] = []
        var along = 0.0, time = start, jumped = false
        func add() {
            let point = north(of: origin, metres: along)
            fixes.append(.init(time: time, latitude: point.latitude, longitude: point.longitude, horizontalAccuracy: 5))
        }
        add()
        while along < metres - 1e-9 {
            if let jump, !jumped, along >= jump.after {
                along += jump.metres
                jumped = true
            } else {
                along = min(metres, along + speed)
            }
            time = time.addingTimeInterval(1)
            add()
        }
        return .init(sport: .run, fixes: fixes)
    }

    /// The point `metres` due north of `origin`, to a millimetre.
    public static func north(of origin: Coordinate, metres: Double) -> Coordinate {
        var latitude = origin.latitude + metres / 111_320
        for _ in 0..<20 {
            let error = Geodesy.distance(origin, Coordinate(latitude: latitude, longitude: origin.longitude)) - metres
            latitude -= error / 111_320
        }
        return Coordinate(latitude: latitude, longitude: origin.longitude)
    }
}
