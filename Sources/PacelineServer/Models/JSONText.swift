import FluentKit
import Foundation

extension Fields {
    /// A column that keeps a value as JSON text (`JSONTextProperty`).
    typealias JSONText<Value> = JSONTextProperty<Self, Value> where Value: Codable & Sendable
}

/// A model's column that keeps a value as JSON text, read and written as the value itself:
/// a run's splits, best efforts and sensors, a user's privacy zones, a workout's plan. Text,
/// not the database's JSON type, so SQLite and PostgreSQL keep the same bytes and a query
/// can read the column beside others (`StoredJSON.value(_:)`).
///
/// ```swift
/// @JSONText(key: "splits", absent: []) var splits: [Split]
/// @JSONText(key: "sensors") var sensors: SensorSummary?   // nil: NULL
/// ```
///
/// A NULL column, text that no longer decodes as `Value`, or a column a query did not
/// select (as `@OptionalField` reads nil) reads as `absent`; an optional `Value`'s nil is
/// stored as NULL.
@propertyWrapper
final class JSONTextProperty<Model, Value>: @unchecked Sendable where Model: Fields, Value: Codable & Sendable {
    @OptionalFieldProperty<Model, String>
    var text: String?
    /// What a NULL column or unreadable text reads as.
    let absent: Value

    var projectedValue: JSONTextProperty<Model, Value> { self }

    var wrappedValue: Value {
        get { value ?? absent }
        set { value = newValue }
    }

    init(key: FieldKey, absent: Value) {
        self._text = .init(key: key)
        self.absent = absent
    }
}

extension JSONTextProperty where Value: ExpressibleByNilLiteral {
    /// An optional value: nil is NULL.
    convenience init(key: FieldKey) { self.init(key: key, absent: nil) }
}

extension JSONTextProperty: AnyProperty {}

extension JSONTextProperty: Property {
    /// Nil until the column is set or fetched.
    var value: Value? {
        get { self.$text.value.map { text in text.flatMap(StoredJSON.value) ?? absent } }
        set { self.$text.value = newValue.map(StoredJSON.text) }
    }
}

extension JSONTextProperty: AnyQueryableProperty {
    var path: [FieldKey] { self.$text.path }
}

extension JSONTextProperty: QueryableProperty {
    static func queryValue(_ value: Value) -> DatabaseQuery.Value {
        StoredJSON.text(value).map { .bind($0) } ?? .null
    }
}

extension JSONTextProperty: AnyQueryAddressableProperty {
    var anyQueryableProperty: any AnyQueryableProperty { self }
    var queryablePath: [FieldKey] { self.path }
}

extension JSONTextProperty: QueryAddressableProperty {
    var queryableProperty: JSONTextProperty<Model, Value> { self }
}

extension JSONTextProperty: AnyDatabaseProperty {
    var keys: [FieldKey] { self.$text.keys }
    func input(to input: any DatabaseInput) { self.$text.input(to: input) }
    func output(from output: any DatabaseOutput) throws { try self.$text.output(from: output) }
}

extension JSONTextProperty: AnyCodableProperty {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(self.wrappedValue)
    }

    func decode(from decoder: any Decoder) throws {
        self.value = try decoder.singleValueContainer().decode(Value.self)
    }
}

/// How a JSON text column's value is written and read: keys sorted, so the same value is
/// the same bytes; a number that is not finite (which JSON can't hold) as the text "NaN"
/// or "±Infinity" rather than a failure. Values are checked where they come in; this only
/// keeps a write from failing.
enum StoredJSON {
    /// The value's text; nil for an optional `value` that is nil (the column is NULL).
    static func text<Value: Encodable>(_ value: Value) -> String? {
        if let optional = value as? any OptionalValue, optional.isNone { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        // Encoding types of our own, with every float written: it can't fail.
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A stored value that must be there: `value`, or an error naming `column` when it is
    /// nil (its text no longer reads).
    static func read<Value>(_ value: Value?, _ column: String) throws -> Value {
        guard let value else { throw Unreadable(column: column) }
        return value
    }

    /// A column whose text no longer reads as its type: the server's fault, answered 500 and logged.
    struct Unreadable: Error, CustomStringConvertible {
        var column: String
        var description: String { "the stored \(column) does not read" }
    }

    /// The value `text` holds; nil when it does not decode as `Value`.
    static func value<Value: Decodable>(_ text: String) -> Value? {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return try? decoder.decode(Value.self, from: Data(text.utf8))
    }
}

/// An optional, seen through `any`: whether it is nil.
private protocol OptionalValue {
    var isNone: Bool { get }
}

extension Optional: OptionalValue {
    var isNone: Bool { self == nil }
}
