import Foundation

/// CPU use of the server and of this process over a window, percent of one core.
enum WindowUsage {
    static func measure(server pid: Int32, over window: DateInterval) async -> (server: Double?, generator: Double?) {
        try? await Task.sleep(for: .seconds(max(0, window.start.timeIntervalSinceNow)))
        let serverBefore = ProcessStats.read(pid: pid), generatorBefore = ProcessStats.read()
        let started = Date()
        try? await Task.sleep(for: .seconds(max(0, window.end.timeIntervalSinceNow)))
        let seconds = Date().timeIntervalSince(started)
        func percent(_ before: ProcessStats?, _ after: ProcessStats?) -> Double? {
            guard let before, let after, seconds > 0 else { return nil }
            return (after.cpuSeconds - before.cpuSeconds) / seconds * 100
        }
        return (percent(serverBefore, ProcessStats.read(pid: pid)), percent(generatorBefore, ProcessStats.read()))
    }
}
