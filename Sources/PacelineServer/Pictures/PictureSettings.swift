import Foundation

/// How this instance fetches the pictures its data names (`PictureFetching`).
public struct PictureSettings: Sendable {
    /// Whether it fetches them at all; false for an instance without the internet (the app
    /// then links to each picture where it is kept, as it does until one is fetched).
    public var fetching: Bool
    /// How often each instance looks for pictures due, seconds.
    public var interval: TimeInterval
    /// A fetch's deadline, each redirect's request included, seconds.
    public var deadline: TimeInterval
    /// Tests only: fetch from loopback addresses (127.0.0.0/8, ::1) over plain http, from a
    /// test's own server. Never for an instance people use: the data could then make the
    /// server reach into the machine it runs on (`PublicAddresses`).
    public var testsOnlyLoopbackOverHTTP: Bool

    public init(fetching: Bool = true, interval: TimeInterval = 5, deadline: TimeInterval = 20, testsOnlyLoopbackOverHTTP: Bool = false) {
        self.fetching = fetching
        self.interval = interval
        self.deadline = deadline
        self.testsOnlyLoopbackOverHTTP = testsOnlyLoopbackOverHTTP
    }
}
