import Fluent
import Foundation

extension AccountBook {
    /// Checks `password` is `user`'s, counted as a login's attempt is (for the account and
    /// the address, given back when right): 400 naming `field` when it is over its text
    /// limit, 429 past the limit, 403 `wrong_password` when it is not theirs.
    static func confirm(_ password: String, field: String, of user: User, checks: Checks) async throws {
        _ = try TextInput.checked(password, field, .password)
        let taken = try await checks.limiter.take(.passwordFrom(address: checks.address), .password(account: user.email))
        guard try await checks.passwords.verify(password, against: user.passwordHash) != .wrong else {
            // Not 401: the request's token is good, and a client would take 401 as logged out.
            throw Refusal(.forbidden, code: "wrong_password", message: "the password is wrong")
        }
        try await checks.limiter.giveBack(taken)
    }

    /// Changes the password of account `id` to `new` (checked as a new password by the
    /// caller) once `current` is confirmed (`confirm`), and revokes every other token of
    /// theirs, so whoever else held one is logged out; `keeping`, the hash of the request's
    /// own token, stays. 401 when the account is gone.
    static func changePassword(of id: UUID, keeping tokenHash: String, current: String, new: String, checks: Checks,
                               on database: any Database) async throws {
        let user = try await user(id, on: database)
        try await confirm(current, field: "currentPassword", of: user, checks: checks)
        user.passwordHash = try await checks.passwords.hash(new)
        try await database.retryingTransaction { transaction in
            try await user.save(on: transaction)
            try await Token.query(on: transaction).filter(\.$user.$id == id)
                .filter(\.$tokenHash != tokenHash).delete()
        }
    }

    /// Changes the email account `id` logs in with to `email` (`normalized(email:)`), once
    /// `password` is confirmed: 401 when the account is gone, then `confirm`'s refusals; counted as a registration is, whatever the answer (a taken
    /// email must not be a fast way to learn which emails have accounts); 409 when another
    /// account has it.
    static func changeEmail(of id: UUID, to email: String, password: String, checks: Checks,
                            on database: any Database) async throws -> User {
        let user = try await user(id, on: database)
        try await confirm(password, field: "password", of: user, checks: checks)
        _ = try await checks.limiter.take(.registrationFrom(address: checks.address))
        user.email = email
        do {
            try await user.save(on: database)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw Refusal.conflict("another account has this email")
        }
        return user
    }

    /// Deletes account `id` and everything it owns (`AccountDeletion`) once `password` is
    /// confirmed: 401 when it is gone, then `confirm`'s refusals.
    static func delete(_ id: UUID, password: String, checks: Checks, on database: any Database) async throws {
        let user = try await user(id, on: database)
        try await confirm(password, field: "password", of: user, checks: checks)
        try await AccountDeletion.delete(user, on: database)
    }
}
