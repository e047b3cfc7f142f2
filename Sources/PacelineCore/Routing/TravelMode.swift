/// How a planned route is travelled, which decides the ways it may take (`WayAccess`).
public enum TravelMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// On foot: walking or running, on any way open to walkers, either way along it.
    case foot
    /// By bicycle: on ways open to bikes, one-way streets only their way.
    case bike
}
