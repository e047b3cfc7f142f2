import Foundation

/// Club events as an iCalendar (RFC 5545) document: one VEVENT each, its UID the event's
/// id (so a calendar that reads the feed again updates it in place), lasting an hour and a
/// half (events have no end), at its meeting point (LOCATION, and GEO for maps), marked
/// CANCELLED once cancelled.
enum ClubEventCalendar {
    /// How long an event lasts in a calendar.
    static let duration = "PT1H30M"

    /// The document for `events`, each with its club's name (by club id) in its description.
    static func document(_ events: [ClubEvent], clubNames: [UUID: String], name: String, now: Date = Date()) -> String {
        var calendar = ICalendarText()
        calendar.line("BEGIN", "VCALENDAR")
        calendar.line("VERSION", "2.0")
        calendar.line("PRODID", "-//Paceline//Club events//EN")
        calendar.line("CALSCALE", "GREGORIAN")
        calendar.line("METHOD", "PUBLISH")
        calendar.text("X-WR-CALNAME", name)
        for event in events { add(event, club: clubNames[event.$club.id], to: &calendar, now: now) }
        calendar.line("END", "VCALENDAR")
        return calendar.text
    }

    private static func add(_ event: ClubEvent, club: String?, to calendar: inout ICalendarText, now: Date) {
        calendar.line("BEGIN", "VEVENT")
        calendar.line("UID", "\(event.id?.uuidString.lowercased() ?? UUID().uuidString.lowercased())@club-events.paceline")
        calendar.line("DTSTAMP", ICalendarText.utc(event.updatedAt ?? event.createdAt ?? now))
        calendar.line("DTSTART", ICalendarText.utc(event.startsAt))
        calendar.line("DURATION", duration)
        calendar.text("SUMMARY", event.title)
        calendar.text("LOCATION", event.placeName ?? String(format: "%.6f, %.6f", event.latitude, event.longitude))
        calendar.line("GEO", String(format: "%.6f;%.6f", event.latitude, event.longitude))
        calendar.text("DESCRIPTION", description(of: event, club: club))
        calendar.line("STATUS", event.cancelledAt == nil ? "CONFIRMED" : "CANCELLED")
        calendar.line("END", "VEVENT")
    }

    /// The club, what the event's description says, and its pace groups (`5:00/km`).
    private static func description(of event: ClubEvent, club: String?) -> String {
        var parts = [club, event.description.isEmpty ? nil : event.description].compactMap { $0 }
        if !event.paces.isEmpty {
            parts.append("Pace groups: " + event.paces.map { String(format: "%d:%02d/km", $0 / 60, $0 % 60) }.joined(separator: ", "))
        }
        return parts.joined(separator: "\n\n")
    }
}
