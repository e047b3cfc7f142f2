import Fluent
import Foundation
import PacelineAPI
import PacelineCore

/// Live safety links (`Beacon`): making one, what its owner's phone sends it, ending it,
/// and what a holder of its address sees.
///
/// The address carries a secret of 256 random bits; the database keeps its hash, so a
/// copy of the database opens no link. A link is never listed anywhere: its owner gets
/// the address once, when it is made. Its 256 bits are what stops guessing; addresses
/// that are no link are also counted per client address (`Attempt.beaconViewFrom`) and
/// answer 429 past the limit, while a right one always answers.
enum BeaconBook {
    /// A link lives at most this long, whatever its owner's phone does.
    static let lifetime: TimeInterval = 24 * 60 * 60
    /// At most this many open links per user at once.
    static let maximumOpen = 3
    /// At most this many fixes in one request; the phone sends some every few seconds.
    static let maximumFixesPerRequest = 600
    /// Fixes closer than this (metres) to the last one kept add distance but no point.
    static let spacing = 5.0
    /// The way keeps at most this many points: 100 km at one every 5 m (the dot and the
    /// numbers go on after).
    static let maximumPoints = 20_000
    /// A phone sends every 10 s: a link takes at most this many sends a minute (each
    /// rewrites its way).
    static let sendsPerMinute = 30
    /// A fix may be at most this far ahead of the server's clock (seconds): a phone's
    /// clock drifts, but one fix far ahead would hold back every real one after it.
    static let latestAhead = 120.0

    /// Makes `owner`'s link (at most `maximumOpen` open at once, held under the user's
    /// lock); returns it and its secret.
    static func open(for owner: UUID, sport: Sport, showsZones: Bool, on database: any Database) async throws -> (Beacon, String) {
        let token = TokenIssuer.newToken(prefix: "bc_")
        let beacon = Beacon()
        beacon.$owner.id = owner
        beacon.tokenHash = TokenIssuer.hash(token)
        beacon.sport = sport
        beacon.showsZones = showsZones
        beacon.expiresAt = Date().addingTimeInterval(lifetime)
        beacon.points = ""
        beacon.pointCount = 0
        beacon.distanceMeters = 0
        beacon.windowSends = 0
        beacon.seenFromMeters = 0
        beacon.seenToMeters = 0
        beacon.pausedSeconds = 0
        try await database.lockingUser(owner) { transaction in
            // The links that are over go: their ways are nobody's business any more.
            try await Beacon.query(on: transaction).filter(\.$owner.$id == owner).group(.or) { over in
                over.filter(\.$endedAt != nil).filter(\.$expiresAt <= Date())
            }.delete()
            let open = try await Beacon.query(on: transaction).filter(\.$owner.$id == owner).count()
            guard open < maximumOpen else {
                throw Refusal(.conflict, code: "too_many_beacons",
                               message: "at most \(maximumOpen) live links at once: end one first")
            }
            try await beacon.create(on: transaction)
        }
        return (beacon, token)
    }

    /// `owner`'s link `id`; 404 for anyone else's.
    static func owned(_ id: String, by owner: UUID, on database: any Database) async throws -> Beacon {
        guard let uuid = UUID(uuidString: id), let beacon = try await Beacon.find(uuid, on: database),
              beacon.$owner.id == owner else { throw Refusal.notFound("live link") }
        return beacon
    }

    /// Ends `owner`'s link `id` now, forgetting its way (ending it again changes nothing);
    /// 404 for anyone else's.
    static func end(_ id: String, by owner: UUID, on database: any Database) async throws {
        let beacon = try await owned(id, by: owner, on: database)
        if beacon.endedAt == nil {
            beacon.endedAt = Date()
            beacon.forgetWay()
            try await beacon.save(on: database)
        }
    }

    /// Adds `fixes` to the way of `owner`'s link `id`, after the last one it has: those
    /// whose numbers can't be true (a position off the Earth, a time not near now) are left
    /// out. With `pausedAt`, the runner paused their recording then (after these fixes); the
    /// next fix resumes. 409 once the link has ended.
    static func append(_ fixes: [Components.Schemas.BeaconFix], pausedAt: Date? = nil, to id: String, by owner: UUID,
                       on database: any Database) async throws {
        guard fixes.count <= maximumFixesPerRequest else {
            throw Refusal.invalid("fixes: \(fixes.count), more than \(maximumFixesPerRequest) at once")
        }
        let now = Date()
        let nearNow = { @Sendable (time: Date) in time.timeIntervalSince(now) < latestAhead && now.timeIntervalSince(time) < lifetime }
        let valid = fixes.filter { fix in
            fix.latitude.isFinite && fix.longitude.isFinite && (-90...90).contains(fix.latitude) && (-180...180).contains(fix.longitude)
                && nearNow(fix.time)
        }.sorted { $0.time < $1.time }
        try await database.lockingUser(owner) { transaction in
            let beacon = try await owned(id, by: owner, on: transaction)
            guard beacon.endedAt == nil, beacon.expiresAt > now else {
                throw Refusal(.conflict, code: "beacon_ended", message: "this live link has ended")
            }
            // Counted under the user's lock: two requests can't both take the last send.
            if let start = beacon.windowStart, now.timeIntervalSince(start) < 60 {
                guard beacon.windowSends < sendsPerMinute else {
                    throw Refusal(.tooMany, code: "too_many_requests",
                                   message: "at most \(sendsPerMinute) sends a minute", retryAfter: max(1, Int(60 - now.timeIntervalSince(start))))
                }
                beacon.windowSends += 1
            } else {
                beacon.windowStart = now
                beacon.windowSends = 1
            }
            let zones = beacon.showsZones ? [] : (try await User.find(owner, on: transaction))?.privacyZones ?? []
            beacon.add(valid.filter { fix in beacon.lastTime.map { fix.time > $0 } ?? true }, hiding: zones)
            if let pausedAt, nearNow(pausedAt), beacon.pausedAt == nil {
                beacon.pausedAt = max(pausedAt, beacon.lastTime ?? pausedAt)
            }
            try await beacon.save(on: transaction)
        }
    }

