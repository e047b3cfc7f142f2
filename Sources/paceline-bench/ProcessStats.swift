import Foundation

/// A process's CPU time and memory as Linux's /proc shows them (nil elsewhere, or once
/// the process is gone).
struct ProcessStats {
    /// User plus system CPU time, seconds.
    var cpuSeconds: Double
    /// Resident memory now, and its peak, MiB.
    var residentMiB: Double
    var peakResidentMiB: Double

    /// The stats of process `pid` (0: this process).
    static func read(pid: Int32 = 0) -> ProcessStats? {
        let directory = pid == 0 ? "/proc/self" : "/proc/\(pid)"
        guard let stat = try? String(contentsOfFile: "\(directory)/stat", encoding: .utf8),
              let status = try? String(contentsOfFile: "\(directory)/status", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // After the command's ")": state is field 3, utime and stime fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        func kibibytes(_ key: String) -> Double {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }) else { return 0 }
            return Double(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return ProcessStats(cpuSeconds: (user + system) / Double(sysconf(Int32(_SC_CLK_TCK))),
                            residentMiB: kibibytes("VmRSS") / 1_024, peakResidentMiB: kibibytes("VmHWM") / 1_024)
    }
}
