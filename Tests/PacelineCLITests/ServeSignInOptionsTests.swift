import Foundation
import PacelineTestSupport
import Testing

/// `paceline serve`'s sign-in options are checked before anything starts: an issuer the
/// server would talk to in clear, an issuer without its client, and password login off
/// with no provider (no one could sign in) each stop it with a sentence saying why.
@Suite struct ServeSignInOptionsTests {
    @Test("an OpenID issuer over plain http (but this machine's), without a client, or password login off alone stop the server with why",
          arguments: [
              (["--oidc-issuer", "http://id.club.example", "--oidc-client-id", "paceline"], ["PACELINE_OIDC_CLIENT_SECRET": "s"],
               "--oidc-issuer must be an https:// address"),
              (["--oidc-issuer", "https://id.club.example"], [:], "--oidc-issuer needs --oidc-client-id and a client secret"),
              (["--oidc-issuer", "https://id.club.example", "--oidc-client-id", "paceline", "--oidc-client-secret-file", "/nonexistent/secret"],
               [:], "the client secret file /nonexistent/secret can't be read"),
              (["--password-login", "off"], [:], "password login is off and no OpenID provider is set"),
              (["--oidc-accounts", "everyone"], [:], "everyone"),
          ])
    func refused(arguments: [String], environment: [String: String], said: String) throws {
        let database = FileManager.default.temporaryDirectory.appendingPathComponent("serve-options-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-shm", "-wal"] { try? FileManager.default.removeItem(atPath: database + suffix) } }
        let result = try PacelineCLI.run(["serve", "--port", "9", "--database", database] + arguments, environment: environment)
        #expect(result.status != 0)
        #expect(result.stderr.contains(said), "\(result.stderr)")
    }
}
