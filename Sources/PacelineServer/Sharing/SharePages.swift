import Fluent
import Foundation
import PacelineCore
import PacelinePNG
import Vapor

/// Public pages for links posted anywhere: a run, a route or a badge, each with its Open
/// Graph card and a map preview rendered from the track (`TrackPreview`, no tiles): a PNG
/// for the card (Facebook, X, LinkedIn, Slack and iMessage show no SVG), the SVG on the
/// page itself.
///
/// Only what its owner made public is shared: a run or route whose privacy is `public`,
/// a badge of a user whose profile is public. The pages are read without a session, as a
/// link preview robot reads them, so each asks the API's own rules (`RunAccess`,
/// `RouteAccess`, `Privacy`) what an anonymous reader may see. Anything else is 404, so a
/// link reveals nothing.
///
/// The link card's absolute URLs (`og:url`, `og:image`, the canonical link) start with the
/// configured public URL (`ServerSettings.publicURL`), never with what a request's `Host`
/// or `X-Forwarded-*` says, which the client chooses; without one they are paths from the
/// root. The page's own picture is always its path: whoever sees the page is on this server. Every answer
/// may be kept by a cache but not used without asking again (`Cache-Control: no-cache`,
/// an `ETag`): a run made private is refused at the next view, wherever a copy is.
enum SharePages {
    /// The PNG previews kept in memory: 32 MiB, about 500 cards of 30–90 kB.
    static let previews = RecentBytes<RunView>(capacityBytes: 32 << 20)

    /// Serves the share pages, their absolute URLs starting with `publicURL` (paths from
    /// the root when nil).
    static func register(on app: Application, publicURL: URL?) {
        let root = publicURL.map { $0.absoluteString.hasSuffix("/") ? String($0.absoluteString.dropLast()) : $0.absoluteString } ?? ""
        app.get("share", "page.css") { _ in
            var headers = HTTPHeaders()
            headers.contentType = HTTPMediaType(type: "text", subType: "css", parameters: ["charset": "utf-8"])
            headers.replaceOrAdd(name: .cacheControl, value: "public, max-age=3600")
            return Response(status: .ok, headers: headers, body: .init(string: SharePage.stylesheet))
        }
        let share = app.grouped("share").grouped(NotShared())
        share.get("runs", ":id") { request in try await html(runPage(request, root: root), for: request) }
        share.get("runs", ":id", "map.svg") { request in
            svg(try await RunAccess.visibleRun(id(request), to: nil, on: request.db), for: request)
        }
        share.get("runs", ":id", "map.png") { request in
            try await png(try await RunAccess.visibleRun(id(request), to: nil, on: request.db), for: request)
        }
        share.get("routes", ":id") { request in try await html(routePage(request, root: root), for: request) }
        share.get("routes", ":id", "map.svg") { request in
            let route = try await RouteAccess.visibleRoute(id(request), to: nil, on: request.db)
            return svg(try await Self.run(of: route, on: request.db), title: route.name, for: request)
        }
        share.get("routes", ":id", "map.png") { request in
            let route = try await RouteAccess.visibleRoute(id(request), to: nil, on: request.db)
            return try await png(try await Self.run(of: route, on: request.db), for: request)
        }
        share.get("badges", ":user", ":badge") { request in try await html(badgePage(request, root: root), for: request) }
    }

    private static func runPage(_ request: Request, root: String) async throws -> SharePage {
        let run = try await RunAccess.visibleRun(id(request), to: nil, on: request.db)
        let owner = run.owner
        let units = owner.units
        let path = "/share/runs/" + (try run.requireID().apiID)
        let sport = run.sport.rawValue.capitalized
        return SharePage(
            title: run.name ?? "\(owner.displayName)'s \(sport.lowercased())",
            description: "\(sport) by \(owner.displayName): \(statistics(of: run, units: units))",
            root: root, path: path, mapPath: path + "/map", appLink: "/#/runs/\(try run.requireID().apiID)")
    }

    private static func routePage(_ request: Request, root: String) async throws -> SharePage {
        let route = try await RouteAccess.visibleRoute(id(request), to: nil, on: request.db)
        let creator = route.creator
        let units = creator.units
        let path = "/share/routes/" + (try route.requireID().apiID)
        return SharePage(
            title: route.name, description: "A \(units.distance(route.distanceMeters)) route by \(creator.displayName) on Paceline",
            root: root, path: path, mapPath: path + "/map", appLink: "/")
    }

