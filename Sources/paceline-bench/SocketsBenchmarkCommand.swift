import ArgumentParser
import Foundation
import OpenAPIAsyncHTTPClient
import PacelineAPI
import PacelineBenchmarks
import PacelineHarness
import PacelineServer
import Synchronization

/// `paceline-bench sockets`: whether live sockets that never log in, or log in with wrong
/// tokens, slow down everyone else's requests.
struct SocketsBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sockets",
        abstract: "Hold many live sockets open and time /health and a login meanwhile.",
        discussion: """
            For each socket count and kind of hello, a fresh database gets one registered user \
            and a `paceline serve` child process starts on a free loopback port, trusting \
            X-Forwarded-For, so each socket comes from an address of its own (--per-address \
            puts several on one). The sockets open, 100 at a time, each sending its hello at \
            once: none (idle), a wrong token (sent again each time it is refused, as someone \
            guessing would), or a valid token of a user of its own; a socket \
            the server closes is opened again 100 ms later, as an attacker would. From the \
            first socket until --hold seconds after the last opened, a GET /health and a login \
            (bcrypt at the server's cost) are timed one after the other every 100 ms. The \
            database and the server are removed afterwards.
            """
    )

    /// What each socket says once open.
    enum Hello: String, CaseIterable, ExpressibleByArgument {
        case none, wrong, valid
    }

    @Option(help: "Socket counts, comma-separated: each is a run of its own, one line each.")
    var sockets = "2000"

    @Option(help: "Kinds of hello, comma-separated: none, wrong, valid.")
    var hello = "none,wrong"

    @Option(help: "Sockets per client address.")
    var perAddress = 1

    @Option(help: "Seconds probed after the last socket opened.")
    var hold = 10.0

    @Option(help: "sqlite (a temporary file) or a postgres:// URL (the run gets a schema of its own).")
    var database = "sqlite"

    @Option(help: "The paceline executable whose serve is measured (default: the one beside paceline-bench), e.g. an older build to compare.")
    var server: String?

    @Flag(help: "Print the results as JSON.")
    var json = false

    /// A login and /health must answer within this, milliseconds.
    static let target = 200.0

    private var counts: [Int] { sockets.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) } }
    private var hellos: [Hello] { hello.split(separator: ",").compactMap { Hello(rawValue: $0.trimmingCharacters(in: .whitespaces)) } }

    func validate() throws {
        guard !counts.isEmpty, counts.allSatisfy({ $0 >= 0 }) else { throw ValidationError("--sockets takes counts, e.g. 2000,10000") }
        guard hellos.count == hello.split(separator: ",").count else { throw ValidationError("--hello takes none, wrong or valid") }
        guard perAddress >= 1, hold > 0 else { throw ValidationError("--per-address must be at least 1 and --hold positive") }
    }

    func run() async throws {
        let descriptors = FileDescriptorLimit.raise()
        if descriptors < (counts.max() ?? 0) + 100 {
            Output.error("warning: open files are limited to \(descriptors); each process needs one per socket")
        }
        let location: DatabaseLocation? = database == "sqlite" ? nil : DatabaseLocation(database)
        var results: [SocketBenchResult] = []
        if !json { Output.line(SocketBenchResult.header) }
        for count in counts {
            for kind in hellos {
                let result = try await measure(sockets: count, hello: kind, database: location)
                results.append(result)
                if !json { Output.line(result.line) }
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            Output.line(String(decoding: try encoder.encode(["runs": results]), as: UTF8.self))
        }
    }

    /// One run of `count` sockets saying `hello` against a new server on a new database.
    private func measure(sockets count: Int, hello kind: Hello, database location: DatabaseLocation?) async throws -> SocketBenchResult {
        Output.error("\(count) sockets, hello \(kind): creating the database")
        let database = try await RunnersDatabase.create(users: kind == .valid ? count : 0, at: location)
        let server: ServerProcess
        do {
            server = try ServerProcess(database: database.location, options: ["--trust-proxy"], executable: self.server.map(URL.init(fileURLWithPath:)) ?? ServerProcess.besideThisExecutable)
        } catch {
            await database.remove()
            throw error
        }
        let base = URL(string: "http://127.0.0.1:\(server.port)")!
        let email = "prober@bench.paceline.invalid", password = "prober password 1"
        do {
            _ = try await Client(serverURL: base.appendingPathComponent("api/v1"), configuration: .paceline, transport: AsyncHTTPClientTransport())
                .register(body: .json(.init(email: email, password: password, displayName: "Prober"))).created
        } catch {
            server.stop()
            await database.remove()
            throw error
        }
        let tokens = database.tokens, perAddress = perAddress
        let flood = LiveSocketFlood(
            url: URL(string: "ws://127.0.0.1:\(server.port)/api/v1/live")!, count: count,
            headers: { index in [("X-Forwarded-For", Self.address(index / perAddress))] },
            hello: { index in
                switch kind {
                case .none: nil
                case .wrong: #"{"type":"hello","token":"wrong-\#(index)-\#(UUID().uuidString)"}"#
                case .valid: #"{"type":"hello","token":"\#(tokens[index])"}"#
                }
            }, repeatsHello: kind == .wrong)
        Output.error("\(count) sockets, hello \(kind): server \(server.pid) on port \(server.port)")
        let done = Atomic(false)
        let probe = Task { await ResponseProbe(server: base, email: email, password: password).run { done.load(ordering: .relaxed) } }
        let started = ContinuousClock.now
        await flood.start()
        let opening = ContinuousClock.now - started
        let atStart = flood.counts
        try await Task.sleep(for: .seconds(hold))
        done.store(true, ordering: .relaxed)
        let probes = await probe.value
        let atEnd = flood.counts
        let memory = ProcessStats.read(pid: server.pid)
        await flood.stop()
        let logged = server.logged
        // Shown, so a failed run says why (a test prints it).
        for line in logged { Output.error("server: \(line)") }
        server.stop()
        await database.remove()
        return SocketBenchResult(database: database.location.kind, sockets: count, hello: kind.rawValue, perAddress: perAddress,
                                 openingSeconds: Double(opening.components.seconds) + Double(opening.components.attoseconds) / 1e18,
                                 openAfterOpening: atStart.open, flood: atEnd, probes: probes,
                                 serverResidentMiB: memory?.residentMiB, serverLogLines: logged.count, target: Self.target)
    }

    /// The made-up IPv4 address of client `number` (10.0.0.0/8).
    static func address(_ number: Int) -> String {
        "10.\(number >> 16 & 255).\(number >> 8 & 255).\(number & 255)"
    }
}
