import ArgumentParser
import Foundation
import PacelineArchives
import PacelineCore

/// `paceline follow --pace PACE --run RUN [--json] [--interval 5]`: replays a run
/// against a pace as a phone would live, cue by cue; with `--plan GOAL [--strategy S]`,
/// against a pacer made from a goal on the pace's route (`PacePlan`), or, without `--run`,
/// prints the plan kilometre by kilometre.
struct FollowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "follow",
        abstract: "Replay a run against a pace to follow: seconds ahead or behind along the way, and how much of the route it kept to.",
        discussion: """
            The pace is normalized to checkpoints every 20 m; the run's fixes are fed in time order \
            through a follow session, as a phone would deliver them. With --json, prints one object \
            (the contract in docs/ARCHITECTURE.md); otherwise a transcript of the cues and what a voice would say. \
            A file that cannot be read, or a pace too short to follow, gets exit status 65. \
            With --plan, the pace file gives the route only (its line and elevation) and the pace to follow \
            is a goal's, spread by --strategy; without --run, the plan is printed kilometre by kilometre.
            """
    )

    @Option(name: .customLong("pace"), help: "The recorded run to follow (.gpx, .tcx, .fit), or the route a --plan is made on.", completion: .file())
    var paceFile: String

    @Option(name: .customLong("run"), help: "The run that follows it (.gpx, .tcx, .fit); without it, --plan prints the plan.", completion: .file())
    var runFile: String?

    @Option(help: "Follow a pacer made from this goal time instead of the pace's own times: 50:00, 1:45:30 or seconds.")
    var plan: String?

    @Option(help: "How --plan spreads the goal: even-pace, even-effort (slower up, quicker down) or negative-split.")
    var strategy: PacePlan.Strategy = .evenEffort

    @Flag(help: "Print the result as one JSON object.")
    var json = false

    @Flag(help: ArgumentHelp(
        "With --json: numbers unrounded, each cue's started/finished, and the inputs the session saw (sport, pace checkpoints, the run's fixes as read).",
        discussion: "For checking another implementation of the follow session against this one (Tests/e2e/test_follow_port.py checks the web app's)."))
    var exact = false

    @Option(help: "Seconds between cues.")
    var interval: Double = 5

    @Option(help: "Units for spoken cues and the transcript: metric or imperial.")
    var units: UnitSystem = .metric

    func validate() throws {
        guard interval > 0, interval.isFinite else { throw ValidationError("--interval must be a positive number of seconds") }
        guard !exact || json else { throw ValidationError("--exact needs --json") }
        guard runFile != nil || plan != nil else { throw ValidationError("give --run, the run that follows the pace (or --plan alone, to print a plan)") }
        if let plan, Self.seconds(plan) == nil { throw ValidationError("--plan must be a time: 50:00, 1:45:30 or seconds (got \(plan))") }
    }

    func run() throws {
        var checkpoints = try loadPace()
        if let goal = plan.flatMap(Self.seconds) {
            let made: PacePlan
            do {
                made = try PacePlan(route: checkpoints, goal: goal, strategy: strategy)
            } catch {
                Output.error("\(paceFile): \(error)")
                throw ExitCode(65)
            }
            guard runFile != nil else {
                if json { try Output.json(made.splits) } else { print(PlanTable(plan: made).render()) }
                return
            }
            checkpoints = made.checkpoints
        }
        guard let runFile else { return }
        let runner = try Self.read(runFile)
        var configuration = FollowSession.Configuration()
        configuration.cueInterval = interval
        let (session, given) = FollowSession.replay(runner, against: checkpoints, configuration: configuration)
        var speaker = CueSpeaker(units: units)
        let cues = given.map { cue in (cue: cue, spoken: speaker.spoken(for: cue)) }
        let result = session.result
        if exact {
            try Output.json(FollowExactReport(result: result, cues: cues, pace: checkpoints, run: runner,
                                              maximumSpeed: session.configuration.maximumSpeed))
        } else if json {
            try Output.json(FollowReport(result: result, cues: cues))
        } else {
            FollowTranscript(units: units).print(cues: cues, result: result, pace: checkpoints)
        }
    }

    private func loadPace() throws -> [Checkpoint] {
        let activity = try Self.read(paceFile)
        do {
            return try Normalization.checkpoints(of: activity)
        } catch {
            Output.error("\(paceFile): \(error)")
            throw ExitCode(65)
        }
    }

    /// Seconds in "50:00", "1:45:30" or "3000"; nil for anything else.
    static func seconds(_ text: String) -> Double? {
        // At most 7 digits a part: no sum of them overflows.
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { $0.count <= 7 ? Int($0) : nil }
        guard (1...3).contains(parts.count), parts.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
        let values = parts.compactMap { $0 }
        guard values.dropFirst().allSatisfy({ $0 < 60 }) || values.count == 1 else { return nil }
        let total = values.reduce(0) { $0 * 60 + $1 }
        return total > 0 ? Double(total) : nil
    }

    /// Reads an activity file, or says why not on stderr and exits with status 65.
    static func read(_ path: String) throws -> Activity {
        do {
            return try ActivityFile.read(contentsOf: URL(fileURLWithPath: path))
        } catch {
            Output.error("\(path): \(error)")
            throw ExitCode(65)
        }
    }
}
