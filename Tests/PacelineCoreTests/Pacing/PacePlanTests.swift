import Foundation
@testable import PacelineCore
import Testing

/// The pacer from a goal (`PacePlan`) and the grade's cost it rests on (`GradeAdjustment`,
/// Minetti et al. 2002).
@Suite("Pace plans")
struct PacePlanTests {
    /// A route due north from (51.5, −0.1), a checkpoint every 20 m, its elevation by distance.
    static func route(meters: Double, elevation: (Double) -> Double? = { _ in 100 }) -> [Checkpoint] {
        stride(from: 0.0, through: meters, by: 20).map { distance in
            Checkpoint(coordinate: Coordinate(latitude: 51.5 + distance / 111_195, longitude: -0.1), distance: distance,
                       elapsed: distance / 3, speed: 3, elevation: elevation(distance))
        }
    }

    @Test("Minetti's cost: 3.6 on the flat, least about −18 % (1.78), 18.93 measured at +45 %, 1.30 times the flat up 5 %")
    func minetti() {
        #expect(GradeAdjustment.cost(grade: 0) == 3.6)
        // The fit's minimum, as ClimbFactor (an independent implementation) states it: i = −0.181355, C = 1.781269.
        let least = stride(from: -0.3, through: 0, by: 0.0001).min { GradeAdjustment.cost(grade: $0) < GradeAdjustment.cost(grade: $1) }!
        #expect(abs(least - -0.1814) < 0.0005)
        #expect(abs(GradeAdjustment.cost(grade: least) - 1.7813) < 0.001)
        // The paper's abstract: running at +0.45 cost 18.93 J/(kg·m); the fit is within 3 % of it.
        #expect(abs(GradeAdjustment.cost(grade: 0.45) / 18.93 - 1) < 0.03)
        #expect(GradeAdjustment.cost(grade: 0.9) == GradeAdjustment.cost(grade: 0.45), "held to the measured range")
        #expect(abs(GradeAdjustment.factor(grade: 0.05) - 1.3014) < 0.0005)
        #expect(GradeAdjustment.factor(grade: -0.2) == GradeAdjustment.fastestDescent, "legs, not lungs, limit a descent")
        #expect(GradeAdjustment.factor(grade: .nan) == 1)
    }

    @Test("a flat course: even splits whatever the strategy but the negative split, which runs its second half 2 % quicker")
    func flat() throws {
        let route = Self.route(meters: 10_000)
        for strategy in [PacePlan.Strategy.evenPace, .evenEffort] {
            let plan = try PacePlan(route: route, goal: 3000, strategy: strategy)
            #expect(plan.splits.count == 10)
            #expect(plan.splits.allSatisfy { $0.seconds == 300 && abs($0.secondsPerKilometre - 300) < 0.01 }, "\(strategy)")
            #expect(abs(plan.checkpoints.last!.elapsed - 3000) < 1e-9)
            #expect(plan.checkpoints.allSatisfy { abs($0.speed - 10_000.0 / 3000) < 1e-9 })
        }
        let negative = try PacePlan(route: route, goal: 3000, strategy: .negativeSplit)
        let firstHalf = Double(negative.splits[4].elapsed), secondHalf = 3000 - firstHalf
        #expect(abs(firstHalf / secondHalf - 1.01 / 0.99) < 0.002)
        #expect(negative.splits.map(\.seconds).reduce(0, +) == 3000)
        #expect(zip(negative.splits, negative.splits.dropFirst()).allSatisfy { $0.secondsPerKilometre > $1.secondsPerKilometre })
    }

    @Test("a 5 % climb is run 1.30 times slower at even effort, the flat around it quicker, the goal kept")
    func climb() throws {
        // 1 km flat, 1 km up 5 %, 1 km flat at the top.
        let route = Self.route(meters: 3000) { distance in 100 + 50 * min(1, max(0, (distance - 1000) / 1000)) }
        let plan = try PacePlan(route: route, goal: 900, strategy: .evenEffort)
        let paces = plan.splits.map(\.secondsPerKilometre)
        #expect(abs(paces[1] / paces[0] - 1.30) < 0.02, "\(paces)")
        #expect(abs(paces[2] - paces[0]) < 0.5)
        #expect(paces[0] < 300 && paces[1] > 300)
        #expect(plan.splits.map(\.seconds).reduce(0, +) == 900)
        #expect(abs(plan.splits[1].grade - 0.05) < 0.005 && abs(plan.splits[1].ascent - 50) < 5)
        #expect(abs(plan.splits.map(\.ascent).reduce(0, +) - 50) < 0.01 && plan.splits.map(\.descent).reduce(0, +) < 0.01)
        // Even pace ignores the hill.
        let even = try PacePlan(route: route, goal: 900, strategy: .evenPace)
        #expect(even.splits.allSatisfy { $0.seconds == 300 })
    }

    @Test("the splits' whole seconds add up to the goal rounded; a last piece under 50 m joins the kilometre before")
    func roundedSplits() throws {
        let route = Self.route(meters: 5020) { distance in 100 + 30 * sin(distance / 300) }
        for goal in [1501.4, 1799.6, 2400.5] {
            let plan = try PacePlan(route: route, goal: goal, strategy: .evenEffort)
            #expect(plan.splits.count == 5 && plan.splits.last!.endDistance == 5020)
            #expect(abs(Double(plan.splits.map(\.seconds).reduce(0, +)) - goal) <= 0.5, "\(goal)")
        }
    }

    @Test("a goal no one keeps, or a route of one point, is refused")
    func refused() {
        let route = Self.route(meters: 10_000)
        #expect(throws: PacePlan.Problem.goalOutOfReach(fastest: 10_000 / 6.5, slowest: 10_000 / 0.3)) {
            try PacePlan(route: route, goal: 1200, strategy: .evenPace)
        }
        #expect(throws: PacePlan.Problem.self) { try PacePlan(route: route, goal: .infinity, strategy: .evenPace) }
        #expect(throws: PacePlan.Problem.routeTooShort) { try PacePlan(route: Array(route.prefix(1)), goal: 60, strategy: .evenPace) }
    }

    @Test("a route without elevation is planned as flat")
    func noElevation() throws {
        let plan = try PacePlan(route: Self.route(meters: 2000) { _ in nil }, goal: 600, strategy: .evenEffort)
        #expect(plan.splits.allSatisfy { $0.seconds == 300 && $0.grade == 0 })
    }
}