    private static func badgePage(_ request: Request, root: String) async throws -> SharePage {
        guard let userID = request.parameters.get("user").flatMap(UUID.init(uuidString:)),
              let owner = try await User.find(userID, on: request.db),
              try await Privacy.allows(nil, toSee: userID, privacy: owner.defaultPrivacy, on: request.db),
              let badgeID = request.parameters.get("badge"), let badge = Badge.named(badgeID),
              let earned = try await EarnedBadge.query(on: request.db).filter(\.$user.$id == userID)
                .filter(\.$badgeID == badgeID).first()
        else { throw Refusal.notFound("shared page") }
        let date = earned.earnedAt.formatted(.iso8601.year().month().day())
        var mapPath: String?
        if let runID = earned.runID,
           let run = try await Run.query(on: request.db).filter(\.$id == runID).field(\.$id).field(\.$owner.$id).field(\.$privacy).first(),
           try await Privacy.allows(nil, toSee: run.$owner.id, privacy: run.privacy, on: request.db) {
            mapPath = "/share/runs/\(runID.apiID)/map"
        }
        return SharePage(
            title: "\(owner.displayName) earned “\(badge.name)”", description: "\(badge.rule) Earned on \(date).",
            root: root, path: "/share/badges/\(userID.apiID)/\(badge.id)", mapPath: mapPath, appLink: "/#/profile")
    }

    /// "5.02 km in 25:10 (5:01 /km)": the run's stored statistics, the pace the app shows.
    static func statistics(of run: Run, units: UnitSystem) -> String {
        "\(units.distance(run.distanceMeters)) in \(UnitSystem.clock(run.movingSeconds)) (\(units.pace(secondsPerKilometer: run.averagePace)))"
    }

    /// The `:id` of a share address ("" when absent, which no run or route has).
    private static func id(_ request: Request) -> String { request.parameters.get("id") ?? "" }

    private static func html(_ page: SharePage, for request: Request) -> Response {
        answer(Data(page.html.utf8), type: .html, to: request)
    }

    private static func svg(_ run: Run, title: String? = nil, for request: Request) -> Response {
        let svg = TrackPreview().svg(segments: segments(of: run), title: title ?? run.name)
        return answer(Data(svg.utf8), type: HTTPMediaType(type: "image", subType: "svg+xml"), to: request)
    }

    /// The PNG preview: drawn and encoded once per run while it stays in `previews` (about
    /// 70 ms of CPU in a release build, mostly encoding; docs/PERFORMANCE.md).
    private static func png(_ run: Run, for request: Request) async throws -> Response {
        let png = await previews.bytes(for: try RunView(run, seenBy: nil)) { TrackPreview().png(segments: segments(of: run)) }
        return answer(png, type: .png, to: request)
    }

    /// The run's path as anyone may see it: without what lies in its owner's privacy zones.
    private static func segments(of run: Run) -> [[Coordinate]] {
        ((try? run.activity(seenBy: nil))?.track.segments ?? []).map { $0.compactMap(\.coordinate) }
    }

    /// The run a route follows, with its owner (whose privacy zones its pictures hide); 404
    /// unless anyone may see it too (a run made private since keeps its path to itself).
    private static func run(of route: Route, on database: any Database) async throws -> Run {
        try await RunAccess.visibleRun(route.$run.id.uuidString, to: nil, on: database)
    }

    /// `body` as `type`, for any cache to keep but to use only after asking again
    /// (`no-cache`): the question is answered 304 when the copy is still what would be
    /// sent, after the access check, so a page or picture that stopped being public is
    /// never shown from a copy.
    private static func answer(_ body: Data, type: HTTPMediaType, to request: Request) -> Response {
        let tag = ETag.of(bytes: body)
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .cacheControl, value: "public, no-cache")
        headers.replaceOrAdd(name: .eTag, value: tag)
        if ETag.matches(tag, request.headers.first(name: .ifNoneMatch)) {
            return Response(status: .notModified, headers: headers)
        }
        headers.contentType = type
        return Response(status: .ok, headers: headers, body: .init(data: body))
    }
}

/// Answers a share address that shows nothing (missing, or not public) with a plain HTML
/// page and 404, for the person who followed the link, and keeps robots from indexing it.
private struct NotShared: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch let error as Refusal where error.reason == .notFound {
            var headers = HTTPHeaders()
            headers.contentType = .html
            headers.replaceOrAdd(name: "X-Robots-Tag", value: "noindex")
            return Response(status: .notFound, headers: headers, body: .init(string: """
                <!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
                <meta name="viewport" content="width=device-width, initial-scale=1"><title>Not shared · Paceline</title>
                <link rel="stylesheet" href="\(SharePage.stylesheetPath)"></head>
                <body>
                <h1>Not shared</h1><p>This page does not exist, or its owner does not share it publicly.</p>
                <p><a href="/">Open Paceline</a></p></body></html>
                """))
        }
    }
}
