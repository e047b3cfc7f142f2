import PacelineAPI

extension TestServer {
    /// Makes `a` and `b` friends through the API: `a` asks, `b` accepts.
    public func befriend(_ a: TestUser, _ b: TestUser) async throws {
        _ = try await a.client.sendFriendRequest(body: .json(.init(userId: b.id))).created
        _ = try await b.client.acceptFriendRequest(path: .init(userId: a.id)).ok
    }
}
