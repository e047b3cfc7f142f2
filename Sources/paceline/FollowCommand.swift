import ArgumentParser
import Foundation
import PacelineArchives
import PacelineCore

/// `paceline follow --pace PACE --run RUN [--json] [--interval 5]`: replays a run
/// against a pace as a phone would live, cue by cue.
struct FollowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "follow",
        abstract: "Replay a run against a pace to follow: seconds ahead or behind along the way, and how much of the route it kept to.",
        discussion: """
            The pace is normalized to checkpoints every 20 m; the run's fixes are fed in time order \
            through a follow session, as a phone would deliver them. With --json, prints one object \
            (the contract in docs/ARCHITECTURE.md); otherwise a transcript of the cues and what a voice would say. \
            A file that cannot be read, or a pace too short to follow, gets exit status 65.
            """
    )

    @Option(name: .customLong("pace"), help: "The recorded run to follow (.gpx, .tcx, .fit).", completion: .file())
    var paceFile: String

    @Option(name: .customLong("run"), help: "The run that follows it (.gpx, .tcx, .fit).", completion: .file())
    var runFile: String

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
    }

    func run() throws {
        let checkpoints = try loadPace()
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
