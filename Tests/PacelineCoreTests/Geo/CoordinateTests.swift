import Testing
@testable import PacelineCore

@Suite struct CoordinateTests {
    @Test func rangesAreChecked() {
        #expect(Coordinate(latitude: 45, longitude: 14).isValid)
        #expect(!Coordinate(latitude: 100, longitude: 14).isValid)
        #expect(!Coordinate(latitude: 45, longitude: 200).isValid)
        #expect(!Coordinate(latitude: .nan, longitude: 0).isValid)
    }
}
