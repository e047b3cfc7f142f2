import Foundation
import Testing
@testable import PacelineCore
import PacelineTestSupport

/// Reads a corpus file through a file-backed stream (small chunks exercise refills).
private func readFIT(_ relativePath: String, chunkSize: Int = 1 << 16) throws -> Activity {
    let stream = try ByteStream(contentsOf: Fixtures.track(relativePath), chunkSize: chunkSize)
    return try FITReader.read(stream)
}

/// The error a corpus file throws, or nil when it parses.
private func fitError(_ relativePath: String) throws -> ActivityFileError? {
    do {
        _ = try readFIT(relativePath)
        return nil
    } catch let error as ActivityFileError {
        return error
    }
}

/// A reference timestamp: ISO 8601 text, or an integer FIT system time.
private func referenceDate(_ value: Any?) -> Date? {
    if let seconds = value as? Int { return FITProfile.date(UInt32(seconds)) }
    guard let text = value as? String else { return nil }
    return ISO8601DateFormatter().date(from: text)
}

@Suite struct FITReaderTests {
    static let corpus = Fixtures.files(in: "fit", withExtension: "fit").map { "fit/" + $0.lastPathComponent }

    @Test func corpusIsPresent() {
        #expect(Self.corpus.count >= 18)
    }

    @Test(arguments: corpus)
    func matchesFitdecode(_ path: String) throws {
        let reference = try #require(Fixtures.reference[path], "no reference for \(path)")
        let activity = try readFIT(path)
        #expect(activity.format == .fit)
        let fixes = activity.track.fixes
        #expect(fixes.count == reference["record_messages"] as? Int)
        #expect(fixes.filter { $0.coordinate != nil }.count == reference["records_with_position"] as? Int)
        let times = fixes.compactMap(\.time)
        #expect(times.count == reference["records_with_timestamp"] as? Int)
        #expect(times.first == referenceDate(reference["first_timestamp"]))
        #expect(times.last == referenceDate(reference["last_timestamp"]))
        #expect(activity.laps.count == reference["lap_messages"] as? Int)

        let sessions = reference["sessions"] as? [[String: Any]] ?? []
        func sum(_ key: String) -> Double? {
            let values = sessions.compactMap { ($0[key] as? NSNumber)?.doubleValue }
            return values.isEmpty ? nil : values.reduce(0, +)
        }
        func close(_ a: Double?, _ b: Double?) -> Bool {
            switch (a, b) {
            case (nil, nil): true
            case let (a?, b?): abs(a - b) < 0.01
            default: false
            }
        }
        let totals = try #require(activity.deviceTotals)
        #expect(close(totals.distanceMeters, sum("total_distance")), "distance \(String(describing: totals.distanceMeters))")
        #expect(close(totals.elapsedSeconds, sum("total_elapsed_time")))
        #expect(close(totals.timerSeconds, sum("total_timer_time")))
        #expect(close(totals.ascentMeters, sum("total_ascent")))
        #expect(close(totals.descentMeters, sum("total_descent")))

        if let first = reference["first_position_deg"] as? [Double], let coordinate = fixes.first(where: { $0.coordinate != nil })?.coordinate {
            #expect(abs(coordinate.latitude - first[0]) < 1e-9 && abs(coordinate.longitude - first[1]) < 1e-9)
        }
        if let lastDistance = reference["last_record_distance"] as? Double {
            let distance = try #require(fixes.last(where: { $0.distance != nil })?.distance)
            #expect(abs(distance - lastDistance) < 0.001)
        }
    }

    @Test func smallChunksGiveTheSameResult() throws {
        for path in ["fit/sample_mulitple_header.fit", "fit/compressed-speed-distance.fit", "fit/developer-types-sample.fit"] {
            let whole = try readFIT(path)
            let chunked = try readFIT(path, chunkSize: 7)
            #expect(whole.track == chunked.track)
            #expect(whole.laps == chunked.laps)
            #expect(whole.deviceTotals == chunked.deviceTotals)
        }
    }

    @Test func sports() throws {
        #expect(try readFIT("fit/garmin-fenix-5-walk.fit").sport == .walk)
        #expect(try readFIT("fit/garmin-fenix-5-run.fit").sport == .run)
        #expect(try readFIT("fit/garmin-fenix-5-bike.fit").sport == .ride)
        #expect(try readFIT("fit/event_timestamp.fit").sport == .swim)
        // Multisport: sessions disagree.
        #expect(try readFIT("fit/activity-large-fenxi2-multisport.fit").sport == .other)
        #expect(try readFIT("fit/sample_mulitple_header.fit").sport == .other)
    }

