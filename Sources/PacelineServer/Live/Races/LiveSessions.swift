import Fluent
import Foundation
import PacelineAPI
import PacelineCore
import SQLKit

/// The rules of live sessions, kept in the database so every instance agrees: who may
/// join, when the race starts, who finished. Each function throws `Refusal`s whose code
/// and message the connection sends back as an `error` message.
enum LiveSessions {
    typealias Status = LiveSessionState.Member.Status

    /// A session to `distance` metres hosted by `host`, with `invitees` (friends) invited
    /// and a fresh join code; returns it with the host's membership (in the lobby).
    static func create(host: UUID, distance: Double, sport: Sport?, invitees: [String], settings: LiveSettings,
                       on database: any Database) async throws -> (LiveSession, LiveMember) {
        guard LiveSettings.distances.contains(distance) else {
            throw Refusal(.invalid, code: "bad_distance",
                           message: "a session's distance must be \(Int(LiveSettings.distances.lowerBound)) m to \(Int(LiveSettings.distances.upperBound / 1000)) km")
        }
        let sport = sport ?? .run
        guard sport == .run || sport == .walk else {
            throw Refusal(.invalid, code: "bad_sport", message: "a session is a run or a walk")
        }
        let guests = try await friends(invitees, of: host, on: database)
        let session = LiveSession()
        session.$host.id = host
        session.distanceMeters = distance
        session.sport = sport
        (session.code, session.codeExpiresAt) = try await freshCode(lifetime: settings.codeLifetime, on: database)
        let id = UUID()
        session.id = id
        let hostMember = LiveMember(sessionID: id, userID: host, status: .joined, seenAt: Date())
        try await database.retryingTransaction { transaction in
            try await session.create(on: transaction)
            try await hostMember.create(on: transaction)
            for guest in guests {
                try await LiveMember(sessionID: id, userID: guest, status: .invited).create(on: transaction)
            }
        }
        return (session, hostMember)
    }

    /// Invites more of the host's friends while the session is in its lobby.
    static func invite(_ invitees: [String], to session: LiveSession, by user: UUID, on database: any Database) async throws {
        guard session.$host.id == user else {
            throw Refusal(.forbidden, code: "not_host", message: "only the session's host invites")
        }
        guard session.startsAt == nil else {
            throw Refusal(.conflict, code: "already_started", message: "the race has started")
        }
        let sessionID = try session.requireID()
        let existing = Set(try await LiveMember.query(on: database).filter(\.$session.$id == sessionID).all().map(\.$user.id))
        for guest in try await friends(invitees, of: user, on: database) where !existing.contains(guest) {
            try await LiveMember(sessionID: sessionID, userID: guest, status: .invited).create(on: database)
        }
    }

    /// The user ids in `ids`, checked to be `user`'s friends.
    private static func friends(_ ids: [String], of user: UUID, on database: any Database) async throws -> [UUID] {
        guard !ids.isEmpty else { return [] }
        guard ids.count <= 50 else {
            throw Refusal(.invalid, code: "too_many_invitees", message: "invite at most 50 friends at a time")
        }
        let friends = try await Friends.friendIDs(of: user, on: database)
        return try Array(Set(ids.map { id in
            guard let uuid = UUID(uuidString: id), friends.contains(uuid) else {
                throw Refusal(.unprocessable, code: "not_a_friend", message: "\(id) is not one of your friends")
            }
            return uuid
        }))
    }

    /// A 4-digit code no open session uses.
    private static func freshCode(lifetime: TimeInterval, on database: any Database) async throws -> (String, Date) {
        let now = Date()
        for _ in 0..<50 {
            let code = String(format: "%04d", Int.random(in: 0...9_999))
            let taken = try await LiveSession.query(on: database).filter(\.$code == code)
                .filter(\.$codeExpiresAt > now).count()
            if taken == 0 { return (code, now.addingTimeInterval(lifetime)) }
        }
        throw Refusal(.unavailable, code: "no_code_free", message: "too many sessions are open; try again in a minute")
    }

