import Foundation
import PacelineAPI
import PacelineCore

/// A member of a live session on one connection: their verified race once the start is
/// known, and the fixes that came before it (where they stand at GO).
struct LiveRaceRunner {
    var sessionID: UUID
    var memberID: UUID
    var userID: UUID
    var target: Double
    var sport: Sport
    var status: LiveSessionState.Member.Status
    var startsAt: Date?
    var race: RaceProgress?
    var lastSequence = 0
    /// Fixes received before the start instant was known.
    private var waiting: [Fix] = []
    /// Race time of the last progress sent to the others.
    private var lastReported = -Double.infinity

    /// Progress is sent to the others about once a second of race time: a phone's 1 Hz
    /// fixes are not exactly a second apart, so 0.9 s lets each of them through.
    static let reportInterval = 0.9

    /// The runner's privacy zones: their position inside one is not sent to the others.
    var hidden: [PrivacyZone] = []
    /// On a walk, the points of interest passed so far (`LiveDiscoveries`); nil for a sport that doesn't discover.
    var walker: LiveDiscoveries.Walker?

    init(session: LiveSession, member: LiveMember) throws {
        sessionID = try session.requireID()
        memberID = try member.requireID()
        userID = member.$user.id
        target = session.distanceMeters
        sport = session.sport
        status = member.status
        if LiveDiscoveries.sports.contains(sport) { walker = LiveDiscoveries.Walker() }
        if let startsAt = session.startsAt { start(at: startsAt) }
    }

    /// The start is known: the race begins (with what came before).
    mutating func start(at instant: Date) {
        guard race == nil else { return }
        startsAt = instant
        race = RaceProgress(target: target, start: instant, sport: sport)
        let earlier = waiting
        waiting = []
        for fix in earlier { race!.add(fix) }
    }

    /// What feeding `fixes` did: a progress report due for the others, and whether this crossed the distance.
    struct Outcome {
        var progress: LiveServerMessage.Progress?
        var finishedNow = false
    }

    /// - Complexity: O(fixes): the race is fed in place, never copied.
    mutating func add(_ fixes: [Fix]) -> Outcome {
        guard self.race != nil else {
            waiting.append(contentsOf: fixes)
            return Outcome()
        }
        guard status == .running else { return Outcome() }
        let wasFinished = self.race!.isFinished
        var last: Fix?
        for fix in fixes where self.race!.add(fix) { last = fix }
        let race = self.race!
        var outcome = Outcome(finishedNow: !wasFinished && race.isFinished)
        if let last, let position = race.position, let time = last.time,
           race.elapsed - lastReported >= Self.reportInterval || outcome.finishedNow {
            lastReported = race.elapsed
            let shown = hidden.hide(position) ? nil : position
            outcome.progress = .init(sessionId: sessionID.apiID, userId: userID.apiID, distanceMeters: race.distance,
                                     speedMetersPerSecond: race.currentSpeed, latitude: shown?.latitude,
                                     longitude: shown?.longitude, elapsedSeconds: race.elapsed, time: time)
        }
        return outcome
    }
}