    @Test func segmentsBreakAtTimerStopsAndSessions() throws {
        // Edge 200 with timer stop/start events.
        let paused = try readFIT("fit/2015-10-13-08-43-15.fit")
        #expect(paused.track.segments.count > 1)
        #expect(paused.track.segments.allSatisfy { !$0.isEmpty })
        // Seven sessions: at least one segment each that has records.
        let multisport = try readFIT("fit/activity-large-fenxi2-multisport.fit")
        #expect(multisport.track.segments.count >= 5)
        #expect(multisport.track.fixCount == 24239)
        // A continuous fenix 2 run.
        #expect(try readFIT("fit/activity-small-fenix2-run.fit").track.segments.count >= 1)
    }

    @Test func barometricHeuristic() throws {
        #expect(try readFIT("fit/activity-small-fenix2-run.fit").hasBarometricElevation)
        // No total_ascent in the session.
        #expect(try !readFIT("fit/compressed-speed-distance.fit").hasBarometricElevation)
    }

    @Test func lapsAreRead() throws {
        let activity = try readFIT("fit/2013-02-06-12-11-14.fit")
        #expect(activity.laps.count == 5)
        let distance = activity.laps.compactMap(\.distanceMeters).reduce(0, +)
        #expect(abs(distance - 4835.38) < 1)
        #expect(activity.laps.first?.startTime == ISO8601DateFormatter().date(from: "2013-02-06T12:11:14Z"))
    }

    @Test func developerFieldsAndMisalignedFieldsDoNotBreakDecoding() throws {
        #expect(try readFIT("fit/developer-types-sample.fit").track.fixCount == 3424)
        #expect(try readFIT("fit/coros-pace-2-cycling-misaligned-fields.fit").track.fixCount == 11272)
        #expect(try readFIT("malformed/elemnt-bolt-no-application-id-inside-developer-data-id.fit").track.fixCount == 132)
    }

    @Test func nullCompressedSpeedDistanceIsAbsent() throws {
        let activity = try readFIT("fit/null_compressed_speed_dist.fit")
        #expect(activity.track.fixCount == 1808)
    }
}

// MARK: - Record-by-record comparison with fitdecode's CSVs

@Suite struct FITRecordCSVTests {
    struct Row {
        var time: Date
        var values: [String: String]
        func double(_ key: String) -> Double? { values[key].flatMap { Double($0) } }
    }

    /// Parses "Mon Jun 12 09:10:15 PDT 2017" (the zones the corpus uses).
    static func parseJavaDate(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 6 else { return nil }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let zones = ["UTC": 0, "GMT": 0, "PDT": -7, "PST": -8, "MDT": -6, "MST": -7, "CDT": -5, "CST": -6, "EDT": -4, "EST": -5]
        guard let month = months.firstIndex(of: String(parts[1])), let day = Int(parts[2]),
              let hours = zones[String(parts[4])], let year = Int(parts[5]) else { return nil }
        let clock = parts[3].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3 else { return nil }
        var components = DateComponents()
        components.calendar = Calendar(identifier: .gregorian)
        components.timeZone = TimeZone(secondsFromGMT: hours * 3600)
        components.year = year
        components.month = month + 1
        components.day = day
        components.hour = clock[0]
        components.minute = clock[1]
        components.second = clock[2]
        return components.date
    }

    static func rows(_ csv: String) throws -> [Row] {
        let text = try String(contentsOf: Fixtures.track("fit/" + csv), encoding: .utf8)
        var lines = text.split(whereSeparator: \.isNewline).map(String.init)
        let header = lines.removeFirst().split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        return try lines.map { line in
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            var values: [String: String] = [:]
            for (key, cell) in zip(header, cells) where !cell.isEmpty && cell != "null" { values[key] = cell }
            let stamp = cells[0]
            let time = try #require(Int(stamp).map { FITProfile.date(UInt32($0)) } ?? parseJavaDate(stamp), "bad time \(stamp)")
            return Row(time: time, values: values)
        }
    }

