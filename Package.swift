// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Paceline",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "PacelineCore", targets: ["PacelineCore"]),
        .library(name: "PacelineAPI", targets: ["PacelineAPI"]),
        .library(name: "PacelineLiveClient", targets: ["PacelineLiveClient"]),
        .executable(name: "paceline", targets: ["paceline"]),
        .executable(name: "paceline-bench", targets: ["paceline-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.0.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.24.0"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", from: "1.1.0"),
        .package(url: "https://github.com/vapor/vapor", from: "4.100.0"),
        .package(url: "https://github.com/vapor/fluent", from: "4.11.0"),
        .package(url: "https://github.com/vapor/fluent-kit", from: "1.52.2"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver", from: "4.7.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver", from: "2.9.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.1"),
        .package(url: "https://github.com/vapor/sql-kit", from: "3.28.0"),
        .package(url: "https://github.com/vapor/websocket-kit", from: "2.15.0"),
    ],
    targets: [
        // Pure Swift, Foundation only: geodesy, tracks, file formats, statistics, pacing.
        // Nothing here may import server code, so an iPhone app can link it unchanged.
        .target(name: "PacelineCore"),
        // The system's zlib (the Swift toolchain on Debian needs zlib1g-dev itself; Apple
        // platforms have it in the SDK).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // PNG encoding of the core's raster previews (link cards), compressed by zlib: apart
        // from the core, which stays Foundation-only.
        .target(name: "PacelinePNG", dependencies: ["PacelineCore", "CZlib"]),
        // Activity files as people keep them: gzipped too (a Strava export), by zlib.
        .target(name: "PacelineArchives", dependencies: ["PacelineCore", "CZlib"]),
        // OpenStreetMap extracts (.osm.pbf, zlib-compressed blocks) read into the core's
        // routing graph, for `paceline map import`.
        .target(name: "PacelineMaps", dependencies: ["PacelineCore", "CZlib"]),
        // libvips (Debian's libvips42) for the photos on activities, loaded at run time so
        // the package builds and serves without it; C, as libvips takes variadic options.
        .target(name: "CVips", linkerSettings: [.linkedLibrary("dl")]),
        // The REST contract: Sources/PacelineAPI/openapi.yaml is the source of truth; the
        // plugin generates its types, the server protocol and the client at build time.
        .target(
            name: "PacelineAPI",
            dependencies: [
                "PacelineCore",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            resources: [.copy("openapi.yaml")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        // The Vapor app: models, migrations, API handlers, auth, the live hub. What the
        // benchmarks need of it is `package` access, not public API.
        .target(
            name: "PacelineServer",
            dependencies: [
                "PacelineCore",
                "PacelineAPI",
                "PacelinePNG",
                "PacelineArchives",
                "PacelineMaps",
                "CVips",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentKit", package: "fluent-kit"),
                .product(name: "FluentSQL", package: "fluent-kit"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                // RSA signatures (`_RSA.Signing.PublicKey`): OpenID providers sign ID tokens with RS256.
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "WebSocketKit", package: "websocket-kit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        // A client of the live WebSocket protocol: the tests, the load generator and any
        // Swift client use it. Light on purpose: the wire types and a WebSocket, no server.
        .target(
            name: "PacelineLiveClient",
            dependencies: [
                "PacelineAPI",
                .product(name: "WebSocketKit", package: "websocket-kit"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // The command-line tool a runner uses: serve, analyze, convert, follow, compare,
        // upload, login, and the rest (`paceline --help`).
        .executableTarget(
            name: "paceline",
            dependencies: [
                "PacelineCore",
                "PacelinePNG",
                "PacelineArchives",
                "PacelineMaps",
                "PacelineServer",
                "PacelineAPI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Deterministic randomness for synthetic data (SplitMix64): tests and benchmarks draw
        // the same values from the same seed on every machine. No product uses it.
        .target(name: "PacelineSynthetic"),
        // What runs a real server for tests and benchmarks alike, kept out of the product:
        // `paceline serve` as a child process, HAProxy in front of two, throwaway databases
        // (with logged-in runners), the socket flood, a synthetic history of activities.
        .target(
            name: "PacelineHarness",
            dependencies: [
                "PacelineCore",
                "PacelineAPI",
                "PacelineServer",
                "PacelineLiveClient",
                "PacelineSynthetic",
                "PacelineArchives",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // What the benchmarks measure with, on the harness: generated routes and plaques,
        // the live load generator, the import and reprocess workloads.
        .target(
            name: "PacelineBenchmarks",
            dependencies: [
                "PacelineCore",
                "PacelineAPI",
                "PacelineServer",
                "PacelineHarness",
                "PacelineLiveClient",
                "PacelineSynthetic",
                "PacelineArchives",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // `paceline-bench`: the commands behind docs/PERFORMANCE.md's numbers. The live and
        // sockets benchmarks start the `paceline` built beside it as their server.
        .executableTarget(
            name: "paceline-bench",
            dependencies: [
                "PacelineCore",
                "PacelineAPI",
                "PacelineServer",
                "PacelineBenchmarks",
                "PacelineHarness",
                "PacelineSynthetic",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ]
        ),
        // Fixture loaders, synthetic-track builders, `withServer` and a runner of the built
        // executables, shared by every test target.
        .target(
            name: "PacelineTestSupport",
            dependencies: [
                "PacelineCore",
                "PacelineAPI",
                "PacelineLiveClient",
                "PacelineServer",
                "PacelineSynthetic",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "PacelineCoreTests", dependencies: ["PacelineCore", "PacelineSynthetic", "PacelineTestSupport"]),
        .testTarget(
            name: "PacelineArchivesTests",
            dependencies: ["PacelineCore", "PacelineArchives", "PacelineTestSupport", "PacelineHarness"]),
        .testTarget(name: "PacelineMapsTests", dependencies: ["PacelineCore", "PacelineMaps", "PacelineTestSupport"]),
        .testTarget(name: "PacelinePNGTests", dependencies: ["PacelineCore", "PacelinePNG", "PacelineSynthetic", "PacelineTestSupport"]),
        .testTarget(
            name: "PacelineCLITests",
            dependencies: [
                "PacelineCore", "PacelineServer", "PacelineTestSupport", "PacelineHarness", "PacelineArchives", "paceline",
                "PacelineAPI", "PacelineLiveClient",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "SQLKit", package: "sql-kit"),
            ]),
        .testTarget(
            name: "PacelineServerTests",
            dependencies: [
                "PacelineCore", "PacelineAPI", "PacelineServer", "PacelineTestSupport", "PacelineLiveClient", "PacelineSynthetic",
                "PacelineHarness", "PacelineArchives",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentKit", package: "fluent-kit"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Runs `paceline-bench` (which starts `paceline serve`) as a user would.
        .testTarget(name: "PacelineBenchmarksTests", dependencies: ["PacelineTestSupport", "paceline", "paceline-bench"]),
    ],
    swiftLanguageModes: [.v6]
)
