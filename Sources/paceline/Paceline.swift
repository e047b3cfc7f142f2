import ArgumentParser

/// `paceline`: the command-line face of Paceline.
@main
struct Paceline: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "paceline",
        abstract: "Record, analyse and follow runs and walks.",
        subcommands: [AnalyzeCommand.self, ServeCommand.self, LoginCommand.self, UploadCommand.self, FollowCommand.self, CompareCommand.self, ConvertCommand.self, BenchCommand.self, FollowBenchCommand.self, BrowseBenchCommand.self, BenchLiveCommand.self, BenchSocketsCommand.self, WorkoutCommand.self, POICommand.self, DiscoveryBenchCommand.self, MissionCommand.self, MissionBenchCommand.self, AchievementsCommand.self, PreviewCommand.self]
    )
}
