import Crypto
import Foundation
import OpenAPIRuntime
import PacelineAPI

/// One activity file sent to `POST /runs`, keyed by the SHA-256 of its bytes: sending it
/// again, after an interruption or from another folder, finds the runs it made.
enum FileUpload {
    enum Outcome {
        /// It made a run (and, for a file of several activities, the others in `run`).
        case created(Components.Schemas.Run)
        /// Its runs were there already: the same file, or the same activities.
        case existing(Components.Schemas.Run)
        /// Not taken, with the server's or the network's reason.
        case failed(Failure)
    }

    /// Why a file was not taken, and so what may help.
    struct Failure: CustomStringConvertible {
        enum Cause {
            /// The file itself: unreadable, or refused by the server. Sent again, it fails again.
            case file
            /// The token (401, 403): expired, revoked or not allowed to upload.
            case token
            /// No answer, or a server still busy or unreachable behind its proxy: later may work.
            case unanswered
        }

        let cause: Cause
        /// The server's status, when it answered.
        let status: Int?
        let description: String

        /// A file that could not be read, or that the server refused with `status`.
        static func file(_ reason: String, status: Int? = nil) -> Failure {
            Failure(cause: .file, status: status, description: reason)
        }
    }

    /// The key an upload of `data` carries, and what `paceline sync` remembers a file by:
    /// the SHA-256 of its bytes in hex.
    static func key(of data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }

    /// Sends `data`, the file called `name` (its type from the name; a .gz is sniffed). A
    /// server that is busy or can't reach its database (503) is asked again, up to
    /// `attempts` times in all, 1, 2, 4… seconds apart: an import of thousands of files
    /// should not lose one to a moment's contention. The key makes a retry safe.
    static func send(
        _ data: Data, named name: String, query: Operations.UploadRun.Input.Query, client: Client, attempts: Int = 5
    ) async -> Outcome {
        var outcome = await sendOnce(data, named: name, query: query, client: client)
        for attempt in 1..<max(attempts, 1) {
            guard case .failed(let failure) = outcome, failure.status == 503 else { break }
            try? await Task.sleep(for: .seconds(1 << (attempt - 1)))
            outcome = await sendOnce(data, named: name, query: query, client: client)
        }
        return outcome
    }

    private static func sendOnce(_ data: Data, named name: String, query: Operations.UploadRun.Input.Query, client: Client) async -> Outcome {
        let body: Operations.UploadRun.Input.Body = switch (name as NSString).pathExtension.lowercased() {
        case "gpx": .applicationGpxXml(HTTPBody(data))
        case "tcx": .applicationVnd_garmin_tcxXml(HTTPBody(data))
        case "fit": .applicationVnd_ant_fit(HTTPBody(data))
        default: .binary(HTTPBody(data))
        }
        do {
            switch try await client.uploadRun(query: query, headers: .init(idempotencyKey: key(of: data)), body: body) {
            case .created(let created): return .created(try created.body.json)
            case .ok(let existing): return .existing(try existing.body.json)
            case .default(let status, let error):
                let detail = try error.body.json.error
                return .failed(Failure(cause: cause(of: status), status: status, description: "\(status) \(detail.code): \(detail.message)"))
            }
        } catch {
            return .failed(Failure(cause: .unanswered, status: nil, description: APIClient.describe(error)))
        }
    }

    /// What a refusal with `status` is the fault of: the token (401, 403), a moment (429
    /// too many requests; 502, 503, 504 from a proxy whose server is restarting), or else
    /// the file.
    private static func cause(of status: Int) -> Failure.Cause {
        switch status {
        case 401, 403: .token
        case 429, 502, 503, 504: .unanswered
        default: .file
        }
    }
}
