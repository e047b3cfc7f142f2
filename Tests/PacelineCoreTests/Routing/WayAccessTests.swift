@testable import PacelineCore
import Testing

/// Who may take a way, by its tags (`WayAccess`): docs/ALGORITHMS.md's table, row by row.
@Suite("Way access")
struct WayAccessTests {
    static let both: WayAccess = [.foot, .bikeForward, .bikeBackward]

    @Test("highways, access, foot, bicycle and one-way tags", arguments: [
        (["highway": "residential"], both),
        (["highway": "residential", "oneway": "yes"], [.foot, .bikeForward]),
        (["highway": "residential", "oneway": "-1"], [.foot, .bikeBackward]),
        (["highway": "residential", "oneway": "yes", "oneway:bicycle": "no"], both),
        (["highway": "residential", "oneway": "yes", "cycleway": "opposite_lane"], both),
        (["highway": "primary", "junction": "roundabout"], [.foot, .bikeForward]),
        (["highway": "footway"], [.foot]),
        (["highway": "footway", "bicycle": "yes"], both),
        (["highway": "steps"], [.foot]),
        (["highway": "cycleway"], both),
        (["highway": "cycleway", "foot": "no"], [.bikeForward, .bikeBackward]),
        (["highway": "pedestrian"], [.foot]),
        (["highway": "track"], both),
        (["highway": "motorway"], []),
        (["highway": "trunk"], []),
        (["highway": "trunk", "foot": "yes"], [.foot]),
        (["highway": "service", "access": "private"], []),
        (["highway": "service", "access": "private", "foot": "yes"], [.foot]),
        (["highway": "service", "access": "no", "bicycle": "designated"], [.bikeForward, .bikeBackward]),
        (["highway": "residential", "foot": "no"], [.bikeForward, .bikeBackward]),
        (["highway": "residential", "bicycle": "dismount"], [.foot]),
        (["highway": "residential", "access": "destination"], both),
        (["highway": "footway", "area": "yes"], []),
        (["highway": "construction"], []),
        (["waterway": "river"], []),
        (["building": "yes"], []),
    ] as [([String: String], WayAccess)])
    func rules(tags: [String: String], expected: WayAccess) {
        #expect(WayAccess(tags: tags) == expected)
    }

    @Test("walkers take one-way streets both ways; bikes their way only")
    func directions() {
        let oneway = WayAccess(tags: ["highway": "residential", "oneway": "yes"])
        #expect(oneway.allows(.foot, forward: true) && oneway.allows(.foot, forward: false))
        #expect(oneway.allows(.bike, forward: true) && !oneway.allows(.bike, forward: false))
        #expect(oneway.allows(.bike) && !WayAccess(tags: ["highway": "steps"]).allows(.bike))
    }
}
