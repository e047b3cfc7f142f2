import Fluent
import Foundation
import PacelineAPI
import PacelineCore
import Synchronization
import Vapor

/// One client's WebSocket: its messages are handled one at a time, in order, by a single
/// task that owns the connection's state (who it is, and the follow or race it is in).
/// A message that can't be carried out is answered with an `error` message; the
/// connection stays open.
final class LiveConnection: Sendable {
    let socket: WebSocket
    let hub: LiveHub
    /// Where the connection comes from, as the per-address limits count it (`ClientAddress`).
    let clientAddress: String
    /// The web app's session token from the upgrade request's cookie: `hello` may then
    /// leave its own token out.
    private let sessionCookie: String?
    private let greeted = Atomic(false)

    init(socket: WebSocket, hub: LiveHub, clientAddress: String, sessionCookie: String? = nil) {
        self.socket = socket
        self.hub = hub
        self.clientAddress = clientAddress
        self.sessionCookie = sessionCookie
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
        var current = Current.idle
    }

    func run() {
        let (texts, continuation) = AsyncStream<String>.makeStream()
        socket.onText { _, text in continuation.yield(text) }
        socket.onBinary { socket, _ in
            socket.send(Self.text(.error(.init(code: "bad_message", message: "live messages are JSON text frames"))))
        }
        socket.onClose.whenComplete { _ in continuation.finish() }
        let timeout = hub.settings.helloTimeout
        Task { [self] in
            try? await Task.sleep(for: .seconds(timeout))
            if !greeted.load(ordering: .relaxed), !socket.isClosed {
                send(.error(.init(code: "unauthorized", message: "send hello with your token first")))
                try? await socket.close(code: .policyViolation)
            }
        }
        Task { [self] in
            var state = State()
            for await text in texts {
                await handle(text, state: &state)
            }
            closed(state)
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
                    throw APIError(status: .unauthorized, code: "unauthorized", message: "send hello with your token first")
                }
                let user = try await greet(hello)
                state.user = user
                try await announceInvitations(to: try user.requireID())
                return
            }
            switch message {
            case .hello: throw APIError(status: .badRequest, code: "bad_message", message: "already said hello")
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
        } catch let error as APIError {
            send(.error(.init(code: error.code, message: error.message)))
        } catch let error as LiveFixIntake.Refusal {
            send(.error(.init(code: error.code, message: error.message, sequence: error.sequence)))
        } catch {
            hub.logger.error("live message failed: \(String(reflecting: error))")
            if let outage = DatabaseOutage(error) {
                send(.error(.init(code: outage.apiError.code, message: outage.apiError.message)))
            } else {
                send(.error(.init(code: "internal", message: "the server could not do that; try again")))
            }
        }
    }

    private func greet(_ hello: LiveClientMessage.Hello) async throws -> User {
        guard let token = hello.token ?? sessionCookie else {
            throw APIError.unauthorized("say hello with your token (the web app's socket is signed in by its session cookie)")
        }
        let authenticated = try await Authentication.user(bearing: token, on: hub.database)
        guard let user = try await User.find(authenticated.id, on: hub.database) else { throw APIError.unauthorized() }
        greeted.store(true, ordering: .relaxed)
        hub.registry.add(socket, user: authenticated.id)
        send(.welcome(.init(userId: authenticated.id.apiID, displayName: user.displayName, serverTime: Date())))
        return user
    }

    /// Sends a `session` for each lobby the user is invited to, after `welcome`: the
    /// socket is registered first, so a lobby made meanwhile arrives through the hub
    /// (perhaps twice, which a client takes as the same news).
    private func announceInvitations(to user: UUID) async throws {
        for session in try await LiveSessions.invitedLobbies(of: user, settings: hub.settings, on: hub.database) {
            send(.session(try await session.state(on: hub.database)))
        }
    }

    private func closed(_ state: State) {
        guard let user = state.user?.id else { return }
        var session: UUID?
        if case .race(let runner) = state.current { session = runner.sessionID }
        hub.registry.remove(socket, user: user, session: session)
    }

    /// Refuses a new follow or race while one is going on.
    func requireIdle(_ state: State) throws {
        guard case .idle = state.current else {
            throw APIError(status: .conflict, code: "busy", message: "finish or leave what this connection is doing first")
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
