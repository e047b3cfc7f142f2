import Fluent
import Foundation
import PacelineAPI
import PacelineArchives
import PacelineCore

/// A user's data as one archive (GET /me/export): each activity as a file, in the format
/// it came in (GPX for what the app recorded), rebuilt from the stored track with its
/// sensors and the totals the app shows; beside it, the file each was made from, byte for
/// byte as uploaded (`Original`), once however many activities it made; the photos on
/// them (`ExportedPhotos`); and, for the
/// rest, the JSON the API answers the user with (whole: every page of a list), made by the
/// same services the API's handlers call, so an export reads as the API documents it
/// (openapi.yaml).
struct AccountExport {
    let database: any Database
    let user: User
    let archive: ZipWriter

    /// Runs read from the database at a time: an export of years holds one page in memory.
    static let page = 100

    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    /// `user`'s data as a ZIP in a temporary file, which the caller removes once it is sent;
    /// removed here when making it fails.
    static func archive(of user: User, on database: any Database) async throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("paceline-export-\(UUID().uuidString).zip")
        do {
            let archive = try ZipWriter(url: url)
            try await AccountExport(database: database, user: user, archive: archive).write()
            try archive.finish()
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
        return url
    }

    func write() async throws {
        let userID = try user.requireID()
        try add("profile.json", user.profile)
        try add("privacy-zones.json", user.privacyZonesSchema)

        var runs: [Components.Schemas.Run] = []
        var originals = ExportedOriginals()
        var offset = 0
        while true {
            let page = try await Run.query(on: database).filter(\.$owner.$id == userID)
                .sort(\.$startTime).sort(\.$id).range(offset..<(offset + Self.page)).all()
            for run in page {
                run.$owner.value = user
                runs.append(run.schema)
                let (name, file) = try Self.file(of: run)
                try archive.add(name, file)
                try await originals.add(of: run, to: archive, on: database)
            }
            try await ExportedPhotos.add(of: page, to: archive, on: database)
            guard page.count == Self.page else { break }
            offset += Self.page
        }
        try add("runs.json", runs)
        try add("originals.json", originals.listing)

        let routes = try await Route.query(on: database).filter(\.$creator.$id == userID).with(\.$creator).all()
        try add("routes.json", try await Route.schemas(routes, viewer: userID, on: database))
        try add("workouts.json", try await WorkoutBook.list(of: userID, on: database))
        var log: [Components.Schemas.WorkoutLogEntry] = []
        var cursor: String?
        repeat {
            let page = try await WorkoutBook.logPage(of: userID, limit: Self.page, run: nil, cursor: cursor, on: database)
            log += try page.entries.map { try $0.schema }
            cursor = page.next
        } while cursor != nil
        try add("workout-log.json", log)
        try add("achievements.json", try await AchievementBook.refresh(userID, on: database).schema(user: user, visibleRuns: { _ in true }))
        try add("friends.json", try await allFriends(of: userID))
        try add("favourites.json", try await FavouriteBook.list(of: userID, changedSince: nil, on: database))
        try add("gear.json", try await GearBook.list(of: userID, on: database))
        try add("goals.json", Components.Schemas.GoalList(goals: try await GoalBook.list(of: userID, utcOffset: 0, on: database)))
        try add("segments.json", try await SegmentBook.list(of: userID, on: database))
        var planned: [Components.Schemas.PlannedRoute] = []
        for route in try await PlannedRouteBook.list(by: userID, on: database).plannedRoutes {
            planned.append(try await PlannedRouteBook.detail(route.id, seenBy: userID, on: database))
        }
        try add("planned-routes.json", Components.Schemas.PlannedRouteList(plannedRoutes: planned))
    }

    /// Every friend, every page of them, as one page.
    private func allFriends(of userID: UUID) async throws -> Components.Schemas.FriendPage {
        var friends: [Components.Schemas.Friend] = []
        var cursor: String?
        repeat {
            let page = try await FriendList(database: database).page(of: userID, cursor: cursor, limit: Paging.maximumLimit)
            friends += page.friends
            cursor = page.nextCursor
        } while cursor != nil
        return .init(friends: friends)
    }

    private func add(_ name: String, _ value: some Encodable) throws {
        try archive.add(name, try encoder.encode(value))
    }

    /// `activities/2026-03-01-0730-1a2b3c4d.fit`: the run in the format it came in.
    static func file(of run: Run) throws -> (String, Data) {
        var activity = try run.activity()
        activity.deviceTotals = DeviceTotals(ascentMeters: run.ascentMeters, descentMeters: run.descentMeters)
        let name = "activities/\(try run.fileStem())"
        switch run.format {
        case .fit: return ("\(name).fit", FITWriter.write(activity))
        case .tcx: return ("\(name).tcx", Data(TCXWriter.write(activity).utf8))
        case .gpx, .json, .live: return ("\(name).gpx", Data(GPXWriter.write(activity).utf8))
        }
    }
}