    static func close(_ a: Double?, _ b: Double?, _ tolerance: Double) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case let (a?, b?): abs(a - b) <= tolerance
        default: false
        }
    }

    @Test(arguments: ["garmin-fenix-5-walk", "garmin-fenix-5-run", "garmin-fenix-5-bike", "garmin-edge-820-bike"])
    func garminRecords(_ name: String) throws {
        let rows = try Self.rows(name + "-records.csv")
        let fixes = try FITReader.read(ByteStream(contentsOf: Fixtures.track("fit/\(name).fit"))).track.fixes
        #expect(fixes.count == rows.count)
        let degrees = 180.0 / 2_147_483_648.0
        for (fix, row) in zip(fixes, rows) {
            #expect(fix.time == row.time)
            #expect(fix.heartRate == row.double("heart_rate").map { Int($0) })
            #expect(fix.cadence == row.double("cadence").map { Int($0) })
            #expect(Self.close(fix.speed, row.double("speed"), 0.0005))
            #expect(Self.close(fix.distance, row.double("distance"), 0.005))
            #expect(Self.close(fix.coordinate?.latitude, row.double("position_lat").map { $0 * degrees }, 1e-9))
            #expect(Self.close(fix.coordinate?.longitude, row.double("position_long").map { $0 * degrees }, 1e-9))
            #expect(Self.close(fix.elevation, row.double("altitude"), 0.001), "\(row.time)")
        }
    }

    @Test func compressedSpeedDistance() throws {
        let rows = try Self.rows("compressed-speed-distance-records.csv")
        let fixes = try FITReader.read(ByteStream(contentsOf: Fixtures.track("fit/compressed-speed-distance.fit"))).track.fixes
        // fitdecode's CSV starts at the second record.
        let start = try #require(fixes.firstIndex { $0.time == rows.first?.time })
        let compared = Array(fixes[start...])
        #expect(compared.count == rows.count)
        for (fix, row) in zip(compared, rows) {
            #expect(fix.time == row.time)
            #expect(fix.heartRate == row.double("Heart Rate [bpm]").map { Int($0) })
            #expect(fix.cadence == row.double("Cadence [rpm]").map { Int($0) })
            #expect(Self.close(fix.speed, row.double("Speed [m/s]"), 0.0005))
            #expect(Self.close(fix.distance, row.double("Distance [m]"), 0.0005), "\(String(describing: fix.distance)) at \(row.time)")
        }
    }
}

// MARK: - Errors and robustness

@Suite struct FITErrorTests {
    @Test func wrongFileCRC() throws {
        let error = try #require(try fitError("malformed/activity-filecrc.fit"))
        #expect(error.kind == .checksumMismatch)
        #expect(error.message.contains("expected") && error.message.contains("computed"))
        #expect(error.message.contains("byte 769"))
    }

    @Test(arguments: [
        "malformed/activity-settings-corruptheader.fit", "malformed/activity-settings-nodata.fit",
        "malformed/activity-unexpected-eof.fit", "malformed/nick.fit",
    ])
    func truncatedOrCorrupt(_ path: String) throws {
        let error = try #require(try fitError(path))
        #expect(error.kind == .truncated || error.kind == .corrupt, "\(error.kind): \(error.message)")
        #expect(error.message.hasPrefix("byte "))
        #expect(!error.message.contains("\n"))
    }

    @Test func corruptChainedHeaderSaysSo() throws {
        let error = try #require(try fitError("malformed/activity-settings-corruptheader.fit"))
        #expect(error.kind == .corrupt)
        #expect(error.message.contains("byte 771") && error.message.contains("chained"))
    }

    @Test func undefinedLocalMessageType() throws {
        let error = try #require(try fitError("malformed/strava-android-app-201.10-b1218918.fit"))
        #expect(error.kind == .corrupt)
        #expect(error.message == "byte 7471: data message uses local message type 11, which was never defined")
    }

    @Test func notFIT() throws {
        let gpx = Fixtures.track("gpx/run.gpx")
        do {
            _ = try FITReader.read(ByteStream(contentsOf: gpx))
            Issue.record("a GPX file was read as FIT")
        } catch let error as ActivityFileError {
            #expect(error.kind == .unsupportedFormat)
            #expect(error.message.contains("not a FIT file"))
        }
        #expect(throws: ActivityFileError.self) { try FITReader.read(Data()) }
    }

    @Test func headerCRCIsChecked() throws {
        var bytes = try [UInt8](Data(contentsOf: Fixtures.track("fit/garmin-fenix-5-run.fit")))
        #expect(bytes[0] == 14)
        bytes[3] ^= 0x01  // profile version; the header CRC no longer matches
        do {
            _ = try FITReader.read(Data(bytes))
            Issue.record("header CRC not checked")
        } catch {
            #expect(error.kind == .checksumMismatch)
            #expect(error.message.contains("header CRC"))
        }
    }

    /// Truncations and random byte flips of real files: every outcome is an
    /// `Activity` or an `ActivityFileError`, never a crash or a hang.
    @Test func fuzzedInputsNeverCrash() throws {
        var rng = SplitMix64(seed: 0x5EED_F17)
        for path in ["fit/garmin-fenix-5-run.fit", "fit/compressed-speed-distance.fit", "fit/sample_mulitple_header.fit", "malformed/elemnt-bolt-no-application-id-inside-developer-data-id.fit"] {
            let original = try [UInt8](Data(contentsOf: Fixtures.track(path)))
            var cases: [[UInt8]] = []
            for _ in 0..<40 { cases.append(Array(original.prefix(Int.random(in: 0...original.count, using: &rng)))) }
            for _ in 0..<60 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...8, using: &rng) {
                    bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
                }
                cases.append(bytes)
            }
            for bytes in cases {
                do {
                    _ = try FITReader.read(Data(bytes))
                } catch {
                    #expect(!error.message.isEmpty)
                }
            }
        }
    }
}

/// A small seeded generator, so fuzz failures are reproducible.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
