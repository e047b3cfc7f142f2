import PacelineCore
import Testing

@Suite struct MedalTests {
    @Test func lowestIsTheWeakestRoute() {
        #expect(Medal.lowest(of: [.gold, .bronze, .silver]) == .bronze)
        #expect(Medal.lowest(of: [.gold, .gold]) == .gold)
        #expect(Medal.lowest(of: [.silver]) == .silver)
    }

    @Test func aRouteWithoutAMedalOrNoRoutesGiveNone() {
        #expect(Medal.lowest(of: [.gold, nil]) == nil)
        #expect(Medal.lowest(of: []) == nil)
    }
}
