import Fluent
import Foundation
import PacelineCore
import PacelineServer
import SQLKit

extension TestServer {
    /// Runs `sql` once on the server's database.
    public func execute(_ sql: String) async throws {
        try await app.db.sql.raw("\(unsafeRaw: sql)").run()
    }

    /// The number `sql` answers in its column `n` (`SELECT COUNT(*) AS n FROM …`).
    public func count(_ sql: String) async throws -> Int {
        try await app.db.sql.raw("\(unsafeRaw: sql)").first()?.decode(column: "n", as: Int.self) ?? 0
    }

    /// Runs `sql` on every connection of the server's database pool (one per event loop),
    /// so that a per-connection setting (SQLite's `PRAGMA query_only`, PostgreSQL's
    /// session characteristics) holds for every request the server answers: a database
    /// made read-only or full under a running server, as an operator's disk can be.
    public func onEveryConnection(_ sql: String) async throws {
        for loop in app.eventLoopGroup.makeIterator() {
            guard let database = app.databases.database(logger: app.logger, on: loop) as? any SQLDatabase else { continue }
            try await database.raw("\(unsafeRaw: sql)").run()
        }
    }

    /// `user`'s privacy zones as the server keeps them, hidden circles and all (which no
    /// endpoint gives, to the user neither): to check that nothing others see lies inside one.
    public func privacyZones(of user: TestUser) async throws -> [PrivacyZone] {
        let row = try await app.db.sql.raw("SELECT privacy_zones FROM users WHERE id = \(bind: UUID(uuidString: user.id)!)").first()
        guard let json = try row?.decode(column: "privacy_zones", as: String?.self) else { return [] }
        return try JSONDecoder().decode([PrivacyZone].self, from: Data(json.utf8))
    }
}

extension TestServer {
    /// Makes `user` one of the instance's admins, as `paceline admin grant` does.
    public func makeAdmin(_ user: TestUser) async throws {
        _ = try await Moderation.setAdmin(email: user.profile.email, true, on: app.db)
    }
}
