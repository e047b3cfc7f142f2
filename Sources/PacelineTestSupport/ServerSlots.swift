/// How many test servers run at once in the test process, whatever Swift Testing's
/// parallelism (by default it starts every test together). Each server is a Vapor app with
/// its own database to migrate; two cores starting a hundred at once time them all out.
/// A server started inside a test that already holds a slot (a second instance, a server
/// within a server) takes none, so a test never waits on itself.
actor ServerSlots {
    /// The process's slots.
    static let shared = ServerSlots(count: 10)

    /// Whether the current task already holds a slot.
    @TaskLocal static var held = false

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) { free = count }

    /// Runs `body` holding a slot, waiting for one first.
    static func withSlot<R>(_ body: () async throws -> R) async throws -> R {
        if held { return try await body() }
        await shared.take()
        do {
            let result = try await $held.withValue(true) { try await body() }
            await shared.give()
            return result
        } catch {
            await shared.give()
            throw error
        }
    }

    private func take() async {
        if free > 0 {
            free -= 1
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
    }

    private func give() {
        if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
    }
}
