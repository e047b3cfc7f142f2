import Foundation
import PacelineTestSupport
import Testing

/// `paceline --help` reads as a product: the everyday commands first, the rest grouped,
/// and no benchmarks (they are `paceline-bench`'s).
@Suite struct HelpTests {
    @Test func everydayCommandsComeFirstAndBenchmarksAreElsewhere() throws {
        let result = try PacelineCLI.run(["--help"])
        #expect(result.status == 0, "\(result.stderr)")
        let help = result.stdout
        let positions = ["serve", "analyze", "convert", "follow", "compare", "upload", "login", "workout", "mission"]
            .map { help.range(of: "\n  \($0) ")?.lowerBound }
        #expect(!positions.contains(nil), "\(help)")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "\(help)")
        #expect(!help.contains("bench"), "\(help)")
    }
}
