import Foundation

/// Where the browser client's files come from and what it is told at start.
public struct WebSettings: Sendable {
    /// The `Public/` folder of the repository: index.html, the ES modules, styles, the
    /// vendor libraries (Leaflet, Chart.js), the manifest and the service worker. Nil
    /// serves the API alone.
    public var publicDirectory: String?
    /// The map tiles' URL template (`{z}`, `{x}`, `{y}`, optionally `{s}`); its host is the
    /// one image source beyond this server that the Content-Security-Policy allows.
    public var tileURL: String
    /// The tiles' attribution, shown on the map.
    public var tileAttribution: String

    public init(publicDirectory: String? = WebSettings.defaultPublicDirectory,
                tileURL: String = "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
                tileAttribution: String = "© OpenStreetMap contributors") {
        self.publicDirectory = publicDirectory
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
