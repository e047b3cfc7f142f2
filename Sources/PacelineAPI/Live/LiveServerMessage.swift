import Foundation
import PacelineCore

/// What the server sends over the live WebSocket: one JSON object per text frame, its
/// kind in `"type"`. docs/live-protocol.md describes each with examples.
public enum LiveServerMessage: Sendable, Hashable {
    /// The answer to `hello`: who the connection belongs to, and the server's clock.
    case welcome(Welcome)
    /// A message could not be carried out; the connection stays open.
    case error(Failure)
    /// Every fix up to `sequence` is stored: the client may forget them.
    case ack(Ack)
    /// A follow began (or resumed); resend fixes after `lastSequence`.
    case followStarted(FollowStarted)
    /// A pacing cue, every 5 s of the follow.
    case cue(Cue)
    /// The follow ended: the run is saved and classified.
    case followFinished(FollowFinished)
    /// A session's lobby or state changed: who is in, who is ready.
    case session(LiveSessionState)
    /// The sender joined a session; resend fixes after `lastSequence` when rejoining.
    case joined(Joined)
    /// Everyone is ready: the race starts at `startsAt` (3-2-1-GO).
    case countdown(Countdown)
    /// A runner's distance, speed and position, about once a second.
    case progress(Progress)
    /// A runner crossed the distance.
    case finished(Finished)
    /// Everyone finished or gave up.
    case results(LiveResults)
    /// A walker in the session passed a point of interest (a plaque): told to everyone in it.
    case discovered(Discovered)

    public struct Welcome: Sendable, Hashable, Codable {
        public var userId: String
        public var displayName: String
        public var serverTime: Date
        public init(userId: String, displayName: String, serverTime: Date) {
            self.userId = userId
            self.displayName = displayName
            self.serverTime = serverTime
        }
    }

    public struct Failure: Sendable, Hashable, Codable {
        /// A stable, machine-readable code (e.g. `bad_message`, `not_invited`).
        public var code: String
        public var message: String
        /// The fix the error is about, for `bad_fix`.
        public var sequence: Int?
        public init(code: String, message: String, sequence: Int? = nil) {
            self.code = code
            self.message = message
            self.sequence = sequence
        }
    }

    public struct Ack: Sendable, Hashable, Codable {
        public var sequence: Int
        public init(sequence: Int) { self.sequence = sequence }
    }

    public struct FollowStarted: Sendable, Hashable, Codable {
        public var followId: String
        public var routeId: String
        public var paceRunId: String
        public var routeDistanceMeters: Double
        /// The highest fix sequence the server holds (0 for a new follow).
        public var lastSequence: Int
        public init(followId: String, routeId: String, paceRunId: String, routeDistanceMeters: Double, lastSequence: Int) {
            self.followId = followId
            self.routeId = routeId
            self.paceRunId = paceRunId
            self.routeDistanceMeters = routeDistanceMeters
            self.lastSequence = lastSequence
        }
    }

    public struct Cue: Sendable, Hashable, Codable {
        public var elapsedSeconds: Double
        public var distanceMeters: Double
        /// Seconds ahead of the pace (negative: behind); absent while deviated.
        public var aheadSeconds: Double?
        public var deviated: Bool
        public var finished: Bool
        /// What a voice should say now, if anything.
        public var spoken: String?
        public init(elapsedSeconds: Double, distanceMeters: Double, aheadSeconds: Double?, deviated: Bool, finished: Bool,
                    spoken: String?) {
            self.elapsedSeconds = elapsedSeconds
            self.distanceMeters = distanceMeters
            self.aheadSeconds = aheadSeconds
            self.deviated = deviated
            self.finished = finished
            self.spoken = spoken
        }
    }

    public struct FollowFinished: Sendable, Hashable, Codable {
        public var followId: String
        public var runId: String
        public var routeId: String
        /// `follow` (it joined the route's leaderboard) or `new` (it can become a route).
        public var classification: FollowResult.Classification
        public var coverage: Double
        /// Start line to finish line, when it joined the route.
        public var elapsedSeconds: Double?
        /// Place on the route's leaderboard, when it joined.
        public var rank: Int?
        public init(followId: String, runId: String, routeId: String, classification: FollowResult.Classification, coverage: Double,
                    elapsedSeconds: Double?, rank: Int?) {
            self.followId = followId
            self.runId = runId
            self.routeId = routeId
            self.classification = classification
            self.coverage = coverage
            self.elapsedSeconds = elapsedSeconds
            self.rank = rank
        }
    }

    public struct Joined: Sendable, Hashable, Codable {
        public var sessionId: String
        public var lastSequence: Int
        public init(sessionId: String, lastSequence: Int) {
            self.sessionId = sessionId
            self.lastSequence = lastSequence
        }
    }

