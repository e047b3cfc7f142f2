import Fluent

/// Every migration, in the order they run. Add new ones at the end, in a new numbered folder.
enum Migrations {
    static let all: [any Migration] = [
        CreateUser(), CreateToken(), CreateLoginFailure(), CreateRun(), CreateRoute(), CreateRouteRun(),
        CreateFavourite(), CreateRouteCell(), CreateIndexes(),
        // 002: friends and invitations.
        AddUserSearchName(), CreateFriendship(), CreateInvitation(), CreateInvitationGuest(),
        // 003: the live hub.
        CreateLiveSession(), CreateLiveMember(), CreateLiveFollow(), CreateLiveFixChunk(),
        // 006: missions.
        CreateMissions(), CreateJourneys(),
    ]
}
