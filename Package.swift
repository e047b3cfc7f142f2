// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Paceline",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "PacelineCore", targets: ["PacelineCore"]),
        .executable(name: "paceline", targets: ["paceline"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // Pure Swift, Foundation only: geodesy, tracks, file formats, statistics.
        // Nothing here may import server code, so an iPhone app can link it unchanged.
        .target(name: "PacelineCore"),
        .executableTarget(
            name: "paceline",
            dependencies: [
                "PacelineCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Fixture loaders and synthetic-track builders shared by every test target.
        .target(name: "PacelineTestSupport", dependencies: ["PacelineCore"]),
        .testTarget(name: "PacelineCoreTests", dependencies: ["PacelineCore", "PacelineTestSupport"]),
        .testTarget(name: "PacelineCLITests", dependencies: ["PacelineCore", "PacelineTestSupport", "paceline"]),
    ],
    swiftLanguageModes: [.v6]
)
