import Foundation
import Testing

/// Runs a Python snippet that uses a peer library (gpxpy, tcxreader…) to read
/// something Paceline wrote, and hands back the JSON the snippet prints.
///
/// Tests use it to check writers against independent readers. The interpreter is
/// `PACELINE_PYTHON` if set; else `python3` on `PATH` when it has every peer reader; else a
/// virtual environment of the tests' own (`.build/peer-python`), made on first use with
/// the versions `.ci/requirements.txt` pins, so a fresh clone's `swift test` needs nothing
/// installed by hand. Where that cannot be made (no Python, or no package index within
/// reach), a test that needs a peer is cancelled with one line saying why: never failed
/// for a missing module, never passed without its check.
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
        /// http_ece (<https://pypi.org/project/http-ece/>), RFC 8188's encrypted content
        /// coding as Mozilla's Web Push libraries use it; it brings `cryptography`.
        public static let httpECE = Module(importName: "http_ece", pipPackage: "http-ece")
        /// icalendar (<https://pypi.org/project/icalendar/>), an iCalendar (RFC 5545) reader.
        public static let icalendar = Module(importName: "icalendar", pipPackage: "icalendar")
        /// Django (<https://pypi.org/project/Django/>), the web framework the test OpenID provider runs in.
        public static let django = Module(importName: "django", pipPackage: "Django")
        /// django-oidc-provider (<https://pypi.org/project/django-oidc-provider/>), an OpenID provider.
        public static let oidcProvider = Module(importName: "oidc_provider", pipPackage: "django-oidc-provider")
        /// waitress (<https://pypi.org/project/waitress/>), the WSGI server the test provider is served by.
        public static let waitress = Module(importName: "waitress", pipPackage: "waitress")
        /// pyosmium (<https://pypi.org/project/osmium/>), libosmium's reader and writer of
        /// OpenStreetMap files: the route planner's test extracts (`Tests/maps/`).
        public static let osmium = Module(importName: "osmium", pipPackage: "osmium")
    }

    /// Why a snippet could not be run or its output not understood.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Every peer reader the tests use, made ready together.
    static let peers: [Module] = [.gpxpy, .tcxreader, .fitdecode, .pillow, .httpECE, .icalendar, .django, .oidcProvider, .waitress, .osmium]

    /// The interpreter the snippets run with, found (or made) once for the whole test run.
    public static var interpreter: String { readiness.interpreter }

    /// The interpreter, and why the peers are missing if they are.
    private static let readiness: (interpreter: String, unavailable: String?) = {
        if let chosen = ProcessInfo.processInfo.environment["PACELINE_PYTHON"] { return (chosen, nil) }
        if (try? missing(peers, from: "python3"))?.isEmpty == true { return ("python3", nil) }
        let environment = packageRoot.appendingPathComponent(".build/peer-python")
        let python = environment.appendingPathComponent("bin/python3").path
        if (try? missing(peers, from: python))?.isEmpty == true { return (python, nil) }
        do {
            try make(environment)
            return (python, nil)
        } catch {
            return ("python3", "the peer readers could not be installed (\(error)): run `pip install -r .ci/requirements.txt`")
        }
    }()

    /// The package's folder: this file is `Sources/PacelineTestSupport/PythonPeer.swift` in it.
    private static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Makes the virtual environment at `folder` and installs the peers into it, at the
    /// versions `.ci/requirements.txt` pins (CI's own).
    private static func make(_ folder: URL) throws {
        let pins = (try? String(contentsOf: packageRoot.appendingPathComponent(".ci/requirements.txt"), encoding: .utf8)) ?? ""
        let packages = peers.map { peer in
            pins.split(whereSeparator: \.isNewline).map(String.init).first { line in
                line.split(separator: "=").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } == peer.pipPackage.lowercased()
            } ?? peer.pipPackage
        }
        FileHandle.standardError.write(Data("PythonPeer: installing \(packages.joined(separator: " ")) into .build/peer-python (once)\n".utf8))
        let created = try command("python3", ["-m", "venv", "--clear", folder.path])
        guard created.status == 0 else { throw Failure(description: "python3 -m venv failed: \(firstLine(of: created.standardError))") }
        let python = folder.appendingPathComponent("bin/python3").path
        let installed = try command(python, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--timeout", "30"] + packages)
        guard installed.status == 0 else {
            try? FileManager.default.removeItem(at: folder)
            throw Failure(description: "pip install failed: \(firstLine(of: installed.standardError))")
        }
    }

    /// What a tool's error output says first: its first line naming an error, or its first line.
    private static func firstLine(of text: String) -> String {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return String((lines.first { $0.contains("ERROR") || $0.contains("Error") } ?? lines.first ?? "no output").prefix(200))
    }

    /// Which of `modules` `python` cannot import.
    private static func missing(_ modules: [Module], from python: String) throws -> [String] {
        let check = """
            import importlib.util, sys
            missing = [m for m in sys.argv[1:] if importlib.util.find_spec(m) is None]
            print(" ".join(missing))
            """
        let result = try command(python, ["-c", check] + modules.map(\.importName))
        guard result.status == 0 else { throw Failure(description: "\(python) could not check for modules (exit \(result.status))") }
        return result.standardOutput.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// Runs `script` with `python3 -c` and the given arguments (`sys.argv[1...]`)
    /// after checking that every module in `modules` can be imported, and parses
    /// what it prints to standard output as JSON (`JSONSerialization`, fragments
    /// allowed).
    ///
    /// - Throws: `Failure` when a module is missing from an interpreter the tests were told
    ///   to use (the message says which `pip install` to run), the script exits non-zero
    ///   (with its standard error), or its output is not JSON. Cancels the test, saying
    ///   why, when the peers could not be installed at all.
    public static func runJSON(_ script: String, arguments: [String] = [], requiring modules: [Module] = []) throws -> Any {
        let result = try command(try interpreter(requiring: modules), ["-c", script] + arguments)
        guard result.status == 0 else {
            throw Failure(description: "Python snippet failed (exit \(result.status)):\n\(result.standardError)")
        }
        do {
            return try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8), options: [.fragmentsAllowed])
        } catch {
            throw Failure(description: "Python snippet printed something that is not JSON: \(result.standardOutput.prefix(500))")
        }
    }

    /// The interpreter, once every module in `modules` is known to import with it.
    ///
    /// - Throws: `Failure` when a module is missing from an interpreter the tests were told
    ///   to use (the message says which `pip install` to run). Cancels the test, saying why,
    ///   when the peers could not be installed at all.
    public static func interpreter(requiring modules: [Module]) throws -> String {
        if let unavailable = readiness.unavailable, !modules.isEmpty { try Test.cancel("skipped: \(unavailable)") }
        if !modules.isEmpty {
            let missing = try missing(modules, from: interpreter)
            if !missing.isEmpty {
                let packages = modules.filter { missing.contains($0.importName) }.map(\.pipPackage)
                throw Failure(description: "Python module(s) \(missing.joined(separator: ", ")) missing for \(interpreter): run `pip install \(packages.joined(separator: " "))`")
            }
        }
        return interpreter
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

    /// Runs `program` with `arguments`, capturing output through temporary files (pipes
    /// could fill up and deadlock on large outputs).
    private static func command(_ program: String, _ arguments: [String]) throws -> Result {
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
        process.arguments = [program] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONIOENCODING"] = "utf-8"
        process.environment = environment
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot start \(program): \(error); install Python 3")
        }
        process.waitUntilExit()
        try? outHandle.close()
        try? errHandle.close()

        let standardOutput = String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self)
        let standardError = String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self)
        // env exits 127 when the program is not on PATH.
        if process.terminationStatus == 127 {
            throw Failure(description: "\(program) not found: install Python 3")
        }
        return Result(status: process.terminationStatus, standardOutput: standardOutput, standardError: standardError)
    }
}
