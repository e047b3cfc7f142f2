/// The activity file formats Paceline reads and writes.
public enum ActivityFormat: String, Sendable, Hashable, Codable, CaseIterable {
    case gpx, tcx, fit

    /// The format a file name's extension names, if any ("run.GPX" → `.gpx`).
    public init?(pathExtension: String) {
        self.init(rawValue: pathExtension.lowercased())
    }

    /// Guesses the format from the first bytes of a file: FIT headers carry ".FIT"
    /// at offset 8; XML files are told apart by their root element.
    public init?(sniffing prefix: some Collection<UInt8>) {
        let bytes = Array(prefix.prefix(1024))
        if bytes.count >= 12, bytes[8...11].elementsEqual(Array(".FIT".utf8)) {
            self = .fit
            return
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if text.contains("<TrainingCenterDatabase") {
            self = .tcx
        } else if text.contains("<gpx") || text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" }).hasPrefix("<") {
            self = .gpx  // other XML is read as GPX, so its errors are reported as XML errors
        } else {
            return nil
        }
    }
}
