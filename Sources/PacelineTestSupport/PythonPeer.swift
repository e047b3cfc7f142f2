import Foundation

/// Runs a Python snippet that uses a peer library (gpxpy, tcxreader…) to read
/// something Paceline wrote, and hands back the JSON the snippet prints.
///
/// Tests use it to check writers against independent readers. A missing
/// interpreter or module is a failure with a message naming the `pip install`
/// to run, never a silent skip. `PACELINE_PYTHON` overrides the interpreter
/// (default `python3` from `PATH`).
///
/// ```swift
/// let json = try PythonPeer.runJSON(
///     "import gpxpy, json, sys; print(json.dumps(len(gpxpy.parse(open(sys.argv[1])).tracks)))",
///     arguments: [path], requiring: [.gpxpy])
/// ```
public enum PythonPeer {
    /// A Python module a snippet imports, and the PyPI package that provides it.
    public struct Module: Sendable, Hashable {
        /// The name in `import …`.
        public var importName: String
        /// The name for `pip install …`.
        public var pipPackage: String

        public init(importName: String, pipPackage: String) {
            self.importName = importName
            self.pipPackage = pipPackage
        }

        /// gpxpy (<https://pypi.org/project/gpxpy/>), a GPX reader.
        public static let gpxpy = Module(importName: "gpxpy", pipPackage: "gpxpy")
        /// tcxreader (<https://pypi.org/project/tcxreader/>), a TCX reader.
        public static let tcxreader = Module(importName: "tcxreader", pipPackage: "tcxreader")
        /// fitdecode (<https://pypi.org/project/fitdecode/>), a FIT reader that checks every CRC.
        public static let fitdecode = Module(importName: "fitdecode", pipPackage: "fitdecode")
        /// Pillow (<https://pypi.org/project/Pillow/>), an image reader (PNG among others).
        public static let pillow = Module(importName: "PIL", pipPackage: "Pillow")
    }

    /// Why a snippet could not be run or its output not understood.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The interpreter: `PACELINE_PYTHON`, or `python3` found on `PATH`.
    public static var interpreter: String {
        ProcessInfo.processInfo.environment["PACELINE_PYTHON"] ?? "python3"
    }

    /// Runs `script` with `python3 -c` and the given arguments (`sys.argv[1...]`)
    /// after checking that every module in `modules` can be imported, and parses
    /// what it prints to standard output as JSON (`JSONSerialization`, fragments
    /// allowed).
    ///
    /// - Throws: `Failure` when Python is missing, a module is missing (the
    ///   message says which `pip install` to run), the script exits non-zero
    ///   (with its standard error), or its output is not JSON.
    public static func runJSON(_ script: String, arguments: [String] = [], requiring modules: [Module] = []) throws -> Any {
        let installHint = modules.isEmpty ? "" : " and run `pip install \(modules.map(\.pipPackage).joined(separator: " "))`"
        if !modules.isEmpty {
            let check = """
                import importlib.util, sys
                missing = [m for m in sys.argv[1:] if importlib.util.find_spec(m) is None]
                print(" ".join(missing))
                """
            let result = try run(check, arguments: modules.map(\.importName), installHint: installHint)
            guard result.status == 0 else {
                throw Failure(description: "\(interpreter) could not check for modules (exit \(result.status)): \(result.standardError)")
            }
            let missing = result.standardOutput.split(whereSeparator: \.isWhitespace).map(String.init)
            if !missing.isEmpty {
                let packages = modules.filter { missing.contains($0.importName) }.map(\.pipPackage)
                throw Failure(description: "Python module(s) \(missing.joined(separator: ", ")) missing for \(interpreter): run `pip install \(packages.joined(separator: " "))`")
            }
        }

        let result = try run(script, arguments: arguments, installHint: installHint)
        guard result.status == 0 else {
            throw Failure(description: "Python snippet failed (exit \(result.status)):\n\(result.standardError)")
        }
        do {
            return try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8), options: [.fragmentsAllowed])
        } catch {
            throw Failure(description: "Python snippet printed something that is not JSON: \(result.standardOutput.prefix(500))")
        }
    }

    /// Writes `text` to a new file in a fresh temporary directory and returns its URL.
    public static func temporaryFile(named name: String, contents text: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("paceline-peer-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// Writes `data` to a new file in a fresh temporary directory and returns its URL.
    public static func temporaryFile(named name: String, data: Data) throws -> URL {
        let url = try temporaryFile(named: name, contents: "")
        try data.write(to: url)
        return url
    }

    private struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Runs the interpreter with `-c script`, capturing output through temporary
    /// files (pipes could fill up and deadlock on large outputs).
    private static func run(_ script: String, arguments: [String], installHint: String) throws -> Result {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("paceline-python-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("stdout")
        let errURL = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [interpreter, "-c", script] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONIOENCODING"] = "utf-8"
        process.environment = environment
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot start \(interpreter): \(error); install Python 3\(installHint)")
        }
        process.waitUntilExit()
        try? outHandle.close()
        try? errHandle.close()

        let standardOutput = String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self)
        let standardError = String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self)
        // env exits 127 when the interpreter is not on PATH.
        if process.terminationStatus == 127 {
            throw Failure(description: "\(interpreter) not found on PATH: install Python 3\(installHint)")
        }
        return Result(status: process.terminationStatus, standardOutput: standardOutput, standardError: standardError)
    }
}
