import Foundation
import PacelineCore
import PacelineTestSupport
import Testing

/// The sport of a file that names none, from its speeds and climb.
@Suite struct SportInferenceTests {
    /// A noisy out-and-back of `meters` at `speed` m/s, climbing `grade` on the way out.
    static func outing(speed: Double, meters: Double = 6000, grade: Double = 0) -> Activity {
        var builder = SyntheticTrack(origin: Coordinate(latitude: 46.05, longitude: 14.5))
        builder.legs = [(east: meters / 2, north: 0), (east: -meters / 2, north: 0)]
        builder.speed = speed
        builder.horizontalNoise = 2
        builder.elevation = { distance in 300 + grade * min(distance, meters - distance) }
        return Activity(format: .gpx, track: builder.build().track)
    }

    @Test("speeds say the sport", arguments: [
        (1.3, 0.0, Sport.walk),    // 4.7 km/h on the flat
        (1.1, 0.1, .hike),         // 4 km/h up 10 % and back: 50 m a km
        (2.9, 0.0, .run),          // 5:45 /km
        (2.1, 0.02, .run),         // 7:56 /km, a jog
        (7.0, 0.0, .ride),         // 25 km/h
        (22.0, 0.0, .other),       // 79 km/h: a car
    ])
    func speedsSayTheSport(speed: Double, grade: Double, sport: Sport) throws {
        let guess = try #require(SportInference.guess(Self.outing(speed: speed, meters: speed > 5 ? 20_000 : 6000, grade: grade)))
        #expect(guess.sport == sport, "\(speed) m/s, \(grade) grade: \(guess)")
    }

    @Test func tooLittleToGoOnIsNoGuess() {
        #expect(SportInference.guess(Self.outing(speed: 3, meters: 150)) == nil)
        #expect(SportInference.guess(Activity(format: .gpx)) == nil)
    }

    @Test func aFileThatNamesItsSportKeepsIt() {
        var activity = Self.outing(speed: 7)
        activity.sport = .run
        activity.inferSportIfUnnamed()
        #expect(activity.sport == .run && activity.sportSource == .file)
        var unnamed = Self.outing(speed: 7)
        unnamed.inferSportIfUnnamed()
        #expect(unnamed.sport == .ride && unnamed.sportSource == .inferred)
        #expect(ActivitySummary(unnamed).sportSource == .inferred)
    }

    /// Every corpus file that names its sport and has a minute of timed positions, guessed
    /// as if it named none: all but tour_hr.tcx, 7.7 minutes of a Fitbit ride at 11 km/h
    /// that speeds alone can't tell from a run.
    @Test(arguments: [
        "gpx/garmin-activity.gpx", "tcx/garmin_connect.tcx", "tcx/mapmyride_biking.tcx", "tcx/test.tcx",
        "fit/2013-02-06-12-11-14.fit", "fit/2015-10-13-08-43-15.fit", "fit/2019-02-17-062644-ELEMNT-297E-195-0.fit",
        "fit/Edge810-Vector-2013-08-16-15-35-10.fit", "fit/activity-small-fenix2-run.fit",
        "fit/coros-pace-2-cycling-misaligned-fields.fit", "fit/developer-types-sample.fit",
        "fit/garmin-edge-500-activity.fit", "fit/garmin-edge-820-bike.fit", "fit/garmin-fenix-5-bike.fit",
        "fit/null_compressed_speed_dist.fit",
    ])
    func theCorpusSportsAreGuessed(_ path: String) throws {
        let activity = try ActivityReader.read(contentsOf: Fixtures.track(path))
        #expect(activity.sport != .other)
        let guess = try #require(SportInference.guess(activity))
        #expect(guess.sport == activity.sport, "\(path): the file says \(activity.sport), the speeds \(guess)")
    }

    /// Files that name no sport, whose SOURCES.md entry says what they are.
    @Test(arguments: [("gpx/run.gpx", Sport.run), ("gpx/garmin_with_extensions.gpx", .hike),
                      ("gpx/korita-zbevnica.gpx", .hike), ("gpx/around-visnjan-with-car.gpx", .other)])
    func unnamedCorpusFiles(_ path: String, _ sport: Sport) throws {
        var activity = try ActivityReader.read(contentsOf: Fixtures.track(path))
        #expect(activity.sport == .other)
        activity.inferSportIfUnnamed()
        #expect(activity.sport == sport)
    }
}
