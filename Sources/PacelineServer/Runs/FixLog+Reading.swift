import Foundation
import PacelineAPI
import PacelineCore

extension FixLog.Received {
    /// A fix from an app's query parameters, as GPSLogger writes them (`%LAT`, `%LON`,
    /// `%TIME` or `%TIMESTAMP`, `%ALT`, `%ACC`), checked as every number from outside is.
    /// - Throws: 400 for a latitude, longitude or time missing, unreadable or impossible
    ///   (before 1990 or more than a day ahead: `FixLimits`); an altitude outside
    ///   -500…9,000 m or an accuracy outside 0…10,000 m is left out, and so is 0 for either,
    ///   which is what GPSLogger sends for one it doesn't know (a climb from 0 m to the
    ///   first real altitude would be made up).
    init(latitude: String, longitude: String, time: String?, timestamp: String?, altitude: String?, accuracy: String?) throws {
        guard let latitude = Self.number(latitude), FixLimits.latitude.contains(latitude) else {
            throw Refusal.invalid("`lat` must be a latitude, -90 to 90")
        }
        guard let longitude = Self.number(longitude), FixLimits.longitude.contains(longitude) else {
            throw Refusal.invalid("`lon` must be a longitude, -180 to 180")
        }
        let when: Date
        if let time, !time.isEmpty {
            guard let date = try? FlexibleDateTranscoder().decode(time) else {
                throw Refusal.invalid("`time` must be an ISO 8601 time, as GPSLogger's %TIME")
            }
            when = date
        } else if let seconds = timestamp.flatMap(Self.number) {
            when = Date(timeIntervalSince1970: seconds)
        } else {
            throw Refusal.invalid("send the fix's `time` (ISO 8601) or `timestamp` (seconds since 1970)")
        }
        guard when >= FixLimits.earliestTime, when <= FixLimits(now: Date()).latestTime else {
            throw Refusal.invalid("the fix's time can't be true: before 1990 or more than a day ahead")
        }
        self.init(time: when, latitude: latitude, longitude: longitude,
                  elevation: altitude.flatMap(Self.number).flatMap { $0 != 0 && FixLimits.elevation.contains($0) ? $0 : nil },
                  accuracy: accuracy.flatMap(Self.number).flatMap { $0 > 0 && FixLimits.horizontalAccuracy.contains($0) ? $0 : nil })
    }

    /// A finite number written as apps write it (a decimal comma taken as a point).
    private static func number(_ text: String) -> Double? {
        Double(text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")).flatMap { $0.isFinite ? $0 : nil }
    }
}

extension FixLog.Key {
    /// The log of GPSLogger's `%STARTTIMESTAMP` (seconds since 1970), else of `time`'s UTC day.
    /// - Throws: 400 for a `starttimestamp` that is not a whole number of seconds.
    init(starttimestamp: String?, time: Date) throws {
        if let starttimestamp, !starttimestamp.isEmpty {
            guard let seconds = Int(starttimestamp), seconds >= 0 else {
                throw Refusal.invalid("`starttimestamp` must be whole seconds since 1970, as GPSLogger's %STARTTIMESTAMP")
            }
            self = .start(seconds)
        } else {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let day = calendar.dateComponents([.year, .month, .day], from: time)
            self = .day(String(format: "%04d-%02d-%02d", day.year ?? 0, day.month ?? 0, day.day ?? 0))
        }
    }
}
