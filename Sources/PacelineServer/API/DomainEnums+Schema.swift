import PacelineAPI
import PacelineCore

// The one place the API's generated enums and the domain's enums meet. The switches are
// exhaustive both ways, so a case added to either side without the other fails to build.

extension Privacy {
    init(_ schema: Components.Schemas.Privacy) {
        switch schema {
        case ._public: self = .public
        case .friends: self = .friends
        case ._private: self = .private
        }
    }

    var schema: Components.Schemas.Privacy {
        switch self {
        case .public: ._public
        case .friends: .friends
        case .private: ._private
        }
    }
}

extension Sport {
    init(_ schema: Components.Schemas.Sport) {
        switch schema {
        case .run: self = .run
        case .walk: self = .walk
        case .hike: self = .hike
        case .ride: self = .ride
        case .swim: self = .swim
        case .other: self = .other
        }
    }

    var schema: Components.Schemas.Sport {
        switch self {
        case .run: .run
        case .walk: .walk
        case .hike: .hike
        case .ride: .ride
        case .swim: .swim
        case .other: .other
        }
    }
}

extension UnitSystem {
    init(_ schema: Components.Schemas.Units) {
        switch schema {
        case .metric: self = .metric
        case .imperial: self = .imperial
        }
    }

    var schema: Components.Schemas.Units {
        switch self {
        case .metric: .metric
        case .imperial: .imperial
        }
    }
}

extension Gear.Kind {
    init(_ schema: Components.Schemas.GearKind) {
        switch schema {
        case .shoes: self = .shoes
        case .bike: self = .bike
        case .other: self = .other
        }
    }

    var schema: Components.Schemas.GearKind {
        switch self {
        case .shoes: .shoes
        case .bike: .bike
        case .other: .other
        }
    }
}
