import Foundation
import PacelineAPI
import PacelineCore

/// Checks a `fixes` message against what the connection already has: fixes are numbered
/// 1, 2, 3… without gaps; those at or below `lastSequence` were received before (a resend
/// after a reconnect) and are skipped; the rest must be real positions at believable
/// times (`FixLimits`; an elevation or heart rate out of its range is only left out). A
/// message with a bad fix is refused whole, so what is stored always runs without gaps.
struct LiveFixIntake {
    /// Why a `fixes` message was refused.
    struct Rejection: Error {
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
    func accept(_ incoming: [LiveFix], after lastSequence: Int, now: Date = Date()) throws(Rejection) -> Accepted? {
        guard incoming.count <= LiveSettings.maximumFixesPerMessage else {
            throw Rejection(code: "bad_message", message: "send at most \(LiveSettings.maximumFixesPerMessage) fixes per message")
        }
        for (a, b) in zip(incoming, incoming.dropFirst()) where b.sequence != a.sequence + 1 {
            throw Rejection(code: "bad_message", message: "a message's fixes must be numbered consecutively (\(b.sequence) follows \(a.sequence))", sequence: b.sequence)
        }
        let new = incoming.filter { $0.sequence > lastSequence }
        guard let first = new.first else { return nil }
        guard first.sequence == lastSequence + 1 else {
            throw Rejection(code: "sequence_gap", message: "the next fix must be number \(lastSequence + 1)", sequence: first.sequence)
        }
        var fixes: [Fix] = []
        fixes.reserveCapacity(new.count)
        let limits = FixLimits(now: now)
        for fix in new {
            if let tolerance = clockTolerance, fix.time.timeIntervalSince(now) > tolerance {
                throw Rejection(code: "bad_fix", message: "fix \(fix.sequence) is from the future (more than \(Int(tolerance)) s ahead of the server's clock)", sequence: fix.sequence)
            }
            let (screened, problems) = limits.screen(Fix(time: fix.time, coordinate: Coordinate(latitude: fix.latitude, longitude: fix.longitude),
                                                        elevation: fix.elevation, horizontalAccuracy: fix.accuracy, heartRate: fix.heartRate))
            // Without a position or a time there is no fix to store in its place; an
            // impossible elevation or heart rate is only left out.
            guard let screened, screened.time != nil else {
                let field = problems.first ?? .time
                throw Rejection(code: "bad_fix", message: "fix \(fix.sequence): \(field.rawValue) outside \(field.allowed(by: limits))", sequence: fix.sequence)
            }
            fixes.append(CompactTrack.stored(screened))
        }
        return Accepted(firstSequence: first.sequence, lastSequence: new[new.count - 1].sequence, fixes: fixes)
    }
}
