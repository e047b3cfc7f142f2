import Fluent
import Foundation
import PacelineAPI
import PacelineCore

extension RouteBook {
    /// Runs `a` and `b` on route `id` side by side as `viewer` may see them: the gaps between
    /// them along the way, and where each was every `interval` seconds (1 to 600; 10 when
    /// nil). 404 unless they may see the route and both runs and both are on it, then 400
    /// for a bad interval, then 422 when the runs can't be compared.
    static func compare(_ a: String, _ b: String, on id: String, every interval: Int?, seenBy viewer: UUID?,
                        on database: any Database) async throws -> Components.Schemas.Comparison {
        let route = try await RouteAccess.visibleRoute(id, to: viewer, on: database)
        let a = try await run(a, on: route, seenBy: viewer, on: database)
        let b = try await run(b, on: route, seenBy: viewer, on: database)
        let interval = Double(interval ?? 10)
        guard interval >= 1, interval <= 600 else { throw Refusal.invalid("interval must be 1 to 600 seconds") }
        // Each run as the viewer may see it: nothing inside its owner's zones, its distances
        // and times counted from where it is first seen, as its series are.
        let comparison: RunComparison
        do {
            comparison = try RunComparison(try a.activity(seenBy: viewer), try b.activity(seenBy: viewer))
        } catch {
            throw Refusal.unprocessable("the runs can't be compared: \(error)")
        }
        let gaps = comparison.gaps.map {
            Components.Schemas.ComparisonGap(distanceMeters: $0.distanceMeters, aSeconds: $0.aSeconds, bSeconds: $0.bSeconds,
                                             gapSeconds: $0.gapSeconds)
        }
        let end = max(comparison.a.last?.elapsed ?? 0, comparison.b.last?.elapsed ?? 0)
        // A moment between two shown stretches is drawn between their ends, which can cross
        // a zone: such a position is left out.
        let (hiddenA, hiddenB) = (a.zones(hiddenFrom: viewer), b.zones(hiddenFrom: viewer))
        let moments = stride(from: 0.0, through: end, by: interval).map { elapsed in
            var (pa, pb) = comparison.positions(at: elapsed)
            if let position = pa, hiddenA.hide(position.coordinate) { pa = nil }
            if let position = pb, hiddenB.hide(position.coordinate) { pb = nil }
            return Components.Schemas.ComparisonMoment(
                elapsedSeconds: elapsed,
                a: pa.map { .init(latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude, distanceMeters: $0.distanceMeters) },
                b: pb.map { .init(latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude, distanceMeters: $0.distanceMeters) })
        }
        return .init(a: a.schema(seenBy: viewer), b: b.schema(seenBy: viewer), coverage: comparison.result.coverage, gaps: gaps, moments: moments)
    }
}
