// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Streamshot",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Streamshot", targets: ["Streamshot"]),
        .library(name: "StreamshotAnalysis", targets: ["StreamshotAnalysis"]),
        .library(name: "StreamshotReview", targets: ["StreamshotReview"]),
        .library(name: "StreamshotTesting", targets: ["StreamshotTesting"]),
        // The client-trace recorder a team puts in its own app (Foundation only).
        .library(name: "StreamshotTrace", targets: ["StreamshotTrace"]),
        .executable(name: "streamshot", targets: ["StreamshotCLI"]),
        .executable(name: "streamshot-bench", targets: ["StreamshotBenchmarks"]),
        .executable(name: "streamshot-fuzz", targets: ["StreamshotFuzz"]),
    ],
    // The command-line tool's packages (argument parsing, the recorder's HTTP client) are behind
    // the default trait `Tools`: a team that depends on the libraries with `traits: []` resolves
    // none of them (docs/golden-tests.md).
    traits: [
        .default(enabledTraits: ["Tools"]),
        .trait(name: "Tools", description: "The streamshot command-line tool and the live recorder."),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // pango, pangocairo, pangoft2, fontconfig, cairo and libspng, as Debian ships them.
        .systemLibrary(
            name: "CPangoCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev", "libspng-dev"])]
        ),
        // GitHub's Markdown parser with its extensions, as Debian ships it.
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // The graphics C boundary: owned Pango, Cairo and libspng handles.
        .target(name: "StreamshotGraphics", dependencies: ["CPangoCairo"], swiftSettings: strict),
        // The Markdown C boundary: cmark-gfm in, a Swift syntax tree out.
        .target(name: "StreamshotCMark", dependencies: ["CCmarkGFM"], swiftSettings: strict),
        // What a render says is where: the manifest's model, its reader and its writer (Foundation only).
        .target(name: "StreamshotManifest", swiftSettings: strict),
        // The pipeline: input -> client model -> layout -> paint -> encode -> frames + manifest.
        .target(name: "Streamshot", dependencies: ["StreamshotManifest", "StreamshotGraphics", "StreamshotCMark"], swiftSettings: strict),
        // libspng alone, as Debian ships it: the detectors decode frames with it (contrast).
        .systemLibrary(name: "CSPNG", pkgConfig: "spng", providers: [.apt(["libspng-dev"])]),
        // The detectors and the frame-cost report: they read manifests and frame pixels only.
        .target(name: "StreamshotAnalysis", dependencies: ["StreamshotManifest", "CSPNG"], swiftSettings: strict),
        // Contact sheets, plots, animations, comparisons and the HTML report, from render folders.
        .target(name: "StreamshotReview", dependencies: ["Streamshot", "StreamshotAnalysis", "StreamshotGraphics"],
                swiftSettings: strict),
        // Golden-image and structural snapshot assertions for XCTest and Swift Testing.
        .target(name: "StreamshotTesting", dependencies: ["Streamshot", "StreamshotAnalysis", "StreamshotReview", "StreamshotGraphics"],
                swiftSettings: strict),
        // The dependency-free trace recorder for a team's own Swift client (docs/clients-and-traces.md).
        .target(name: "StreamshotTrace", swiftSettings: strict),
        // `streamshot record`: live SSE capture with reconnects (the only networking code).
        .target(
            name: "StreamshotRecorder",
            dependencies: [
                "Streamshot",
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: tools),
                .product(name: "NIOCore", package: "swift-nio", condition: tools),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: tools),
            ],
            swiftSettings: strict
        ),
        // `streamshot serve`: render jobs over HTTP (Hummingbird), their state in SQLite (GRDB) or PostgreSQL (postgres-nio).
        .target(
            name: "StreamshotService",
            dependencies: [
                "Streamshot",
                "StreamshotAnalysis",
                "StreamshotReview",
                "StreamshotGraphics",
                .product(name: "Hummingbird", package: "hummingbird", condition: tools),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket", condition: tools),
                .product(name: "Prometheus", package: "swift-prometheus", condition: tools),
                .product(name: "Crypto", package: "swift-crypto", condition: tools),
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: tools),
                .product(name: "GRDB", package: "GRDB.swift", condition: tools),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: tools),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: tools),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "StreamshotCLI",
            dependencies: [
                "Streamshot",
                "StreamshotAnalysis",
                "StreamshotReview",
                "StreamshotGraphics",
                "StreamshotRecorder",
                "StreamshotService",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: tools),
            ],
            swiftSettings: strict
        ),
        // Fuzz targets (input decoding, the manifest reader) and a seeded mutation fuzzer; the test
        // suite runs it briefly, `streamshot-fuzz` for longer, scripts/fuzz.sh under libFuzzer.
        .target(name: "StreamshotFuzzing", dependencies: ["Streamshot", "StreamshotAnalysis", "StreamshotReview"],
                swiftSettings: strict),
        .executableTarget(name: "StreamshotFuzz", dependencies: ["StreamshotFuzzing"], swiftSettings: strict),
        // The benchmark suite (`bash Benchmarks/run.sh`): ratios measured side by side in one run.
        .executableTarget(name: "StreamshotBenchmarks", dependencies: ["Streamshot", "StreamshotAnalysis", "StreamshotGraphics"],
                          path: "Benchmarks/StreamshotBenchmarks"),
        .testTarget(name: "StreamshotGraphicsTests", dependencies: ["StreamshotGraphics"]),
        .testTarget(name: "StreamshotCMarkTests", dependencies: ["StreamshotCMark"]),
        .testTarget(name: "StreamshotTraceTests", dependencies: ["StreamshotTrace", "Streamshot", "StreamshotAnalysis"]),
        .testTarget(name: "StreamshotTests", dependencies: ["Streamshot", "StreamshotManifest", "StreamshotGraphics", "StreamshotCMark"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "StreamshotAnalysisTests", dependencies: ["StreamshotAnalysis", "Streamshot"]),
        .testTarget(name: "StreamshotReviewTests", dependencies: ["StreamshotReview", "StreamshotAnalysis", "Streamshot", "StreamshotGraphics"]),
        .testTarget(name: "StreamshotCLITests", dependencies: ["StreamshotCLI", "Streamshot"]),
        .testTarget(name: "StreamshotFuzzingTests", dependencies: ["StreamshotFuzzing", "Streamshot"]),
        .testTarget(name: "StreamshotTestingTests", dependencies: ["StreamshotTesting", "Streamshot", "StreamshotGraphics"],
                    exclude: ["Fixtures"]),
        .testTarget(
            name: "StreamshotServiceTests",
            dependencies: [
                "StreamshotService",
                "Streamshot",
                "StreamshotTrace",
                .product(name: "HummingbirdTesting", package: "hummingbird", condition: tools),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket", condition: tools),
                .product(name: "Crypto", package: "swift-crypto", condition: tools),
            ]
        ),
        .testTarget(
            name: "StreamshotRecorderTests",
            dependencies: [
                "StreamshotRecorder",
                .product(name: "NIOCore", package: "swift-nio", condition: tools),
                .product(name: "NIOPosix", package: "swift-nio", condition: tools),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: tools),
            ]
        ),
    ]
)

/// Imports are internal unless marked `public import`, so every dependency is declared and
/// nothing leaks into a public API by accident; existential types are spelled `any`.
/// Only with the `Tools` trait, so that a library-only consumer never resolves these packages.
var tools: TargetDependencyCondition? { .when(traits: ["Tools"]) }

var strict: [SwiftSetting] {
    [.enableUpcomingFeature("InternalImportsByDefault"), .enableUpcomingFeature("ExistentialAny")]
}
