import ArgumentParser

/// `paceline-bench`: the measurements behind docs/PERFORMANCE.md, kept out of the
/// `paceline` a runner installs. Build with `-c release` for numbers worth writing down.
@main
struct PacelineBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "paceline-bench",
        abstract: "Measure Paceline: the numbers in docs/PERFORMANCE.md and the commands that produced them.",
        discussion: "Build with -c release for meaningful numbers: swift build -c release, then .build/release/paceline-bench COMMAND.",
        groupedSubcommands: [
            CommandGroup(name: "In-process", subcommands: [
                AnalyzeBenchmarkCommand.self, FollowBenchmarkCommand.self, MissionsBenchmarkCommand.self, PhotosBenchmarkCommand.self,
            ]),
            CommandGroup(name: "Database", subcommands: [BrowseBenchmarkCommand.self, DiscoveryBenchmarkCommand.self, SegmentsBenchmarkCommand.self, PlannerBenchmarkCommand.self,
                                                        ClubsBenchmarkCommand.self]),
            CommandGroup(name: "Live server", subcommands: [LiveBenchmarkCommand.self, SocketsBenchmarkCommand.self, ImportBenchmarkCommand.self,
                                                           ReadsBenchmarkCommand.self, ReprocessBenchmarkCommand.self]),
        ]
    )
}
