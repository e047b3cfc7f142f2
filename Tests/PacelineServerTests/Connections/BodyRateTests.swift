import NIOCore
import NIOEmbedded
import NIOHTTP1
@testable import PacelineServer
import Testing

/// The minimum body rate counts only the time the server asks for the body: a handler
/// behind in reading one (a queued upload, a busy task pool) stops the server asking, and
/// that time is the server's, not the client's. On CI, with the task pool busy, a steady
/// client's login was closed as "too slow" while the server held its bytes unread.
@Suite("The body rate, on the server's time")
struct BodyRateTests {
    static func channel() throws -> EmbeddedChannel {
        var settings = ConnectionSettings()
        settings.bodyRateWindow = 2
        settings.minimumBodyRate = 100
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(ConnectionDeadlines(settings: settings, place: nil))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        let head = HTTPRequestHead(version: .http1_1, method: .POST, uri: "/api/v1/runs", headers: ["Content-Length": "100000"])
        try channel.writeInbound(HTTPServerRequestPart.head(head))
        return channel
    }

    @Test("a body the server does not ask for is not the client's slowness")
    func notAsked() throws {
        let channel = try Self.channel()
        // Nothing asks for the body for three windows: the connection stays.
        channel.embeddedEventLoop.advanceTime(by: .seconds(6))
        #expect(channel.isActive)
        // Asked for it, the client sends nothing for a window: closed.
        channel.read()
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(2_100))
        #expect(!channel.isActive)
    }

    @Test("a client too slow while asked is closed; one at the rate is not")
    func asked() throws {
        let slow = try Self.channel(), steady = try Self.channel()
        for _ in 0..<4 {
            for channel in [slow, steady] { channel.read() }
            try steady.writeInbound(HTTPServerRequestPart.body(ByteBuffer(repeating: 0x20, count: 120)))
            steady.pipeline.fireChannelReadComplete()
            for channel in [slow, steady] { channel.embeddedEventLoop.advanceTime(by: .milliseconds(500)) }
        }
        #expect(!slow.isActive)
        #expect(steady.isActive, "240 bytes a second against 100")
    }
}
