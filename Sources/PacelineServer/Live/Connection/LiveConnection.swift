import Fluent
import Foundation
import PacelineAPI
import PacelineCore
import Synchronization
import Vapor

/// One client's WebSocket: its messages are handled one at a time, in order, by a single
/// task that owns the connection's state (who it is, and the follow or race it is in).
/// A message that can't be carried out is answered with an `error` message; the
/// connection stays open, unless it is not (or no longer) allowed one (`LiveCloseReason`).
///
/// Until it authenticates, a connection costs no database connection: its token goes to
/// the hub's `LiveAuthenticator`, which checks many in one query. Once authenticated it
/// holds a lease for its account (`LiveSocketLeases`), given back when it closes.
final class LiveConnection: Sendable {
    let socket: WebSocket
    let hub: LiveHub
    /// Where the connection comes from, as the per-address limits count it (`ClientAddress`).
    let clientAddress: String
    /// How the upgrade request signed in, if it did: `hello` may then leave its token out.
    private let upgrade: UpgradeSignIn?
    private let authenticated = Atomic(false)
    /// A `hello` is being checked (the deadline leaves the connection to its answer).
    private let checking = Atomic(false)
    private let deadlinePassed = Atomic(false)
    /// The deadline's close was made (once).
    private let timedOut = Atomic(false)
    /// Before it authenticates: the messages received and not yet answered.
    private let unanswered = Atomic(0)
    /// Messages a connection may have unanswered before it authenticates.
    static let unansweredBeforeWelcome = 2

    init(socket: WebSocket, hub: LiveHub, clientAddress: String, upgrade: UpgradeSignIn? = nil) {
        self.socket = socket
        self.hub = hub
        self.clientAddress = clientAddress
        self.upgrade = upgrade
    }

    /// What signed the upgrade request in: the web app's session cookie (its token), or a
    /// trusted proxy's header naming an account (`TrustedUserHeader`).
    enum UpgradeSignIn: Sendable {
        case sessionCookie(String)
        case trustedHeader(UUID)
    }

    /// What the connection is doing: nothing yet, a follow, or a race.
    enum Current {
        case idle
        case follow(LiveFollowRunner)
        case race(LiveRaceRunner)
    }

    /// The state the connection's task owns.
    struct State {
        var user: User?
        /// The account's lease this connection holds, once authenticated.
        var lease: UUID?
        var current = Current.idle
    }

    func run() {
        let (texts, continuation) = AsyncStream<String>.makeStream()
        // Until it authenticates, a connection may have two messages unanswered; a client
        // that sends more without waiting for answers is closed, so an unauthenticated
        // socket can't pile up the server's memory or work.
        socket.onText { [self] socket, text in
            if !authenticated.load(ordering: .relaxed),
               unanswered.wrappingAdd(1, ordering: .relaxed).newValue > Self.unansweredBeforeWelcome {
                LiveCloseReason.unansweredMessages.close(socket)
                return
            }
            continuation.yield(text)
        }
        socket.onBinary { socket, _ in
            socket.send(Self.text(.error(.init(code: "bad_message", message: "live messages are JSON text frames"))))
        }
        socket.onClose.whenComplete { _ in continuation.finish() }
        let deadline = hub.settings.authenticationDeadline
        socket.eventLoop.scheduleTask(in: .nanoseconds(Int64(deadline * 1e9))) { [self] in
            deadlinePassed.store(true, ordering: .sequentiallyConsistent)
            if !checking.load(ordering: .sequentiallyConsistent) { closeForDeadline() }
        }
        Task { [self] in
            var state = State()
            for await text in texts {
                await handle(text, state: &state)
                unanswered.wrappingSubtract(1, ordering: .relaxed)
            }
            await closed(state)
        }
    }

    private func handle(_ text: String, state: inout State) async {
        let message: LiveClientMessage
        do {
            message = try LiveCoding.decode(LiveClientMessage.self, from: text)
        } catch {
            send(.error(.init(code: "bad_message", message: "not a live message: \(Self.describe(error))")))
            return
        }
        do {
            guard let user = state.user else {
                guard case .hello(let hello) = message else {
                    throw Refusal(.unauthenticated, code: "unauthorized", message: "send hello with your token first")
                }
                try await greetBeforeDeadline(hello, state: &state)
                try await announceInvitations(to: try state.user!.requireID())
                return
            }
            switch message {
            case .hello: throw Refusal(.invalid, code: "bad_message", message: "already said hello")
            case .follow(let follow): try await startFollow(follow, user: user, state: &state)
            case .resumeFollow(let resume): try await resumeFollow(resume, user: user, state: &state)
            case .finishFollow: try await finishFollow(user: user, state: &state)
            case .createSession(let create): try await createSession(create, user: user, state: &state)
            case .joinSession(let join): try await joinSession(join, user: user, state: &state)
            case .invite(let request): try await invite(request, user: user, state: state)
            case .ready(let ready): try await setReady(ready.ready, state: state)
            case .leave: try await leave(state: &state)
            case .fixes(let fixes): try await receive(fixes.fixes, state: &state)
            }
        } catch let reason as LiveCloseReason {
            reason.close(socket)
        } catch let error as Refusal {
            if state.user == nil, error.reason == .unauthenticated {
                // Each refusal before authentication is answered late, so a socket guesses
                // tokens at most once a `LiveSettings.unauthorizedPause`.
                try? await Task.sleep(for: .seconds(hub.settings.unauthorizedPause))
            }
            send(.error(.init(code: error.code, message: error.message)))
        } catch let error as LiveFixIntake.Rejection {
            send(.error(.init(code: error.code, message: error.message, sequence: error.sequence)))
        } catch {
            if let outage = DatabaseOutage.refusal(for: error, context: "live message", logger: hub.logger) {
                send(.error(.init(code: outage.code, message: outage.message)))
            } else {
                hub.logger.error("live message failed: \(String(reflecting: error))")
                send(.error(.init(code: "internal", message: "the server could not do that; try again")))
            }
        }
    }

