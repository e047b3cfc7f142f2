import Foundation
import PacelineAPI
import PacelineCore
import Testing

/// The contract's enums that are the core's own types (openapi-generator-config.yaml's
/// overrides) list exactly the core's cases, in its order: what the database stores (the
/// core's raw values) is what the API documents and answers, and a case added to the core
/// fails here until openapi.yaml has it too.
@Suite struct DomainEnumsTests {
    @Test func theContractsEnumsAreTheCoresTypes() {
        #expect(Components.Schemas.Sport.self == Sport.self)
        #expect(Components.Schemas.Privacy.self == Privacy.self)
        #expect(Components.Schemas.Units.self == UnitSystem.self)
        #expect(Components.Schemas.Medal.self == Medal.self)
        #expect(Components.Schemas.BadgeFamily.self == Badge.Family.self)
        #expect(Components.Schemas.TrainingLoadSource.self == TrainingLoad.Source.self)
        #expect(Components.Schemas.ScreenedField.self == FixLimits.Field.self)
    }

    @Test func theContractListsEveryCaseOfTheCore() throws {
        let contract = String(decoding: try OpenAPIDocument.load(), as: UTF8.self)
        let cores: [(schema: String, cases: [String])] = [
            ("Sport", Sport.allCases.map(\.rawValue)),
            ("Privacy", Privacy.allCases.map(\.rawValue)),
            ("Units", UnitSystem.allCases.map(\.rawValue)),
            ("Medal", Medal.allCases.map(\.rawValue)),
            ("BadgeFamily", Badge.Family.allCases.map(\.rawValue)),
            ("TrainingLoadSource", TrainingLoad.Source.allCases.map(\.rawValue)),
            ("ScreenedField", FixLimits.Field.allCases.map(\.rawValue)),
        ]
        for (schema, cases) in cores {
            #expect(try Self.cases(of: schema, in: contract) == cases, "\(schema)")
        }
    }

    /// The `enum: [a, b]` of the schema `name` under components/schemas.
    private static func cases(of name: String, in contract: String) throws -> [String] {
        let pattern = try Regex("\\n    \(name):\\n(?:      .*\\n)*?      enum: \\[([^\\]]*)\\]")
        guard let match = contract.firstMatch(of: pattern), let list = match.output[1].substring else { return [] }
        return list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
