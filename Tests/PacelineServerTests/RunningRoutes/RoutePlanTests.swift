import Foundation
import PacelineAPI
import PacelineTestSupport
import Testing

/// `GET /routes/{id}/plan`: a pacer made from a goal on a route's line, seen as the route's
/// pace is (privacy, access), its splits adding up to the goal.
@Suite("Pace plans on routes")
struct RoutePlanTests {
    @Test("a plan follows the route's pace point for point, slower up than down at even effort, and adds up to the goal",
          arguments: TestDatabase.available)
    func plan(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let runID = try #require(try await server.upload("gpx/run.gpx", as: ann).json?["id"] as? String)
            let route = try await ann.client.createRoute(body: .json(.init(runId: runID, name: "Hill loop"))).created.body.json
            let bo = try await server.newUser("Bo")
            let pace = try await bo.client.getPace(path: .init(routeId: route.id)).ok.body.json
            let plan = try await bo.client.getPacePlan(path: .init(routeId: route.id), query: .init(goalSeconds: 1000)).ok.body.json
            #expect(plan.strategy == .evenEffort && plan.goalSeconds == 1000 && plan.runId == runID)
            #expect(plan.splits.map(\.seconds).reduce(0, +) == 1000)
            #expect(plan.splits.map(\.endMeters).dropLast() == [1000, 2000, 3000], "3.09 km: three kilometres and the last 90 m")
            #expect(plan.splits.last?.endMeters == pace.checkpoints.last?.distanceMeters)
            #expect(plan.checkpoints.count == pace.checkpoints.count)
            #expect(zip(plan.checkpoints, pace.checkpoints).allSatisfy {
                $0.latitude == $1.latitude && $0.longitude == $1.longitude && $0.distanceMeters == $1.distanceMeters
            }, "the same line as the pace, privacy zones and all")
            #expect(abs((plan.checkpoints.last?.elapsedSeconds ?? 0) - 1000) < 1e-6)
            let steepest = try #require(plan.splits.max { $0.gradePercent < $1.gradePercent })
            let easiest = try #require(plan.splits.min { $0.gradePercent < $1.gradePercent })
            #expect(steepest.gradePercent > easiest.gradePercent && steepest.secondsPerKilometer > easiest.secondsPerKilometer)
            // Even pace: the same pace every kilometre.
            let even = try await bo.client.getPacePlan(path: .init(routeId: route.id), query: .init(goalSeconds: 1000, strategy: .evenPace))
                .ok.body.json
            let paces = even.splits.map(\.secondsPerKilometer)
            #expect((paces.max() ?? 0) - (paces.min() ?? 0) < 0.01)
            // Anyone may plan on a public route, signed in or not.
            let anonymous = try await server.raw(.GET, "/routes/\(route.id)/plan?goalSeconds=1200&strategy=negativeSplit")
            #expect(anonymous.status == 200)
        }
    }

    @Test("a goal no one keeps, a strategy not offered, or a private route is refused", arguments: TestDatabase.available)
    func refused(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let runID = try #require(try await server.upload("gpx/run.gpx", as: ann).json?["id"] as? String)
            let route = try await ann.client.createRoute(body: .json(.init(runId: runID))).created.body.json
            let tooFast = try await server.raw(.GET, "/routes/\(route.id)/plan?goalSeconds=300", token: ann.token)
            #expect(tooFast.status == 400 && ((tooFast.json?["error"] as? [String: Any])?["message"] as? String ?? "").contains("6.5 m/s"))
            for query in ["goalSeconds=0", "goalSeconds=abc", "goalSeconds=1000&strategy=sprint", "strategy=evenPace"] {
                #expect(try await server.raw(.GET, "/routes/\(route.id)/plan?\(query)", token: ann.token).status == 400, "\(query)")
            }
            let cy = try await server.newUser("Cy")
            let hidden = try #require(try await server.upload("gpx/run.gpx", as: cy).json?["id"] as? String)
            let privateRoute = try await cy.client.createRoute(body: .json(.init(runId: hidden))).created.body.json
            #expect(try await server.raw(.GET, "/routes/\(privateRoute.id)/plan?goalSeconds=1000", token: ann.token).status == 404)
            #expect(try await server.raw(.GET, "/routes/\(privateRoute.id)/plan?goalSeconds=1000", token: cy.token).status == 200)
        }
    }
}
