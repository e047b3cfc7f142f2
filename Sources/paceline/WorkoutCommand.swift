import ArgumentParser
import Foundation
import PacelineCore

/// `paceline workout --plan PLAN.json --run RUN [--json [--exact]] [--units metric|imperial] [--bands BANDS.json]`:
/// replays a run through an interval workout as a phone would live, and prints the cues
/// and the summary.
struct WorkoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workout",
        abstract: "Replay a run through an interval workout: the spoken cues and each interval planned against actual.",
        discussion: """
            The plan is JSON (docs/ALGORITHMS.md, "Interval workouts"; an example in \
            docs/examples/workout-6x400.json). The run's fixes are fed in time order through a \
            workout session; a segment break is a pause. With --json, prints \
            {cues: [{elapsedSeconds, distanceMeters, interval, kind, spoken}], summary: {...}}; \
            otherwise the transcript and a table. A plan or run that cannot be read gets exit status 65.
            """
    )

    @Option(name: .customLong("plan"), help: "The workout plan (JSON).", completion: .file())
    var planFile: String

    @Option(name: .customLong("run"), help: "The run (.gpx, .tcx, .fit).", completion: .file())
    var runFile: String

    @Option(name: .customLong("bands"), help: "Pace bands (JSON {rest, easy, steady, fast: {fastest, slowest}} in s/km); default bands otherwise.", completion: .file())
    var bandsFile: String?

    @Flag(help: "Print the result as one JSON object.")
    var json = false

    @Flag(help: ArgumentHelp("With --json: numbers unrounded, and the fixes the session saw (for checking the web app's port)."))
    var exact = false

    @Option(help: "Units for spoken cues and the table: metric or imperial.")
    var units: UnitSystem = .metric

    func validate() throws {
        guard !exact || json else { throw ValidationError("--exact needs --json") }
    }

    func run() throws {
        let plan = try Self.load(planFile) { try WorkoutPlan.decode($0) }
        let bands = try bandsFile.map { path in
            try Self.load(path) { data in
                let bands = try JSONDecoder().decode(PaceBands.self, from: data)
                try bands.validate()
                return bands
            }
        } ?? .default
        let runner = try FollowCommand.read(runFile)
        let (session, cues) = WorkoutSession.replay(runner, plan: plan, bands: bands)
        let speaker = WorkoutSpeaker(units: units)
        let lines = cues.map { (cue: $0, spoken: speaker.spoken($0, in: session.intervals)) }
        if json {
            try Output.json(WorkoutReport(cues: lines, summary: session.summary, exact: exact ? runner : nil,
                                          maximumSpeed: session.configuration.maximumSpeed))
        } else {
            WorkoutTable(units: units).print(cues: lines, summary: session.summary)
        }
    }

    /// Reads and decodes a JSON file, or says on stderr which file and what is wrong, and exits 65.
    static func load<T>(_ path: String, _ decode: (Data) throws -> T) throws -> T {
        do {
            return try decode(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch let error as WorkoutPlanError {
            Output.error("\(path): \(error)")
        } catch is DecodingError {
            Output.error("\(path): not valid JSON of the expected shape")
        } catch {
            Output.error("\(path): \(error.localizedDescription)")
        }
        throw ExitCode(65)
    }
}
