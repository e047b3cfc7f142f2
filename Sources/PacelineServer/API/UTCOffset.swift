/// The UTC offset a client says it is at (`utcOffsetMinutes`: an upload's start, the
/// runner's clock for goals), checked once for every endpoint that takes one.
enum UTCOffset {
    /// UTC−12:00 to UTC+14:00, in minutes east.
    static let minutes = -720...840

    /// `minutes` as seconds east; nil when absent; 400 outside `UTCOffset.minutes`.
    static func seconds(_ minutes: Int?) throws -> Int? {
        guard let minutes else { return nil }
        guard Self.minutes.contains(minutes) else { throw Refusal.invalid("`utcOffsetMinutes` must be -720 to 840") }
        return minutes * 60
    }
}