    /// Closes the connection for not authenticating in time, unless it did (or was closed).
    private func closeForDeadline() {
        guard !authenticated.load(ordering: .sequentiallyConsistent), !socket.isClosed,
              !timedOut.exchange(true, ordering: .sequentiallyConsistent) else { return }
        LiveCloseReason.authenticationTimeout(seconds: hub.settings.authenticationDeadline).close(socket)
    }

    /// `greet`, which the deadline does not interrupt: the server's time checking a token
    /// is not the client's, so a `hello` being checked when the deadline passes (a busy
    /// server) is answered, and the connection closed after a refusal.
    private func greetBeforeDeadline(_ hello: LiveClientMessage.Hello, state: inout State) async throws {
        checking.store(true, ordering: .sequentiallyConsistent)
        defer {
            checking.store(false, ordering: .sequentiallyConsistent)
            if deadlinePassed.load(ordering: .sequentiallyConsistent) { closeForDeadline() }
        }
        try await greet(hello, state: &state)
    }

    /// Authenticates the connection with `hello`'s token, or else what signed its upgrade
    /// request in, takes a lease for the account and says `welcome`. A
    /// refused token leaves the connection as it was (the deadline still runs); a full
    /// account closes it.
    private func greet(_ hello: LiveClientMessage.Hello, state: inout State) async throws {
        let user: User, tokenHash: String
        switch (hello.token, upgrade) {
        case (let token?, _), (nil, .sessionCookie(let token)?):
            switch try await hub.authenticator.check(token) {
            case .valid(let found, let hash): (user, tokenHash) = (found, hash)
            case .unknown: throw Refusal.unauthenticated("the token is unknown or was revoked; log in again")
            case .expired: throw Refusal.unauthenticated("the token expired; log in again")
            }
        case (nil, .trustedHeader(let id)?):
            guard let found = try await User.find(id, on: hub.database), found.suspendedAt == nil else {
                throw Refusal.unauthenticated("the account is gone or suspended")
            }
            (user, tokenHash) = (found, TrustedUserHeader.tokenHash(of: id))
        case (nil, nil):
            throw Refusal.unauthenticated("say hello with your token (the web app's socket is signed in by its session cookie)")
        }
        let userID = try user.requireID(), lease = UUID()
        guard try await LiveSocketLeases.take(LiveSocketLeaseID(lease), user: UserID(userID), settings: hub.settings, on: hub.database) else {
            throw LiveCloseReason.tooManyForAccount(limit: hub.settings.socketsPerAccount)
        }
        (state.user, state.lease) = (user, lease)
        authenticated.store(true, ordering: .relaxed)
        hub.registry.add(socket, user: userID, lease: lease, tokenHash: tokenHash)
        send(.welcome(.init(userId: userID.apiID, displayName: user.displayName, serverTime: Date())))
    }

    /// Sends a `session` for each lobby the user is invited to, after `welcome`: the
    /// socket is registered first, so a lobby made meanwhile arrives through the hub
    /// (perhaps twice, which a client takes as the same news).
    private func announceInvitations(to user: UUID) async throws {
        for session in try await LiveSessions.invitedLobbies(of: user, settings: hub.settings, on: hub.database) {
            send(.session(try await session.state(on: hub.database)))
        }
    }

    /// Forgets the closed connection and gives back its lease. A lease not given back (the
    /// database failed) expires by itself within `LiveSettings.socketLease`.
    private func closed(_ state: State) async {
        guard let user = state.user?.id, let lease = state.lease else { return }
        var session: UUID?
        if case .race(let runner) = state.current { session = runner.sessionID }
        hub.registry.remove(socket, user: user, session: session)
        try? await LiveSocketLeases.release([lease], on: hub.database)
    }

    /// Refuses a new follow or race while one is going on.
    func requireIdle(_ state: State) throws {
        guard case .idle = state.current else {
            throw Refusal(.conflict, code: "busy", message: "finish or leave what this connection is doing first")
        }
    }

    func send(_ message: LiveServerMessage) {
        socket.send(Self.text(message))
    }

    static func text(_ message: LiveServerMessage) -> String {
        (try? LiveCoding.encode(message)) ?? #"{"type":"error","code":"internal","message":"unencodable"}"#
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "`\(key.stringValue)` is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "`\(context.codingPath.map(\.stringValue).joined(separator: "."))` has the wrong type"
        case DecodingError.dataCorrupted(let context):
            context.codingPath.isEmpty ? "not JSON, or an unknown type" : "`\(context.codingPath.map(\.stringValue).joined(separator: "."))`: \(context.debugDescription)"
        default: "\(error)"
        }
    }
}
