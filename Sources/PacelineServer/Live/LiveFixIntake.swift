import Foundation
import PacelineAPI
import PacelineCore

/// Checks a `fixes` message against what the connection already has: fixes are numbered
/// 1, 2, 3… without gaps; those at or below `lastSequence` were received before (a resend
/// after a reconnect) and are skipped; the rest must be real positions at believable
/// times. A message with a bad fix is refused whole, so what is stored always runs
/// without gaps.
struct LiveFixIntake {
    /// Why a `fixes` message was refused.
    struct Refusal: Error {
        var code: String
        var message: String
        var sequence: Int?
    }

    /// New fixes, to store and to feed the follow or race, at the resolution they are
    /// stored with (`CompactTrack.stored`): the results and a follow's run are replayed from
    /// the stored fixes, and must see exactly what the live race or follow saw (a finish
    /// 3 mm past the line in raw coordinates can be 3 mm short of it in stored ones).
    struct Accepted {
        var firstSequence: Int
        var lastSequence: Int
        var fixes: [Fix]
    }

    var clockTolerance: TimeInterval?

    /// The fixes of `incoming` after `lastSequence`; nil when all were received before.
    func accept(_ incoming: [LiveFix], after lastSequence: Int, now: Date = Date()) throws(Refusal) -> Accepted? {
        guard incoming.count <= LiveSettings.maximumFixesPerMessage else {
            throw Refusal(code: "bad_message", message: "send at most \(LiveSettings.maximumFixesPerMessage) fixes per message")
        }
        for (a, b) in zip(incoming, incoming.dropFirst()) where b.sequence != a.sequence + 1 {
            throw Refusal(code: "bad_message", message: "a message's fixes must be numbered consecutively (\(b.sequence) follows \(a.sequence))", sequence: b.sequence)
        }
        let new = incoming.filter { $0.sequence > lastSequence }
        guard let first = new.first else { return nil }
        guard first.sequence == lastSequence + 1 else {
            throw Refusal(code: "sequence_gap", message: "the next fix must be number \(lastSequence + 1)", sequence: first.sequence)
        }
        var fixes: [Fix] = []
        fixes.reserveCapacity(new.count)
        for fix in new {
            guard (-90...90).contains(fix.latitude), (-180...180).contains(fix.longitude) else {
                throw Refusal(code: "bad_fix", message: "fix \(fix.sequence) is not a position on Earth", sequence: fix.sequence)
            }
            if let tolerance = clockTolerance, fix.time.timeIntervalSince(now) > tolerance {
                throw Refusal(code: "bad_fix", message: "fix \(fix.sequence) is from the future (more than \(Int(tolerance)) s ahead of the server's clock)", sequence: fix.sequence)
            }
            if let accuracy = fix.accuracy, !(accuracy >= 0) {
                throw Refusal(code: "bad_fix", message: "fix \(fix.sequence) has a negative accuracy", sequence: fix.sequence)
            }
            fixes.append(CompactTrack.stored(Fix(time: fix.time, coordinate: Coordinate(latitude: fix.latitude, longitude: fix.longitude),
                                                 elevation: fix.elevation, horizontalAccuracy: fix.accuracy, heartRate: fix.heartRate)))
        }
        return Accepted(firstSequence: first.sequence, lastSequence: new[new.count - 1].sequence, fixes: fixes)
    }
}
