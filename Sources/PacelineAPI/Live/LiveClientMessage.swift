import Foundation
import PacelineCore

/// What a client sends over the live WebSocket (`/api/v1/live`): one JSON object per
/// text frame, its kind in `"type"`. docs/live-protocol.md describes each with examples.
///
/// ```swift
/// try LiveCoding.encode(LiveClientMessage.ready(.init(ready: true)))  // {"ready":true,"type":"ready"}
/// ```
public enum LiveClientMessage: Sendable, Hashable {
    /// First message on every connection: the bearer token of a logged-in user, or none
    /// when the socket was opened with the web app's session cookie.
    case hello(Hello)
    /// Starts following a route's pace live.
    case follow(Follow)
    /// Picks up a follow after a dropped connection.
    case resumeFollow(ResumeFollow)
    /// Ends the follow: the run is saved and classified.
    case finishFollow
    /// Creates a live session (a race to a distance) with the sender as host.
    case createSession(CreateSession)
    /// Joins a session: by id (invited, or rejoining), by join code, or by walk invitation.
    case joinSession(JoinSession)
    /// Invites friends to the sender's current session.
    case invite(Invite)
    /// Ready (or not) in the lobby; the race starts when everyone who joined is ready.
    case ready(Ready)
    /// Leaves the lobby, or gives up during the race.
    case leave
    /// Positions, in order; each has a sequence number the server acknowledges.
    case fixes(Fixes)

    public struct Hello: Sendable, Hashable, Codable {
        /// Absent when the upgrade request carried the `paceline_session` cookie.
        public var token: String?
        public init(token: String? = nil) { self.token = token }
    }

    public struct Follow: Sendable, Hashable, Codable {
        public var routeId: String
        /// A run on the route to follow; the route's own run when absent.
        public var paceRunId: String?
        public init(routeId: String, paceRunId: String? = nil) {
            self.routeId = routeId
            self.paceRunId = paceRunId
        }
    }

    public struct ResumeFollow: Sendable, Hashable, Codable {
        public var followId: String
        public init(followId: String) { self.followId = followId }
    }

    public struct CreateSession: Sendable, Hashable, Codable {
        public var distanceMeters: Double
        /// run (the default) or walk.
        public var sport: Sport?
        /// Friends to invite (user ids).
        public var invite: [String]?
        public init(distanceMeters: Double, sport: Sport? = nil, invite: [String]? = nil) {
            self.distanceMeters = distanceMeters
            self.sport = sport
            self.invite = invite
        }
    }

    /// Exactly one of the three.
    public struct JoinSession: Sendable, Hashable, Codable {
        public var sessionId: String?
        public var code: String?
        public var invitationId: String?
        public init(sessionId: String? = nil, code: String? = nil, invitationId: String? = nil) {
            self.sessionId = sessionId
            self.code = code
            self.invitationId = invitationId
        }
    }

    public struct Invite: Sendable, Hashable, Codable {
        public var userIds: [String]
        public init(userIds: [String]) { self.userIds = userIds }
    }

    public struct Ready: Sendable, Hashable, Codable {
        public var ready: Bool
        public init(ready: Bool) { self.ready = ready }
    }

    public struct Fixes: Sendable, Hashable, Codable {
        public var fixes: [LiveFix]
        public init(fixes: [LiveFix]) { self.fixes = fixes }
    }
}

/// One position as a phone reports it, numbered by the client (1, 2, 3…) so the server
/// can acknowledge it and ignore it when resent.
public struct LiveFix: Sendable, Hashable, Codable {
    public var sequence: Int
    public var latitude: Double
    public var longitude: Double
    /// Metres above sea level.
    public var elevation: Double?
    /// Horizontal accuracy, metres.
    public var accuracy: Double?
    public var heartRate: Int?
    /// When the phone took it.
    public var time: Date

    public init(sequence: Int, latitude: Double, longitude: Double, elevation: Double? = nil, accuracy: Double? = nil,
                heartRate: Int? = nil, time: Date) {
        self.sequence = sequence
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
        self.accuracy = accuracy
        self.heartRate = heartRate
        self.time = time
    }
}

extension LiveClientMessage: Codable {
    /// The `"type"` of each message.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case hello, follow, resumeFollow, finishFollow, createSession, joinSession, invite, ready, leave, fixes
    }

    public var kind: Kind {
        switch self {
        case .hello: .hello
        case .follow: .follow
        case .resumeFollow: .resumeFollow
        case .finishFollow: .finishFollow
        case .createSession: .createSession
        case .joinSession: .joinSession
        case .invite: .invite
        case .ready: .ready
        case .leave: .leave
        case .fixes: .fixes
        }
    }

    public init(from decoder: any Decoder) throws {
        switch try decoder.container(keyedBy: LiveTypeKey.self).decode(Kind.self, forKey: .type) {
        case .hello: self = .hello(try Hello(from: decoder))
        case .follow: self = .follow(try Follow(from: decoder))
        case .resumeFollow: self = .resumeFollow(try ResumeFollow(from: decoder))
        case .finishFollow: self = .finishFollow
        case .createSession: self = .createSession(try CreateSession(from: decoder))
        case .joinSession: self = .joinSession(try JoinSession(from: decoder))
        case .invite: self = .invite(try Invite(from: decoder))
        case .ready: self = .ready(try Ready(from: decoder))
        case .leave: self = .leave
        case .fixes: self = .fixes(try Fixes(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: LiveTypeKey.self)
        try container.encode(kind, forKey: .type)
        switch self {
        case .hello(let body): try body.encode(to: encoder)
        case .follow(let body): try body.encode(to: encoder)
        case .resumeFollow(let body): try body.encode(to: encoder)
        case .createSession(let body): try body.encode(to: encoder)
        case .joinSession(let body): try body.encode(to: encoder)
        case .invite(let body): try body.encode(to: encoder)
        case .ready(let body): try body.encode(to: encoder)
        case .fixes(let body): try body.encode(to: encoder)
        case .finishFollow, .leave: break
        }
    }
}

/// The key every live message carries its kind in.
enum LiveTypeKey: String, CodingKey {
    case type
}
