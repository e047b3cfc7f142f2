import ArgumentParser
import Foundation
import PacelineServer

/// `paceline admin`: who the instance's admins are, who decide the reports of comments
/// (the web app's Moderation screen).
struct AdminCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admin",
        abstract: "Make an account one of the instance's admins, or no longer one; list them.",
        discussion: """
            Admins read the reports of comments and hide them, ban their writers or dismiss \
            them (the web app's Moderation screen). Run it with the server running or not.
            """,
        subcommands: [Grant.self, Revoke.self, List.self]
    )

    struct Grant: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Make the account with this email an admin.")
        @Argument(help: "The account's email.") var email: String
        @OptionGroup var database: DatabaseOptions

        func run() async throws { try await AdminCommand.set(email, true, in: database) }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Make the account with this email no longer an admin.")
        @Argument(help: "The account's email.") var email: String
        @OptionGroup var database: DatabaseOptions

        func run() async throws { try await AdminCommand.set(email, false, in: database) }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the admins' emails.")
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            let admins = try await database.location().withApplication { app in try await Moderation.admins(on: app.db) }
            print(admins.isEmpty ? "No admins yet: `paceline admin grant EMAIL` makes one." : admins.joined(separator: "\n"))
        }
    }

    static func set(_ email: String, _ isAdmin: Bool, in database: DatabaseOptions) async throws {
        let found = try await database.location().withApplication { app in try await Moderation.setAdmin(email: email, isAdmin, on: app.db) }
        guard found else { throw ValidationError("no account has the email \(email)") }
        print("\(email) is \(isAdmin ? "now" : "no longer") an admin.")
    }
}
