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
        // 004: interval workouts.
        CreateWorkout(), CreateWorkoutSettings(), CreateWorkoutLog(),
        // 005: walks that discover (points of interest, discoveries, likes, steps).
        CreatePointOfInterest(), CreateDiscovery(), CreatePointOfInterestFavourite(), AddSteps(),
        // 006: missions.
        CreateMissions(), CreateJourneys(),
        // 007: achievements.
        CreateEarnedBadge(), AddRunUTCOffset(),
        // 008: lobbies a user is invited to, listed on connect.
        CreateLiveMemberUserIndex(),
        // 009: lobby members whose connection is gone go back to invited.
        AddLiveMemberSeenAt(),
        // 010: one atomic count of attempts for every limit on guessing.
        CreateAttemptCount(), DropFailureTables(),
        // 011: the credited distance beside the recorded one.
        AddRunCreditedDistance(),
        // 012: the row /health writes to prove the database takes writes.
        CreateHealthProbe(),
        // 013: the live connections each account holds, counted over all instances.
        CreateLiveSocketLease(),
        // 014: the GPS measure beside a device's own distance.
        AddRunGPSDistance(),
        // 015: what the runner wrote about a run.
        AddRunDescription(),
        // 016: the circles a user keeps to themselves.
        AddPrivacyZones(),
        // 017: route names and plaque titles folded for search.
        AddSearchNames(),
        // 018: a run's sensor figures kept with its other statistics.
        AddRunSensors(),
        // 019: records over 400 m and a mile.
        MeasureShortBestEfforts(),
        // 020: shoes, bikes and the gear each activity was done in.
        CreateGear(),
        // 021: weekly and monthly goals.
        CreateGoals(),
        // 022: each activity's training load.
        AddRunTrainingLoad(),
        // 023: the records each run set when it was recorded.
        AddRunNewRecords(),
        // 024: each run's line on its owner's heat map.
        AddRunHeatLines(),
        // 025: segments and the efforts runs made on them.
        CreateSegments(),
        // 026: live safety links.
        CreateBeacons(),
        // 027: each privacy zone's hidden circle, drawn once.
        DrawHiddenCircles(),
        // 028: every upload's file kept as it came.
        CreateOriginals(),
        // 029: which rules measured each run, so a change of rules measures it again.
        AddRunAnalysisVersion(),
        // 030: runs in a virtual world, which make no route, segment or heat-map line.
        AddRunIsVirtual(),
        // 031: the users whose import left records and badges to bring up to date.
        AddUserHistoryPending(),
        // 032: the tiles of a digital elevation model, for phones' elevations.
        CreateElevationTiles(),
        // 033: what a live link's viewers may be told of its way, and the runner's pauses.
        AddBeaconSeenStretch(),
        // 034: the paused part of a segment effort's time.
        AddSegmentEffortPause(),
        // 035: kudos on activities.
        CreateKudos(),
        // 036: comments on activities, and switching them off.
        CreateComments(),
        // 037: users blocked by others.
        CreateBlocks(),
        // 038: comments reported to the instance's admins; admins and suspended accounts.
        CreateReports(),
        // 039: what users are told (the notification list).
        CreateNotifications(),
        // 040: clubs and their members.
        CreateClubs(),
        // 041: what a club's leaderboards read, in one index.
        IndexRunsForClubBoards(),
        // 050: Web Push subscriptions, the instance's VAPID key, what is left to push.
        CreatePushSubscriptions(),
        // 051: who is recording or in a live session now, for friends who may see it.
        CreatePresence(),
        // 052: the notifications users ask for: friends' records, a reminder after idle days.
        AddNotificationChoices(),
        // 053: clubs the instance's admins hid.
        AddClubHidden(),
        // 054: the club a notification is about.
        AddNotificationClub(),
        // 060: club events and members' answers to them.
        CreateClubEvents(),
        // 061: each user's private calendar feed of their clubs' events.
        CreateCalendarFeeds(),
        // 062: club challenges, their finishers, and the challenge a result notification is about.
        CreateClubChallenges(),
        // 063: photos on activities.
        CreateRunPhotos(),
        // 064: the pictures the loaded data names, fetched once and kept.
        CreatePictures(),
        // 065: the photos of what was loaded before, to fetch.
        RegisterLoadedPictures(),
        // 066: personal access tokens: a name, a scope, when last used.
        AddPersonalTokens(),
        // 067: the OpenID provider accounts users sign in with, and sign-ins with it under way.
        CreateExternalIdentities(),
        // 068: the fixes apps send one by one, kept until their log becomes a run.
        CreateFixLogs(),
        // 069: each user's heart rates and threshold pace from a day on; runs whose load they outdated.
        CreatePhysiologyEntries(),
        // 070: the routing graph of the map the host imported, and the routes users plan on it.
        CreateMapsAndPlannedRoutes(),
    ]
}