    public struct Countdown: Sendable, Hashable, Codable {
        public var sessionId: String
        /// The start instant, the same for everyone (GO).
        public var startsAt: Date
        /// The server's clock when it sent this, so a client can correct its own.
        public var serverTime: Date
        public init(sessionId: String, startsAt: Date, serverTime: Date) {
            self.sessionId = sessionId
            self.startsAt = startsAt
            self.serverTime = serverTime
        }
    }

    public struct Progress: Sendable, Hashable, Codable {
        public var sessionId: String
        public var userId: String
        /// Verified metres since the start.
        public var distanceMeters: Double
        public var speedMetersPerSecond: Double
        /// Where the runner is; absent while they are inside one of their privacy zones.
        public var latitude: Double?
        public var longitude: Double?
        /// Seconds from the start to this fix.
        public var elapsedSeconds: Double
        /// When the runner's phone took the fix.
        public var time: Date
        public init(sessionId: String, userId: String, distanceMeters: Double, speedMetersPerSecond: Double,
                    latitude: Double?, longitude: Double?, elapsedSeconds: Double, time: Date) {
            self.sessionId = sessionId
            self.userId = userId
            self.distanceMeters = distanceMeters
            self.speedMetersPerSecond = speedMetersPerSecond
            self.latitude = latitude
            self.longitude = longitude
            self.elapsedSeconds = elapsedSeconds
            self.time = time
        }
    }

    public struct Finished: Sendable, Hashable, Codable {
        public var sessionId: String
        public var userId: String
        /// Seconds from the start to the instant the runner's track crossed the distance.
        public var seconds: Double
        public init(sessionId: String, userId: String, seconds: Double) {
            self.sessionId = sessionId
            self.userId = userId
            self.seconds = seconds
        }
    }
}

extension LiveServerMessage {
    public struct Discovered: Sendable, Hashable, Codable {
        public var sessionId: String
        public var userId: String
        public var pointId: String
        /// The point's title, as text.
        public var title: String
        /// Where the point is (not where the walker was).
        public var latitude: Double
        public var longitude: Double
        /// When the walker's phone took the fix that passed it.
        public var time: Date
        public init(sessionId: String, userId: String, pointId: String, title: String, latitude: Double, longitude: Double, time: Date) {
            self.sessionId = sessionId
            self.userId = userId
            self.pointId = pointId
            self.title = title
            self.latitude = latitude
            self.longitude = longitude
            self.time = time
        }
    }
}

extension LiveServerMessage: Codable {
    /// The `"type"` of each message.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case welcome, error, ack, followStarted, cue, followFinished, session, joined, countdown, progress, finished, results, discovered
    }

    public var kind: Kind {
        switch self {
        case .welcome: .welcome
        case .error: .error
        case .ack: .ack
        case .followStarted: .followStarted
        case .cue: .cue
        case .followFinished: .followFinished
        case .session: .session
        case .joined: .joined
        case .countdown: .countdown
        case .progress: .progress
        case .finished: .finished
        case .results: .results
        case .discovered: .discovered
        }
    }

    public init(from decoder: any Decoder) throws {
        switch try decoder.container(keyedBy: LiveTypeKey.self).decode(Kind.self, forKey: .type) {
        case .welcome: self = .welcome(try Welcome(from: decoder))
        case .error: self = .error(try Failure(from: decoder))
        case .ack: self = .ack(try Ack(from: decoder))
        case .followStarted: self = .followStarted(try FollowStarted(from: decoder))
        case .cue: self = .cue(try Cue(from: decoder))
        case .followFinished: self = .followFinished(try FollowFinished(from: decoder))
        case .session: self = .session(try LiveSessionState(from: decoder))
        case .joined: self = .joined(try Joined(from: decoder))
        case .countdown: self = .countdown(try Countdown(from: decoder))
        case .progress: self = .progress(try Progress(from: decoder))
        case .finished: self = .finished(try Finished(from: decoder))
        case .results: self = .results(try LiveResults(from: decoder))
        case .discovered: self = .discovered(try Discovered(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: LiveTypeKey.self)
        try container.encode(kind, forKey: .type)
        switch self {
        case .welcome(let body): try body.encode(to: encoder)
        case .error(let body): try body.encode(to: encoder)
        case .ack(let body): try body.encode(to: encoder)
        case .followStarted(let body): try body.encode(to: encoder)
        case .cue(let body): try body.encode(to: encoder)
        case .followFinished(let body): try body.encode(to: encoder)
        case .session(let body): try body.encode(to: encoder)
        case .joined(let body): try body.encode(to: encoder)
        case .countdown(let body): try body.encode(to: encoder)
        case .progress(let body): try body.encode(to: encoder)
        case .finished(let body): try body.encode(to: encoder)
        case .results(let body): try body.encode(to: encoder)
        case .discovered(let body): try body.encode(to: encoder)
        }
    }
}
