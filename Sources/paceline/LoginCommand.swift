import ArgumentParser
import Foundation
import PacelineAPI

/// `paceline login`: prints a bearer token for the other server commands.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Log in to a Paceline server and print the token that upload uses.",
        discussion: """
            The password is read from PACELINE_PASSWORD, or else from the first line of standard input. \
            Exits 77 for a wrong email or password, 75 when too many wrong passwords were tried \
            (it prints how long to wait), 69 when no server answers.
            """
    )

    @Option(help: "The server's address.")
    var server = "http://127.0.0.1:8080"

    @Option(help: "The account's email.")
    var email: String

    func run() async throws {
        guard let password = ProcessInfo.processInfo.environment["PACELINE_PASSWORD"] ?? readLine(strippingNewline: true) else {
            Output.error("no password: set PACELINE_PASSWORD or type it on standard input")
            throw ExitCode(64)
        }
        do {
            let response = try await APIClient.make(server: server, token: nil)
                .logIn(body: .json(.init(email: email, password: password)))
            switch response {
            case .ok(let ok):
                // A bearer session (the default) always carries its token.
                guard let token = try ok.body.json.token else {
                    Output.error("the server answered without a token")
                    throw ExitCode(69)
                }
                Output.line(token)
            case .tooManyRequests(let refused):
                Output.error("429 \(try refused.body.json.error.message) (Retry-After: \(refused.headers.retryAfter) s)")
                throw ExitCode(75)
            case .default(let status, let error):
                let detail = try error.body.json.error
                Output.error("\(status) \(detail.code): \(detail.message)")
                throw ExitCode(77)
            }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            Output.error(APIClient.describe(error))
            throw ExitCode(69)
        }
    }
}
