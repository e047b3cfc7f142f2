/// What is wrong with a workout plan, in one line a person can act on.
public struct WorkoutPlanError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }

    /// A decoding failure as one line: "steps[2].target: unknown target \"sprint\" …".
    init(describing error: DecodingError) {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop { $0 == "." }.description
        }
        switch error {
        case .keyNotFound(let key, let context):
            let at = path(context.codingPath)
            self.init("\(at.isEmpty ? "" : at + ": ")missing \"\(key.stringValue)\"")
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            self.init("\(path(context.codingPath)): wrong type (\(context.debugDescription))")
        case .dataCorrupted(let context):
            let at = path(context.codingPath)
            self.init(at.isEmpty ? "not valid JSON" : "\(at): \(context.debugDescription)")
        @unknown default:
            self.init("not a workout plan")
        }
    }
}
