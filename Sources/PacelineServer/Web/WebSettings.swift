import Foundation

/// Where the browser client's files come from and what it is told at start.
public struct WebSettings: Sendable {
    /// The `Public/` folder of the repository: index.html, the ES modules, styles, the
    /// manifest and the service worker. Nil serves the API alone.
    public var publicDirectory: String?
    /// Debian's `/usr/share/javascript`, where libjs-leaflet and libjs-chart.js put their
    /// files; served under `/vendor/`. When they are missing the client loads pinned CDN
    /// copies with integrity hashes instead.
    public var vendorDirectory: String
    /// The map tiles' URL template (`{z}`, `{x}`, `{y}`, optionally `{s}`).
    public var tileURL: String
    /// The tiles' attribution, shown on the map.
    public var tileAttribution: String

    public init(publicDirectory: String? = WebSettings.defaultPublicDirectory,
                vendorDirectory: String = "/usr/share/javascript",
                tileURL: String = "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
                tileAttribution: String = "© OpenStreetMap contributors") {
        self.publicDirectory = publicDirectory
        self.vendorDirectory = vendorDirectory
        self.tileURL = tileURL
        self.tileAttribution = tileAttribution
    }

    /// `$PACELINE_PUBLIC`, else `Public` in the working directory, else the repository's
    /// `Public/` this binary was built from (so `swift run paceline serve` works anywhere).
    public static var defaultPublicDirectory: String? {
        if let path = ProcessInfo.processInfo.environment["PACELINE_PUBLIC"] { return path }
        let candidates = [
            FileManager.default.currentDirectoryPath + "/Public",
            URL(fileURLWithPath: #filePath).deletingLastPathComponent()  // Web
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()  // repository
                .appendingPathComponent("Public").path,
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/index.html") }
    }
}
