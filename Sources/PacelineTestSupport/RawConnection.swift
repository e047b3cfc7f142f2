import Foundation
import NIOCore
import NIOPosix

/// One TCP connection to a test server, for what an HTTP client library would not send:
/// requests written back to back, or a body's end held back until an answer has come.
public enum RawConnection {
    /// Bytes to write, then how much of the answer to wait for before the next step.
    public struct Step: Sendable {
        public let bytes: Data
        /// Says, of everything read so far on the connection, whether the step is done.
        public let enough: @Sendable (String) -> Bool

        public init(_ bytes: Data, until enough: @escaping @Sendable (String) -> Bool) {
            self.bytes = bytes
            self.enough = enough
        }
    }

    /// Takes `steps` in turn on a new connection to `port` and answers everything read;
    /// throws if a step is not done within `seconds` or the server closes first.
    public static func exchange(port: Int, _ steps: [Step], seconds: Double = 10) async throws -> String {
        try await withThrowingTaskGroup(of: String?.self) { group in
            group.addTask { try await talk(port: port, steps) }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                return nil
            }
            defer { group.cancelAll() }
            guard let text = try await group.next() ?? nil else { throw RawConnectionError.timedOut(seconds: seconds) }
            return text
        }
    }

    private static func talk(port: Int, _ steps: [Step]) async throws -> String {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            var chunks = inbound.makeAsyncIterator()
            var text = ""
            for step in steps {
                try await outbound.write(ByteBuffer(data: step.bytes))
                while !step.enough(text) {
                    guard let buffer = try await chunks.next() else { throw RawConnectionError.closed(after: text) }
                    text += String(buffer: buffer)
                }
            }
            return text
        }
    }
}

/// A raw connection's steps were not all done.
public enum RawConnectionError: Error, CustomStringConvertible {
    case timedOut(seconds: Double)
    case closed(after: String)

    public var description: String {
        switch self {
        case .timedOut(let seconds): "not answered within \(seconds) s"
        case .closed(let text): "closed by the server after \(text.count) characters"
        }
    }
}
