/// A number read back from a `runs` row. Rows stored before every number from outside was
/// checked (or written by hand) may hold infinity or NaN, which JSON can't carry and no
/// total should add: such a value reads as unknown (nil) or as nothing (0), never as a 500.
extension Double {
    /// The value when finite, else nil.
    var storedOrNil: Double? { isFinite ? self : nil }
    /// The value when finite, else 0.
    var storedOrZero: Double { isFinite ? self : 0 }
}

extension Optional<Double> {
    /// The value when present and finite, else nil.
    var storedOrNil: Double? { flatMap(\.storedOrNil) }
}
