import ArgumentParser

/// `paceline`: the command-line face of Paceline. The everyday commands come first in
/// `--help`; the benchmarks are a separate executable, `paceline-bench`.
@main
struct Paceline: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "paceline",
        abstract: "Record, analyse and follow runs and walks.",
        subcommands: [
            ServeCommand.self, AnalyzeCommand.self, ConvertCommand.self, FollowCommand.self, CompareCommand.self,
            UploadCommand.self, ImportCommand.self, SyncCommand.self, LoginCommand.self, BackupCommand.self, MigrateCommand.self, ReprocessCommand.self,
        ],
        groupedSubcommands: [
            CommandGroup(name: "Training", subcommands: [WorkoutCommand.self, AchievementsCommand.self, PreviewCommand.self]),
            CommandGroup(name: "Server data", subcommands: [MissionCommand.self, POICommand.self, DEMCommand.self, MapCommand.self, AdminCommand.self]),
        ]
    )
}
