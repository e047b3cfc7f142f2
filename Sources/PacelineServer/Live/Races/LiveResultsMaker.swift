import Fluent
import Foundation
import PacelineAPI
import PacelineCore
import SQLKit

/// Ends a session once no one is racing any more: every member's race is replayed from
/// their stored fixes (the same verification as live), their run saved, and the results
/// (ranking, times, speeds, calories, series) stored for every instance to send.
enum LiveResultsMaker {
    typealias Status = LiveSessionState.Member.Status

    /// Makes the results if everyone who started has finished or given up; returns
    /// whether this call made them (only one caller ever does).
    static func finishIfDone(_ sessionID: UUID, on database: any Database) async throws -> Bool {
        let members = try await LiveMember.query(on: database).filter(\.$session.$id == sessionID).with(\.$user).all()
        let racers = members.filter { [Status.running, .finished, .gaveUp].contains($0.status) }
        guard !racers.isEmpty, !racers.contains(where: { $0.status == Status.running }) else { return false }
        // Only one instance wins this update; it alone makes the results.
        let sql = database.sql
        let won = try await sql.raw("""
            UPDATE live_sessions SET finished_at = \(bind: Date()) WHERE id = \(bind: sessionID) AND finished_at IS NULL RETURNING id
            """).all()
        guard !won.isEmpty, let session = try await LiveSession.find(sessionID, on: database), let startsAt = session.startsAt else {
            return false
        }
        let sport = session.sport
        var entries: [LiveResults.Entry] = []
        for member in racers {
            entries.append(try await entry(for: member, session: session, startsAt: startsAt, sport: sport, on: database))
        }
        entries.sort { a, b in
            switch (a.seconds, b.seconds) {
            case let (x?, y?): x < y
            case (_?, nil): true
            case (nil, _?): false
            case (nil, nil): a.distanceMeters > b.distanceMeters
            }
        }
        var rank = 0
        for index in entries.indices where entries[index].seconds != nil {
            rank += 1
            entries[index].rank = rank
        }
        let results = LiveResults(sessionId: sessionID.apiID, distanceMeters: session.distanceMeters, sport: session.sport,
                                  startsAt: startsAt, winnerId: entries.first { $0.rank == 1 }?.userId, entries: entries)
        session.results = try LiveCoding.encode(results)
        try await session.save(on: database)
        // The runs are saved: the fixes kept for rejoining have served, as a follow's do at its finish.
        try await LiveFixChunk.query(on: database).filter(\.$ownerID ~~ members.compactMap(\.id)).delete()
        return true
    }

    /// One member's line: their race replayed, and their run saved (when it is long enough).
    private static func entry(for member: LiveMember, session: LiveSession, startsAt: Date, sport: Sport,
                              on database: any Database) async throws -> LiveResults.Entry {
        let (fixes, _) = try await LiveFixLog.fixes(of: try member.requireID(), on: database)
        var race = RaceProgress(target: session.distanceMeters, start: startsAt, sport: sport)
        var raced: [Fix] = []
        var standing: Fix?  // the last fix before the gun: where the runner stood
        for var fix in fixes where !race.isFinished {
            race.add(fix)
            guard let time = fix.time else { continue }
            // The race's own measure goes on each fix as the run's odometer (a watch's
            // distance on its records): the run measures what the result says.
            fix.distance = race.distance
            if time >= startsAt { raced.append(fix) } else if fix.coordinate != nil { standing = fix }
        }
        let weight = member.user.weightKilograms
        let seconds = member.status == Status.finished ? race.finishSeconds : nil
        raced = Self.raceTrack(raced, standing: standing, start: startsAt, finishSeconds: seconds)
        let runID = try await saveRun(of: raced, sent: fixes, sport: sport, owner: member.user, distance: session.distanceMeters,
                                      on: database)
        member.runID = runID
        try await member.save(on: database)
        return LiveResults.Entry(
            rank: nil, userId: member.$user.id.apiID, displayName: member.user.displayName,
            status: seconds == nil ? .gaveUp : .finished, seconds: seconds, distanceMeters: race.distance,
            averageSpeedMetersPerSecond: race.averageSpeed, maxSpeedMetersPerSecond: race.maximumSpeedReached,
            kilocalories: Calories.kilocalories(sport: sport, averageSpeed: race.averageSpeed,
                                                movingSeconds: race.finishSeconds ?? race.elapsed, weight: weight),
            weightAssumed: weight == nil, runId: runID?.apiID,
            series: race.series)
    }

    /// The race as the run keeps it, so the run's time is the race's to the second: from the
    /// gun (where the runner stood) to the instant the line was crossed (a point placed
    /// between the fixes either side of it, in time, and the fixes after it left out: the
    /// race's last step may span several fixes, as it accrues in steps of 5 m), not from the
    /// first fix after the gun to the first past the line. Each fix carries the race's
    /// distance at it (`Fix.distance`, 0 at the gun, the race's distance at the line), which
    /// the run takes as its odometer, so it measures the race's distance, not its own
    /// smoothing's (0.99 km for a 1 km race).
    static func raceTrack(_ raced: [Fix], standing: Fix?, start: Date, finishSeconds: Double?) -> [Fix] {
        var track = raced
        if let standing, let first = track.first?.time, first > start {
            var gun = standing
            gun.time = start
            gun.distance = 0
            track.insert(gun, at: 0)
        }
        let finish = finishSeconds.map { start.addingTimeInterval($0) }
        if let finish, let past = track.firstIndex(where: { ($0.time ?? .distantPast) > finish }), past > 0 {
            let after = track[past], before = track[past - 1]
            if let to = after.time, let from = before.time, let a = before.coordinate, let b = after.coordinate {
                let share = to > from ? finish.timeIntervalSince(from) / to.timeIntervalSince(from) : 1
                var line = after
                line.time = finish
                line.coordinate = Coordinate(latitude: a.latitude + (b.latitude - a.latitude) * share,
                                             longitude: a.longitude + (b.longitude - a.longitude) * share)
                line.distance = track[track.count - 1].distance
                track = Array(track[..<past]) + [line]
            }
        }
        return track
    }

    /// Saves the race's fixes as the member's run (their default privacy), which keeps
    /// every fix the phone `sent` as its original; nil when there is too little to save
    /// (`RunRecorder`'s rules).
    private static func saveRun(of fixes: [Fix], sent: [Fix], sport: Sport, owner: User, distance: Double,
                                on database: any Database) async throws -> UUID? {
        let name = "Live \(DistanceText.short(distance)) \(sport.rawValue)"
        do {
            return try await RunBook.recordLive(fixes, sent: sent, sport: sport, owner: owner, name: name, on: database).requireID()
        } catch let refusal as Refusal where refusal.reason == .unprocessable {
            return nil
        }
    }
}

/// "5 km", "400 m": a race distance as runners say it.
enum DistanceText {
    static func short(_ meters: Double) -> String {
        meters >= 1_000 ? "\((meters / 1_000).formatted(.number.precision(.fractionLength(0...1)))) km" : "\(Int(meters)) m"
    }
}
