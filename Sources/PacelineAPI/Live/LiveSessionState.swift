import Foundation
import PacelineCore

/// A live session as its members see it: the lobby before the start, the field during
/// the race.
public struct LiveSessionState: Sendable, Hashable, Codable {
    public enum Phase: String, Sendable, Hashable, Codable {
        /// Members join and get ready.
        case lobby
        /// Everyone was ready: the start instant is set.
        case countdown
        /// Past the start instant.
        case running
        /// Everyone finished or gave up; results are out.
        case finished
    }

    public struct Member: Sendable, Hashable, Codable {
        public enum Status: String, Sendable, Hashable, Codable {
            /// Invited, not joined yet.
            case invited
            /// In the lobby, not ready.
            case joined
            /// In the lobby, ready.
            case ready
            /// Racing.
            case running
            /// Crossed the distance.
            case finished
            /// Left during the race.
            case gaveUp
        }

        public var userId: String
        public var displayName: String
        public var status: Status
        public init(userId: String, displayName: String, status: Status) {
            self.userId = userId
            self.displayName = displayName
            self.status = status
        }
    }

    public var sessionId: String
    public var hostId: String
    /// The 4-digit join code while it works (it expires, and with the start).
    public var code: String?
    public var codeExpiresAt: Date?
    public var distanceMeters: Double
    /// run or walk.
    public var sport: Sport
    public var phase: Phase
    public var startsAt: Date?
    /// The walk invitation the session came from.
    public var invitationId: String?
    public var members: [Member]

    public init(sessionId: String, hostId: String, code: String?, codeExpiresAt: Date?, distanceMeters: Double, sport: Sport,
                phase: Phase, startsAt: Date?, invitationId: String?, members: [Member]) {
        self.sessionId = sessionId
        self.hostId = hostId
        self.code = code
        self.codeExpiresAt = codeExpiresAt
        self.distanceMeters = distanceMeters
        self.sport = sport
        self.phase = phase
        self.startsAt = startsAt
        self.invitationId = invitationId
        self.members = members
    }
}

/// A finished session: ranking, times, speeds, calories and the graphs' series.
public struct LiveResults: Sendable, Hashable, Codable {
    public struct Entry: Sendable, Hashable, Codable {
        /// 1 for the winner; absent for those who gave up.
        public var rank: Int?
        public var userId: String
        public var displayName: String
        public var status: LiveSessionState.Member.Status
        /// Start to the instant their track crossed the distance; absent if they gave up.
        public var seconds: Double?
        public var distanceMeters: Double
        public var averageSpeedMetersPerSecond: Double
        public var maxSpeedMetersPerSecond: Double
        public var kilocalories: Double
        /// Whether the calories assume the default weight (the runner gave none).
        public var weightAssumed: Bool
        /// The run saved from the race, if they covered enough to save one.
        public var runId: String?
        /// Distance–time–speed points for the graphs.
        public var series: [RaceProgress.SeriesPoint]

        public init(rank: Int?, userId: String, displayName: String, status: LiveSessionState.Member.Status, seconds: Double?,
                    distanceMeters: Double, averageSpeedMetersPerSecond: Double, maxSpeedMetersPerSecond: Double,
                    kilocalories: Double, weightAssumed: Bool, runId: String?, series: [RaceProgress.SeriesPoint]) {
            self.rank = rank
            self.userId = userId
            self.displayName = displayName
            self.status = status
            self.seconds = seconds
            self.distanceMeters = distanceMeters
            self.averageSpeedMetersPerSecond = averageSpeedMetersPerSecond
            self.maxSpeedMetersPerSecond = maxSpeedMetersPerSecond
            self.kilocalories = kilocalories
            self.weightAssumed = weightAssumed
            self.runId = runId
            self.series = series
        }
    }

    public var sessionId: String
    public var distanceMeters: Double
    public var sport: Sport
    public var startsAt: Date
    public var winnerId: String?
    /// Finishers by time, then those who gave up by distance.
    public var entries: [Entry]

    public init(sessionId: String, distanceMeters: Double, sport: Sport, startsAt: Date, winnerId: String?, entries: [Entry]) {
        self.sessionId = sessionId
        self.distanceMeters = distanceMeters
        self.sport = sport
        self.startsAt = startsAt
        self.winnerId = winnerId
        self.entries = entries
    }
}

/// How live messages are written and read: JSON with sorted keys, dates as ISO 8601 with
/// milliseconds (read with or without them), as in the REST API.
public enum LiveCoding {
    public static func encode<Message: Encodable>(_ message: Message) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(try FlexibleDateTranscoder().encode(date))
        }
        return String(decoding: try encoder.encode(message), as: UTF8.self)
    }

    public static func decode<Message: Decodable>(_ type: Message.Type, from text: String) throws -> Message {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            try FlexibleDateTranscoder().decode(try decoder.singleValueContainer().decode(String.self))
        }
        return try decoder.decode(type, from: Data(text.utf8))
    }
}
