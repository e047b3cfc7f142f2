import Crypto
import Fluent
import Foundation
import PacelineAPI
import PacelineCore

/// Live safety links (`Beacon`): making one, what its owner's phone sends it, ending it,
/// and what a holder of its address sees.
///
/// The address carries a secret of 256 random bits; the database keeps its hash, so a
/// copy of the database opens no link. A link is never listed anywhere: its owner gets
/// the address once, when it is made. Views are counted per client address
/// (`Attempt.beaconViewFrom`), so addresses can't be guessed by the million.
enum BeaconBook {
    /// A link lives at most this long, whatever its owner's phone does.
    static let lifetime: TimeInterval = 24 * 60 * 60
    /// At most this many open links per user at once.
    static let maximumOpen = 3
    /// At most this many fixes in one request; the phone sends some every few seconds.
    static let maximumFixesPerRequest = 600
    /// Fixes closer than this (metres) to the last one kept add distance but no point.
    static let spacing = 5.0
    /// The way keeps at most this many points (a day at one every 5 m is far fewer).
    static let maximumPoints = 20_000

    /// A new secret for an address: `bc_` and 32 random bytes, URL-safe base64.
    static func newToken() -> String {
        "bc_" + SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// Makes `owner`'s link (at most `maximumOpen` open at once, held under the user's
    /// lock); returns it and its secret.
    static func open(for owner: UUID, sport: Sport, showsZones: Bool, on database: any Database) async throws -> (Beacon, String) {
        let token = newToken()
        let beacon = Beacon()
        beacon.$owner.id = owner
        beacon.tokenHash = TokenIssuer.hash(token)
        beacon.sport = sport
        beacon.showsZones = showsZones
        beacon.expiresAt = Date().addingTimeInterval(lifetime)
        beacon.points = ""
        beacon.pointCount = 0
        beacon.distanceMeters = 0
        try await database.lockingUser(owner) { transaction in
            let open = try await Beacon.query(on: transaction).filter(\.$owner.$id == owner)
                .filter(\.$endedAt == nil).filter(\.$expiresAt > Date()).count()
            guard open < maximumOpen else {
                throw APIError(status: .conflict, code: "too_many_beacons",
                               message: "at most \(maximumOpen) live links at once: end one first")
            }
            try await beacon.create(on: transaction)
        }
        return (beacon, token)
    }

    /// `owner`'s link `id`; 404 for anyone else's.
    static func owned(_ id: String, by owner: UUID, on database: any Database) async throws -> Beacon {
        guard let uuid = UUID(uuidString: id), let beacon = try await Beacon.find(uuid, on: database),
              beacon.$owner.id == owner else { throw APIError.notFound("live link") }
        return beacon
    }

    /// Adds `fixes` to the way of `owner`'s link `id`, after the last one it has: those
    /// whose numbers can't be true (a position off the Earth, a time not near now) are left
    /// out. 409 once the link has ended.
    static func append(_ fixes: [Components.Schemas.BeaconFix], to id: String, by owner: UUID, on database: any Database) async throws {
        guard fixes.count <= maximumFixesPerRequest else {
            throw APIError.badRequest("fixes: \(fixes.count), more than \(maximumFixesPerRequest) at once")
        }
        let now = Date()
        let valid = fixes.filter { fix in
            fix.latitude.isFinite && fix.longitude.isFinite && (-90...90).contains(fix.latitude) && (-180...180).contains(fix.longitude)
                && fix.time.timeIntervalSince(now) < 300 && now.timeIntervalSince(fix.time) < lifetime
        }.sorted { $0.time < $1.time }
        try await database.lockingUser(owner) { transaction in
            let beacon = try await owned(id, by: owner, on: transaction)
            guard beacon.endedAt == nil, beacon.expiresAt > now else {
                throw APIError(status: .conflict, code: "beacon_ended", message: "this live link has ended")
            }
            beacon.add(valid.filter { fix in beacon.lastTime.map { fix.time > $0 } ?? true })
            try await beacon.save(on: transaction)
        }
    }

    /// What the holder of `token`'s address sees: 404 for an address that is not one, 410
    /// for a link that has ended or expired.
    static func view(_ token: String, on database: any Database) async throws -> Components.Schemas.BeaconView {
        guard token.count <= 100, let beacon = try await Beacon.query(on: database).filter(\.$tokenHash == TokenIssuer.hash(token))
            .with(\.$owner).first() else { throw APIError.notFound("live link") }
        guard beacon.endedAt == nil, beacon.expiresAt > Date() else {
            throw APIError(status: .gone, code: "beacon_ended", message: "this live link has ended")
        }
        let zones = beacon.showsZones ? [] : beacon.owner.privacyZones
        let points = HeatLine.decode(beacon.points) ?? []
        // The way in pieces, cut where it enters a zone (never drawn across one).
        var lines: [[Components.Schemas.Position]] = [[]]
        for point in points {
            if zones.hide(point) {
                if !(lines.last?.isEmpty ?? true) { lines.append([]) }
            } else {
                lines[lines.count - 1].append(.init(latitude: point.latitude, longitude: point.longitude))
            }
        }
        let last = beacon.lastLatitude.flatMap { latitude in beacon.lastLongitude.map { Coordinate(latitude: latitude, longitude: $0) } }
        let shown = last.flatMap { zones.hide($0) ? nil : $0 }
        let elapsed = beacon.firstTime.flatMap { first in beacon.lastTime.map { $0.timeIntervalSince(first) } } ?? 0
        return .init(runner: beacon.owner.displayName, sport: beacon.sport.schema, startedAt: beacon.firstTime,
                     lastUpdate: beacon.lastTime, distanceMeters: beacon.distanceMeters, elapsedSeconds: elapsed,
                     currentSpeedMetersPerSecond: beacon.currentSpeed,
                     position: shown.map { .init(latitude: $0.latitude, longitude: $0.longitude) },
                     inPrivateArea: last != nil && shown == nil, path: lines.filter { $0.count > 1 }, expiresAt: beacon.expiresAt)
    }
}

extension Beacon {
    /// Adds `fixes` (in time order, after the last one kept): the distance fix to fix, a
    /// point every `BeaconBook.spacing` metres, the speed over the fixes added.
    func add(_ fixes: [Components.Schemas.BeaconFix]) {
        guard let first = fixes.first, let lastFix = fixes.last else { return }
        var points = HeatLine.decode(self.points) ?? []
        var previous = lastLatitude.flatMap { latitude in lastLongitude.map { Coordinate(latitude: latitude, longitude: $0) } }
        var added = 0.0
        for fix in fixes {
            let here = Coordinate(latitude: fix.latitude, longitude: fix.longitude)
            if let previous { added += Geodesy.distance(previous, here) }
            previous = here
            if points.count < BeaconBook.maximumPoints, points.last.map({ Geodesy.distance($0, here) >= BeaconBook.spacing }) ?? true {
                points.append(here)
            }
        }
        let span = lastFix.time.timeIntervalSince(lastTime ?? first.time)
        currentSpeed = span >= 5 ? added / span : currentSpeed
        distanceMeters += added
        firstTime = firstTime ?? first.time
        lastTime = lastFix.time
        lastLatitude = lastFix.latitude
        lastLongitude = lastFix.longitude
        pointCount = points.count
        self.points = HeatLine.encode(points)
    }
}
