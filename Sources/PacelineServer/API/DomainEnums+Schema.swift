import PacelineAPI
import PacelineCore

// The one place the API's generated enums and the server's own enums meet, for concepts the
// core does not hold (the core's own types, `Sport`, `Privacy`, `UnitSystem`, `Medal`, … are
// the generated ones: openapi-generator-config.yaml overrides them). The switches are
// exhaustive both ways, so a case added to either side without the other fails to build.

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

extension Goal.Period {
    init(_ schema: Components.Schemas.GoalPeriod) {
        switch schema {
        case .week: self = .week
        case .month: self = .month
        }
    }

    var schema: Components.Schemas.GoalPeriod {
        switch self {
        case .week: .week
        case .month: .month
        }
    }
}

extension Goal.Metric {
    init(_ schema: Components.Schemas.GoalMetric) {
        switch schema {
        case .distance: self = .distance
        case .time: self = .time
        case .activities: self = .activities
        }
    }

    var schema: Components.Schemas.GoalMetric {
        switch self {
        case .distance: .distance
        case .time: .time
        case .activities: .activities
        }
    }
}

extension Sport {
    /// An invitation's sport: a run or a walk.
    init(_ schema: Components.Schemas.InvitationSport) {
        switch schema {
        case .run: self = .run
        case .walk: self = .walk
        }
    }
}

extension Components.Schemas.InvitationSport {
    /// An invitation is a run or a walk (`InvitationPlan` makes it of one or the other).
    init(_ sport: Sport) {
        self = sport == .run ? .run : .walk
    }
}

extension Invitation.Status {
    var schema: Components.Schemas.InvitationStatus {
        switch self {
        case .scheduled: .scheduled
        case .cancelled: .cancelled
        }
    }
}

extension InvitationGuest.Response {
    var schema: Components.Schemas.GuestResponse {
        switch self {
        case .pending: .pending
        case .accepted: .accepted
        case .declined: .declined
        }
    }
}

extension MissionMilestone.Kind {
    var schema: Components.Schemas.MissionMilestone.KindPayload {
        switch self {
        case .stage: .stage
        case .route: .route
        case .mission: .mission
        }
    }
}

extension Club.Admission {
    init(_ schema: Components.Schemas.ClubAdmission) {
        switch schema {
        case .open: self = .open
        case .invitation: self = .invitation
        case .approval: self = .approval
        }
    }

    var schema: Components.Schemas.ClubAdmission {
        switch self {
        case .open: .open
        case .invitation: .invitation
        case .approval: .approval
        }
    }
}

extension ClubMembership.Role {
    init(_ schema: Components.Schemas.ClubRoleChange.RolePayload) {
        switch schema {
        case .admin: self = .admin
        case .member: self = .member
        }
    }

    var schema: Components.Schemas.ClubRole {
        switch self {
        case .owner: .owner
        case .admin: .admin
        case .member: .member
        }
    }
}

extension ClubMembership.Status {
    init(_ schema: Components.Schemas.ClubMembershipStatus) {
        switch schema {
        case .member: self = .member
        case .requested: self = .requested
        case .banned: self = .banned
        }
    }

    var schema: Components.Schemas.ClubMembershipStatus {
        switch self {
        case .member: .member
        case .requested: .requested
        case .banned: .banned
        }
    }
}

extension ClubBoard.Period {
    init(_ schema: Components.Schemas.ClubBoardPeriod) {
        switch schema {
        case .week: self = .week
        case .month: self = .month
        }
    }

    var schema: Components.Schemas.ClubBoardPeriod {
        switch self {
        case .week: .week
        case .month: .month
        }
    }
}

extension ClubBoard.Measure {
    init(_ schema: Components.Schemas.ClubBoardMeasure) {
        switch schema {
        case .distance: self = .distance
        case .time: self = .time
        case .ascent: self = .ascent
        case .activities: self = .activities
        }
    }

    var schema: Components.Schemas.ClubBoardMeasure {
        switch self {
        case .distance: .distance
        case .time: .time
        case .ascent: .ascent
        case .activities: .activities
        }
    }
}

extension TokenScope {
    init(_ schema: Components.Schemas.TokenScope) {
        switch schema {
        case .full: self = .full
        case .read: self = .read
        case .upload: self = .upload
        }
    }

    var schema: Components.Schemas.TokenScope {
        switch self {
        case .full: .full
        case .read: .read
        case .upload: .upload
        }
    }
}