    /// The session `request` names, with the user admitted to it: its lobby (by code,
    /// invitation, or an invitation to the session), or back into a race they are in. A
    /// code is counted for the user and their `address` (`AttemptLimiter`).
    static func join(_ request: LiveClientMessage.JoinSession, user: UUID, from address: String, settings: LiveSettings,
                     limiter: AttemptLimiter, on database: any Database) async throws -> (LiveSession, LiveMember) {
        switch (request.sessionId, request.code, request.invitationId) {
        case (let id?, nil, nil):
            guard let uuid = UUID(uuidString: id), let session = try await LiveSession.find(uuid, on: database),
                  let member = try await member(of: LiveSessionID(uuid), user: UserID(user), on: database) else {
                throw Refusal(.forbidden, code: "not_invited", message: "you are not invited to that session")
            }
            return (session, try await enter(member, session: session, on: database))
        case (nil, let code?, nil):
            return try await join(code: code, user: user, from: address, limiter: limiter, on: database)
        case (nil, nil, let id?):
            let session = try await LiveInvitations.session(for: id, user: user, settings: settings, on: database)
            guard let member = try await member(of: LiveSessionID(try session.requireID()), user: UserID(user), on: database) else {
                throw Refusal(.forbidden, code: "not_invited", message: "you are not invited to that session")
            }
            return (session, try await enter(member, session: session, on: database))
        default:
            throw Refusal(.invalid, code: "bad_message", message: "joinSession takes exactly one of sessionId, code and invitationId")
        }
    }

    /// Joins by code. The code is counted for the address, then for the user, before it
    /// is looked up, and given back when it is right: however many sockets send codes at
    /// once, only the allowance of wrong ones is ever looked up. One refused at the user's
    /// own limit gives the address's attempt back, so one user's guessing does not lock
    /// out the host's friends on the same network.
    private static func join(code: String, user: UUID, from address: String, limiter: AttemptLimiter,
                             on database: any Database) async throws -> (LiveSession, LiveMember) {
        let now = Date()
        let taken = try await limiter.take(.joinCodeFrom(address: address), .joinCode(user: user))
        guard let session = try await LiveSession.query(on: database).filter(\.$code == code)
            .filter(\.$codeExpiresAt > now).filter(\.$startsAt == nil).first() else {
            throw Refusal(.notFound, code: "bad_code", message: "no open session has that code (codes expire, and close at the start)")
        }
        try await limiter.giveBack(taken)
        let sessionID = try session.requireID()
        if let member = try await member(of: LiveSessionID(sessionID), user: UserID(user), on: database) {
            return (session, try await enter(member, session: session, on: database))
        }
        let member = LiveMember(sessionID: sessionID, userID: user, status: .joined, seenAt: now)
        try await member.create(on: database)
        return (session, member)
    }

    /// Moves an invited member into the lobby; anyone already in stays as they are (and a
    /// lobby member is seen now: `LiveLobbyPresence`). After the start only those in the
    /// race get back in.
    private static func enter(_ member: LiveMember, session: LiveSession, on database: any Database) async throws -> LiveMember {
        switch member.status {
        case .invited:
            guard session.startsAt == nil else {
                throw Refusal(.conflict, code: "already_started", message: "the race started without you")
            }
            member.status = .joined
        case .joined, .ready:
            break
        default:
            return member
        }
        member.seenAt = Date()
        try await member.save(on: database)
        return member
    }

    static func member(of session: LiveSessionID, user: UserID, on database: any Database) async throws -> LiveMember? {
        try await LiveMember.query(on: database).filter(\.$session.$id == session.uuid).filter(\.$user.$id == user.uuid).first()
    }

    /// Leaves the lobby (an invitee goes back to invited), or gives up during the race.
    static func leave(_ member: LiveMember, session: LiveSession, on database: any Database) async throws {
        switch member.status {
        case .joined, .ready:
            if session.startsAt == nil {
                member.status = .invited
                try await member.save(on: database)
            }
        case .running:
            member.status = .gaveUp
            try await member.save(on: database)
        default:
            break
        }
    }

    /// Records that `member` crossed the distance `seconds` after the start.
    static func finish(_ member: LiveMember, seconds: Double, on database: any Database) async throws {
        member.status = .finished
        member.finalSeconds = seconds
        try await member.save(on: database)
    }
}
