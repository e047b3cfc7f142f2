import Foundation

extension Activity {
    /// The activities of one file taken as one, in file order: segments, laps, routes and
    /// waypoints concatenated, device totals summed, the sport theirs when they agree and
    /// `.other` when they do not, the name the first one's. This is what a file reader that
    /// does not split activities (gpxpy, fitdecode) sees, and what a caller that takes one
    /// track (a course, a follow) reads; `ActivityReader.readAll` keeps them apart.
    /// - Precondition: `activities` is not empty.
    public init(joining activities: [Activity]) {
        precondition(!activities.isEmpty, "an activity joins at least one part")
        self = activities[0]
        guard activities.count > 1 else { return }
        for part in activities.dropFirst() {
            track.segments += part.track.segments
            routes += part.routes
            waypoints += part.waypoints
            laps += part.laps
            deviceTotals = Self.sum(deviceTotals, part.deviceTotals)
            hasBarometricElevation = hasBarometricElevation || part.hasBarometricElevation
            isVirtual = isVirtual || part.isVirtual
            name = name ?? part.name
        }
        if !activities.allSatisfy({ $0.sport == sport }) {
            sport = .other
            namesUnlistedSport = true  // several sports: the file said which, none of them is all
        }
    }

    private static func sum(_ a: DeviceTotals?, _ b: DeviceTotals?) -> DeviceTotals? {
        guard let a, let b else { return a ?? b }
        func add(_ x: Double?, _ y: Double?) -> Double? { x.flatMap { x in y.map { x + $0 } ?? x } ?? y }
        return DeviceTotals(
            distanceMeters: add(a.distanceMeters, b.distanceMeters), elapsedSeconds: add(a.elapsedSeconds, b.elapsedSeconds),
            timerSeconds: add(a.timerSeconds, b.timerSeconds), ascentMeters: add(a.ascentMeters, b.ascentMeters),
            descentMeters: add(a.descentMeters, b.descentMeters))
    }
}
