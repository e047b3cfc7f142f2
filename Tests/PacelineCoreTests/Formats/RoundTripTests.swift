import Foundation
import PacelineCore
import PacelineTestSupport
import Testing

/// Every corpus file written by Paceline and read back keeps its numbers: through TCX and
/// FIT the distance it reports (device or GPS) and the moving time; through GPX, which has no
/// field for a device's count, the distance and moving time measured along the positions.
@Suite struct RoundTripTests {
    /// The corpus files with timed positions that TCX can hold whole (no untimed fix).
    static let timedFiles: [URL] = ["gpx", "tcx", "fit"].flatMap { Fixtures.files(in: $0, withExtension: $0) }.filter { url in
        guard let activity = try? ActivityReader.read(contentsOf: url) else { return false }
        return TCXWriter.fixesLeftOut(of: activity) == 0 && (ActivitySummary(activity).movingSeconds ?? 0) > 0
    }

    /// The file as `paceline analyze` takes it: its sport guessed when it names none.
    static func read(_ url: URL) throws -> Activity {
        var activity = try ActivityReader.read(contentsOf: url)
        activity.inferSportIfUnnamed()
        return activity
    }

    static func close(_ a: Double?, _ b: Double?, within fraction: Double) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return abs(a - b) <= max(abs(b) * fraction, 0.01)
    }

    @Test(arguments: timedFiles)
    func throughTCX(_ url: URL) throws {
        let activity = try Self.read(url)
        let before = ActivitySummary(activity)
        var back = try ActivityReader.read(Data(TCXWriter.write(activity).utf8), format: .tcx)
        back.sport = activity.sport  // TCX names runs and rides only
        let after = ActivitySummary(back)
        #expect(Self.close(after.distanceMeters, before.distanceMeters, within: 0.005),
                "\(url.lastPathComponent): \(after.distanceMeters) m back, \(before.distanceMeters) m written")
        #expect(Self.close(after.movingSeconds, before.movingSeconds, within: 0.01),
                "\(url.lastPathComponent): \(after.movingSeconds ?? -1) s moving back, \(before.movingSeconds ?? -1) s written")
    }

    @Test(arguments: timedFiles)
    func throughFIT(_ url: URL) throws {
        let activity = try Self.read(url)
        let before = ActivitySummary(activity)
        var back = try ActivityReader.read(FITWriter.write(activity), format: .fit)
        back.sport = activity.sport
        let after = ActivitySummary(back)
        #expect(Self.close(after.distanceMeters, before.distanceMeters, within: 0.005),
                "\(url.lastPathComponent): \(after.distanceMeters) m back, \(before.distanceMeters) m written")
        #expect(Self.close(after.movingSeconds, before.movingSeconds, within: 0.01),
                "\(url.lastPathComponent): \(after.movingSeconds ?? -1) s moving back, \(before.movingSeconds ?? -1) s written")
    }

    /// GPX has no field for a device's odometer, so what comes back is compared with the
    /// file measured without it: the distance along the positions, and the moving time the
    /// positions' own distance takes (a stop's distance takes time: `TrackProfile`).
    @Test(arguments: timedFiles)
    func throughGPX(_ url: URL) throws {
        let activity = try Self.read(url)
        var positionsOnly = activity
        positionsOnly.track.segments = activity.track.segments.map { $0.map { fix in var fix = fix; fix.distance = nil; return fix } }
        let before = ActivitySummary(positionsOnly)
        #expect(Self.close(before.distanceMeters, ActivitySummary(activity).gpsDistanceMeters, within: 0.000_001))
        var back = try ActivityReader.read(Data(GPXWriter.write(activity).utf8), format: .gpx)
        back.sport = activity.sport
        let after = ActivitySummary(back)
        #expect(Self.close(after.distanceMeters, before.distanceMeters, within: 0.005),
                "\(url.lastPathComponent): \(after.distanceMeters) m back, \(before.distanceMeters) m measured before")
        #expect(Self.close(after.movingSeconds, before.movingSeconds, within: 0.01),
                "\(url.lastPathComponent): \(after.movingSeconds ?? -1) s moving back, \(before.movingSeconds ?? -1) s written")
    }
}
