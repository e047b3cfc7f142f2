import PacelineAPI
import PacelineCore
@testable import PacelineServer
import Testing

/// The domain's enums and the API's generated ones spell every case the same, so what the
/// database stores (the domain's raw values) is what the API answers, and each maps to the
/// other and back unchanged.
@Suite struct DomainEnumsTests {
    @Test func privacy() {
        #expect(Privacy.allCases.map(\.rawValue) == Components.Schemas.Privacy.allCases.map(\.rawValue))
        for privacy in Privacy.allCases {
            #expect(Privacy(privacy.schema) == privacy && privacy.schema.rawValue == privacy.rawValue)
        }
    }

    @Test func sport() {
        #expect(Sport.allCases.map(\.rawValue) == Components.Schemas.Sport.allCases.map(\.rawValue))
        for sport in Sport.allCases {
            #expect(Sport(sport.schema) == sport && sport.schema.rawValue == sport.rawValue)
        }
    }

    @Test func units() {
        #expect(UnitSystem.allCases.map(\.rawValue) == Components.Schemas.Units.allCases.map(\.rawValue))
        for units in UnitSystem.allCases {
            #expect(UnitSystem(units.schema) == units && units.schema.rawValue == units.rawValue)
        }
    }
}
