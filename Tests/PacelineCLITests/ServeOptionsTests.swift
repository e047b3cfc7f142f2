import Foundation
import PacelineTestSupport
import Testing

/// `paceline serve` refuses settings that would open the instance to anyone before it starts.
@Suite struct ServeOptionsTests {
    @Test("a trusted user header needs --trust-proxy, and a header name Paceline doesn't read for itself")
    func trustedUserHeader() throws {
        let alone = try PacelineCLI.run(["serve", "--trusted-user-header", "Remote-Email", "--port", "0"])
        #expect(alone.status == 64, "\(alone.stderr)")
        #expect(alone.stderr.contains("--trusted-user-header needs --trust-proxy"), "\(alone.stderr)")
        let reserved = try PacelineCLI.run(["serve", "--trust-proxy", "--trusted-user-header", "Authorization", "--port", "0"])
        #expect(reserved.status == 64 && reserved.stderr.contains("a header Paceline reads for itself"), "\(reserved.stderr)")
    }
}