    /// What the holder of `token`'s address sees: 404 for an address that is not one, 410
    /// for a link that has ended or expired.
    static func view(_ token: String, on database: any Database) async throws -> Components.Schemas.BeaconView {
        guard token.count <= 100, let beacon = try await Beacon.query(on: database).filter(\.$tokenHash == TokenIssuer.hash(token))
            .with(\.$owner).first() else { throw Refusal.notFound("live link") }
        guard beacon.endedAt == nil, beacon.expiresAt > Date() else {
            throw Refusal(.gone, code: "beacon_ended", message: "this live link has ended")
        }
        let zones = beacon.showsZones ? [] : beacon.owner.privacyZones
        // The way in pieces, cut where it enters a zone (never drawn across one), as every
        // track leaving the server is.
        let way = Track(segments: [(HeatLine.decode(beacon.points) ?? []).map { Fix(coordinate: $0) }])
        let lines = way.hiding(zones).segments.map { $0.compactMap(\.coordinate) }
        let last = beacon.lastLatitude.flatMap { latitude in beacon.lastLongitude.map { Coordinate(latitude: latitude, longitude: $0) } }
        let shown = last.flatMap { zones.hide($0) ? nil : $0 }
        let inPrivateArea = last != nil && shown == nil
        // The numbers are the seen stretch's (`Beacon.add`): from where the runner first
        // showed outside a zone to where they last did, so they never tell how far or how
        // long the runner was inside one at either end.
        let seen = beacon.seenFromTime.flatMap { from in beacon.seenToTime.map { (from: from, to: $0) } }
        let paused = beacon.pausedAt != nil && !inPrivateArea
        return .init(runner: beacon.owner.displayName, sport: beacon.sport,
                     startedAt: seen?.from, lastUpdate: inPrivateArea ? nil : beacon.lastTime,
                     distanceMeters: seen == nil ? 0 : beacon.seenToMeters - beacon.seenFromMeters,
                     elapsedSeconds: seen.map { max(0, $0.to.timeIntervalSince($0.from) - beacon.pausedSeconds) },
                     sinceLeavingPrivateArea: seen.map { $0.from.timeIntervalSince(beacon.firstTime ?? $0.from) > 0.0005 } ?? false,
                     paused: paused,
                     currentSpeedMetersPerSecond: inPrivateArea || paused ? nil : beacon.currentSpeed,
                     position: shown.map { .init(latitude: $0.latitude, longitude: $0.longitude) },
                     inPrivateArea: inPrivateArea,
                     path: lines.filter { $0.count > 1 }.map { $0.map { .init(latitude: $0.latitude, longitude: $0.longitude) } },
                     expiresAt: beacon.expiresAt)
    }
}

extension Beacon {
    /// Forgets the way and the last position: an ended link keeps no track.
    func forgetWay() {
        points = ""
        pointCount = 0
        lastLatitude = nil
        lastLongitude = nil
    }

    /// Adds `fixes` (in time order, after the last one kept): the distance fix to fix, a
    /// point every `BeaconBook.spacing` metres, the speed over the fixes added, and the
    /// stretch seen outside `zones`. After a pause the first fix starts afresh: the way
    /// between adds no distance (the recording counts none), and the pause's time in the
    /// seen stretch is left out of it.
    func add(_ fixes: [Components.Schemas.BeaconFix], hiding zones: [PrivacyZone]) {
        guard let first = fixes.first, let lastFix = fixes.last else { return }
        let resuming = pausedAt
        if let resuming, let seenTo = seenToTime, let lastTime, abs(lastTime.timeIntervalSince(seenTo)) < 0.0005 {
            pausedSeconds += max(0, first.time.timeIntervalSince(max(resuming, seenTo)))
        }
        pausedAt = nil
        var points = HeatLine.decode(self.points) ?? []
        var previous = resuming != nil ? nil : lastLatitude.flatMap { latitude in lastLongitude.map { Coordinate(latitude: latitude, longitude: $0) } }
        var added = 0.0
        for fix in fixes {
            let here = Coordinate(latitude: fix.latitude, longitude: fix.longitude)
            if let previous { added += Geodesy.distance(previous, here) }
            previous = here
            if !zones.hide(here) {
                if seenFromTime == nil {
                    seenFromTime = fix.time
                    seenFromMeters = distanceMeters + added
                }
                seenToTime = fix.time
                seenToMeters = distanceMeters + added
            }
            if points.count < BeaconBook.maximumPoints, points.last.map({ Geodesy.distance($0, here) >= BeaconBook.spacing }) ?? true {
                points.append(here)
            }
        }
        // Over this send's fixes (one send behind at most), from the last before them
        // unless a pause came between.
        let span = lastFix.time.timeIntervalSince(resuming == nil ? lastTime ?? first.time : first.time)
        currentSpeed = span >= 5 ? added / span : (resuming == nil ? currentSpeed : nil)
        distanceMeters += added
        firstTime = firstTime ?? first.time
        lastTime = lastFix.time
        lastLatitude = lastFix.latitude
        lastLongitude = lastFix.longitude
        pointCount = points.count
        self.points = HeatLine.encode(points)
    }
}
