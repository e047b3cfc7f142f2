import Fluent
import Foundation
import PacelineAPI
import SQLKit

/// Club events as the API shows them: with their answers counted, the viewer's own, and,
/// for one event, who is going.
enum ClubEventView {
    /// `events` for `viewer`, in their order, without who is going.
    /// - Complexity: two queries whatever the number of events: the counts, grouped, and the viewer's answers.
    static func schemas(of events: [ClubEvent], seenBy viewer: UUID,
                        on database: any Database) async throws -> [Components.Schemas.ClubEvent] {
        let ids = try events.map { try $0.requireID() }
        guard !ids.isEmpty else { return [] }
        let rows = try await database.sql.select().column("event_id").column("answer")
            .column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
            .from(ClubEventAnswer.schema).where("event_id", .in, ids).groupBy("event_id").groupBy("answer").all()
        var counts: [UUID: [ClubEventAnswer.Answer: Int]] = [:]
        for row in rows {
            let answer = ClubEventAnswer.Answer(rawValue: try row.decode(column: "answer", as: String.self))
            if let answer { counts[try row.decode(column: "event_id", as: UUID.self), default: [:]][answer] = try row.decode(column: "n", as: Int.self) }
        }
        let mine = try await ClubEventAnswer.query(on: database).filter(\.$user.$id == viewer).filter(\.$event.$id ~~ ids).all()
        let answers = Dictionary(mine.map { ($0.$event.id, $0.answer) }, uniquingKeysWith: { first, _ in first })
        return try events.map { event in
            let id = try event.requireID()
            return schema(of: event, counts: counts[id] ?? [:], answer: answers[id], going: nil)
        }
    }

    /// `event` for `viewer`, with who is going by display name unless `showingWhoGoes` is
    /// false (a non-member of an open club sees the counts, not the members).
    static func schema(of event: ClubEvent, seenBy viewer: UUID, showingWhoGoes: Bool = true,
                       on database: any Database) async throws -> Components.Schemas.ClubEvent {
        var shown = try await schemas(of: [event], seenBy: viewer, on: database)[0]
        guard showingWhoGoes else { return shown }
        let yes = try await ClubEventAnswer.query(on: database).filter(\.$event.$id == event.requireID())
            .filter(\.$answer == .yes).with(\.$user).all()
        shown.goingMembers = yes.map(\.user.summary).sorted { $0.displayName.localizedStandardCompare($1.displayName) == .orderedAscending }
        return shown
    }

    private static func schema(of event: ClubEvent, counts: [ClubEventAnswer.Answer: Int], answer: ClubEventAnswer.Answer?,
                               going: [Components.Schemas.UserSummary]?) -> Components.Schemas.ClubEvent {
        .init(id: event.id?.apiID ?? "", clubId: event.$club.id.apiID, title: event.title, description: event.description,
              startsAt: event.startsAt, place: .init(latitude: event.latitude, longitude: event.longitude, name: event.placeName),
              routeId: event.routeID?.apiID, paceGroups: event.paces, status: event.cancelledAt == nil ? .scheduled : .cancelled,
              going: counts[.yes] ?? 0, maybe: counts[.maybe] ?? 0, notGoing: counts[.no] ?? 0,
              answer: answer.map(response), goingMembers: going)
    }

    /// `answer` as the API names it.
    static func response(_ answer: ClubEventAnswer.Answer) -> Components.Schemas.ClubEventResponse {
        switch answer {
        case .yes: .yes
        case .no: .no
        case .maybe: .maybe
        }
    }
}
