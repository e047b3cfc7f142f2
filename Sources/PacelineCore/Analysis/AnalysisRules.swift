/// Which rules measured a stored activity: raised whenever a rule changes what it measures
/// (a statistic, an effort, what a reader makes of a file), so that every run stored with an
/// older version is measured again with today's (`paceline reprocess`, and the server by
/// itself after an upgrade). docs/ALGORITHMS.md says what each rule is.
public enum AnalysisRules {
    /// The version of today's rules:
    /// 1. everything up to issue 34;
    /// 2. issue 35: a stop's distance takes its time (spread over the stop, moving at the
    ///    stopped speed, or the cap for drift), an odometer's bridge across a break takes its
    ///    time and its slack counts once per segment, the credited cap counts moving
    ///    seconds, splits are measured along the credited distance, and the maximum speed
    ///    is never above the sport's.
    /// 3. issue 36, real files that still went wrong: a device clock's jump re-based; a
    ///    record only where there were timed positions; the odometer bridged across a gap
    ///    at a speed plausible for it, not by the straight line; what the device counted
    ///    (records between positions, laps, sessions, and before the first position) the
    ///    distance; virtual rides marked (no route, segment or heat-map line); a phone's
    ///    satellite altitude no longer judged step by step as an altimeter's.
    /// 4. issue 37: a segment effort over a pause keeps how much of its time was paused.
    public static let version = 4
}
