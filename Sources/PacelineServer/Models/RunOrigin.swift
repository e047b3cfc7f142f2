import PacelineCore

/// Where a run came from: a device's file, the app's recording, or a live race or follow.
/// A run keeps it (`Run.format`), and so does its original (`Original.format`), in the
/// `format` column of each.
package enum RunOrigin: String, Codable, Sendable, CaseIterable {
    /// Activity files, as the upload's readers read them (`ActivityFile`).
    case gpx, tcx, fit
    /// The app's recording: the JSON body of `POST /runs` (`FixUpload`).
    case json
    /// A live race's or follow's fixes as the phone sent them and the server logged
    /// them: one `fixes` message of the live protocol holding them all.
    case live
}

extension RunOrigin {
    /// An activity file's format.
    package init(_ format: ActivityFormat) {
        switch format {
        case .gpx: self = .gpx
        case .tcx: self = .tcx
        case .fit: self = .fit
        }
    }

    /// The activity file format it is; nil for the app's JSON and live fixes.
    var activityFormat: ActivityFormat? {
        switch self {
        case .gpx: .gpx
        case .tcx: .tcx
        case .fit: .fit
        case .json, .live: nil
        }
    }
}
