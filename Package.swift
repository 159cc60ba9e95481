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
        // swift-snapshot-testing strategies (`.streamFrames`, `.streamManifest`, `.streamChecks`):
        // empty unless the depending package turns on the `SnapshotTesting` trait.
        .library(name: "StreamshotSnapshotTesting", targets: ["StreamshotSnapshotTesting"]),
        // The client-trace recorder a team puts in its own app (Foundation only).
        .library(name: "StreamshotTrace", targets: ["StreamshotTrace"]),
        .executable(name: "streamshot", targets: ["StreamshotCLI"]),
        .executable(name: "streamshot-bench", targets: ["StreamshotBenchmarks"]),
        .executable(name: "streamshot-fuzz", targets: ["StreamshotFuzz"])
    ],
    // The command-line tool's packages are behind traits, both on by default: `Tools` (argument
    // parsing) and `Server` (`serve` and `record`: Hummingbird, GRDB, postgres-nio, the HTTP
    // client). A team that depends on the libraries with `traits: []` resolves none of them (docs/golden-tests.md);
    // `scripts/setup.sh` builds the tool with `Tools` alone, which renders and checks in a few
    // minutes' build where the server stack takes a quarter of an hour.
    traits: [
        .default(enabledTraits: ["Tools", "Server"]),
        .trait(name: "Tools", description: "The streamshot command-line tool: render, check, review, matrix, merge."),
        .trait(
            name: "Server", description: "Adds `streamshot serve` (the HTTP service) and `streamshot record` (the live recorder).",
            enabledTraits: ["Tools"]),
        // Off by default: only a team that snapshots with pointfreeco's library resolves it.
        .trait(name: "SnapshotTesting", description: "StreamshotSnapshotTesting's strategies for pointfreeco's swift-snapshot-testing.")
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
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7")
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
        // GLib alone, for its regular expressions (PCRE2): GtkSourceView's definitions are written for them.
        .systemLibrary(name: "CGLib", pkgConfig: "glib-2.0", providers: [.apt(["libglib2.0-dev"])]),
        // Code highlighting: GtkSourceView's language definitions (bundled) run by an engine of our
        // own on GLib's regular expressions; what each piece of code is, line by line.
        .target(
            name: "StreamshotHighlight", dependencies: ["CGLib"], resources: [.copy("Languages")],
            swiftSettings: strict),
        // Styled text as layout is given it: spans, styles, colours, directions (no C, no Foundation).
        .target(name: "StreamshotStyle", swiftSettings: strict),
        // Math typesetting: TeX's subset parsed, laid out by TeX's rules on a math font's MATH
        // table given as metrics (no C: the graphics module reads the table with HarfBuzz).
        .target(name: "StreamshotMath", swiftSettings: strict),
        // Graphviz's layout library (libgvc), for diagrams.
        .systemLibrary(name: "CGraphviz", pkgConfig: "libgvc", providers: [.apt(["libgraphviz-dev"])]),
        // Mermaid flowcharts read (no C): what a diagram is, before Graphviz lays it out.
        .target(name: "StreamshotDiagram", swiftSettings: strict),
        // libjpeg-turbo (Debian's libjpeg62-turbo-dev) behind a few lines of C: a damaged picture's
        // fatal error jumps back to the caller with its message (setjmp), which Swift cannot do.
        .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        // The graphics C boundary: owned Pango, Cairo, libspng and libjpeg handles, the math font, Graphviz's layout.
        .target(
            name: "StreamshotGraphics", dependencies: ["CPangoCairo", "CGraphviz", "CJPEG", "StreamshotStyle", "StreamshotMath"],
            swiftSettings: strict),
        // The Markdown C boundary: cmark-gfm in, a Swift syntax tree out.
        .target(name: "StreamshotCMark", dependencies: ["CCmarkGFM"], swiftSettings: strict),
        // Render options as every front end reads them (descriptors, typed values, a spec by name)
        // and the error that names a wrong input or option (Foundation only).
        .target(name: "StreamshotOptions", swiftSettings: strict),
        // What a render says is where: the manifest's model, its reader and its writer (Foundation only).
        .target(name: "StreamshotManifest", dependencies: ["StreamshotOptions", "StreamshotStyle"], swiftSettings: strict),
        // The model: input, Markdown streaming, the client model and its decisions, made once per
        // frame as data. cmark-gfm, no Pango or Cairo: it builds and is tested without them.
        .target(
            name: "StreamshotModel",
            dependencies: ["StreamshotOptions", "StreamshotManifest", "StreamshotStyle", "StreamshotCMark", "StreamshotMath"],
            swiftSettings: strict),
        // Rendering: layout (measures and executes the model's decisions) -> paint -> encode ->
        // frames + manifest, and the render job that runs the pipeline.
        .target(
            name: "Streamshot",
            dependencies: [
                "StreamshotOptions", "StreamshotManifest", "StreamshotModel", "StreamshotGraphics", "StreamshotCMark", "StreamshotHighlight",
                "StreamshotDiagram"
            ],
            swiftSettings: strict),
        // libspng alone, as Debian ships it: the detectors decode frames with it (contrast).
        .systemLibrary(name: "CSPNG", pkgConfig: "spng", providers: [.apt(["libspng-dev"])]),
        // The detectors and the frame-cost report: they read manifests and frame pixels only.
        .target(
            name: "StreamshotAnalysis", dependencies: ["StreamshotOptions", "StreamshotStyle", "StreamshotManifest", "CSPNG"], swiftSettings: strict),
        // Child processes that inherit no descriptor but the standard three (ffmpeg beside a live
        // server's accepted sockets; Sources/StreamshotProcess explains why Foundation.Process is not enough).
        .target(name: "StreamshotProcess", swiftSettings: strict),
        // Contact sheets, plots, animations, comparisons and the HTML report, from render folders.
        .target(
            name: "StreamshotReview", dependencies: ["Streamshot", "StreamshotAnalysis", "StreamshotGraphics", "StreamshotProcess"],
            swiftSettings: strict),
        // Golden-image and structural snapshot assertions for XCTest and Swift Testing.
        .target(
            name: "StreamshotTesting", dependencies: ["Streamshot", "StreamshotAnalysis", "StreamshotReview", "StreamshotGraphics"],
            swiftSettings: strict),
        // The same renders as swift-snapshot-testing strategies (docs/golden-tests.md); compiled
        // only with the `SnapshotTesting` trait.
        .target(
            name: "StreamshotSnapshotTesting",
            dependencies: [
                "StreamshotTesting", "StreamshotReview", "StreamshotGraphics",
                .product(
                    name: "SnapshotTesting", package: "swift-snapshot-testing",
                    condition: .when(traits: ["SnapshotTesting"]))
            ],
            swiftSettings: strict),
        // The dependency-free trace recorder for a team's own Swift client (docs/clients-and-traces.md).
        .target(name: "StreamshotTrace", swiftSettings: strict),
        // `streamshot record`: live SSE capture with reconnects (the only networking code).
        .target(
            name: "StreamshotRecorder",
            dependencies: [
                "Streamshot",
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: server),
                .product(name: "NIOCore", package: "swift-nio", condition: server),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: server)
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
                .product(name: "Hummingbird", package: "hummingbird", condition: server),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket", condition: server),
                .product(name: "Prometheus", package: "swift-prometheus", condition: server),
                .product(name: "Crypto", package: "swift-crypto", condition: server),
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: server),
                .product(name: "GRDB", package: "GRDB.swift", condition: server),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: server),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: server)
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
                .target(name: "StreamshotRecorder", condition: server),
                .target(name: "StreamshotService", condition: server),
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: tools)
            ],
            swiftSettings: strict
        ),
        // Fuzz targets (input decoding, the manifest reader) and a seeded mutation fuzzer; the test
        // suite runs it briefly, `streamshot-fuzz` for longer, scripts/fuzz.sh under libFuzzer.
        .target(
            name: "StreamshotFuzzing", dependencies: ["Streamshot", "StreamshotAnalysis", "StreamshotReview", "StreamshotGraphics"],
            swiftSettings: strict),
        .executableTarget(name: "StreamshotFuzz", dependencies: ["StreamshotFuzzing"], swiftSettings: strict),
        // The judge measured: a clean matrix (false alarms) and planted faults (recall).
        .target(name: "StreamshotCalibration", dependencies: ["Streamshot", "StreamshotAnalysis"], swiftSettings: strict),
        // The benchmark suite (`bash Benchmarks/run.sh`): ratios measured side by side in one run.
        .executableTarget(
            name: "StreamshotBenchmarks", dependencies: ["Streamshot", "StreamshotAnalysis", "StreamshotGraphics", "StreamshotCalibration"],
            path: "Benchmarks/StreamshotBenchmarks"),
        // The live suites' executor: their tasks run on threads of their own (Tests/LiveTestSupport).
        .target(name: "LiveTestSupport", dependencies: ["StreamshotProcess"], path: "Tests/LiveTestSupport", swiftSettings: strict),
        .testTarget(name: "StreamshotGraphicsTests", dependencies: ["StreamshotGraphics"]),
        .testTarget(name: "StreamshotCMarkTests", dependencies: ["StreamshotCMark"]),
        .testTarget(name: "StreamshotModelTests", dependencies: ["StreamshotModel"]),
        .testTarget(name: "StreamshotManifestTests", dependencies: ["StreamshotManifest"]),
        .testTarget(name: "StreamshotOptionsTests", dependencies: ["StreamshotOptions"]),
        .testTarget(name: "StreamshotHighlightTests", dependencies: ["StreamshotHighlight"]),
        .testTarget(name: "StreamshotDiagramTests", dependencies: ["StreamshotDiagram"]),
        .testTarget(name: "StreamshotMathTests", dependencies: ["StreamshotMath", "StreamshotGraphics", "StreamshotModel"], exclude: ["Corpus"]),
        .testTarget(name: "StreamshotStyleTests", dependencies: ["StreamshotStyle"]),
        .testTarget(name: "StreamshotProcessTests", dependencies: ["StreamshotProcess"]),
        .testTarget(name: "StreamshotTraceTests", dependencies: ["StreamshotTrace", "Streamshot", "StreamshotAnalysis"]),
        .testTarget(
            name: "StreamshotTests", dependencies: ["Streamshot", "StreamshotModel", "StreamshotManifest", "StreamshotGraphics", "StreamshotCMark"],
            exclude: ["Fixtures"]),
        .testTarget(name: "StreamshotAnalysisTests", dependencies: ["StreamshotAnalysis", "Streamshot"]),
        .testTarget(name: "StreamshotReviewTests", dependencies: ["StreamshotReview", "StreamshotAnalysis", "Streamshot", "StreamshotGraphics"]),
        .testTarget(name: "StreamshotCLITests", dependencies: ["StreamshotCLI", "Streamshot", "StreamshotReview", "StreamshotTesting"]),
        .testTarget(name: "StreamshotFuzzingTests", dependencies: ["StreamshotFuzzing", "Streamshot", "StreamshotGraphics"]),
        .testTarget(name: "StreamshotCalibrationTests", dependencies: ["StreamshotCalibration", "StreamshotAnalysis", "Streamshot"]),
        .testTarget(
            name: "StreamshotTestingTests", dependencies: ["StreamshotTesting", "Streamshot", "StreamshotGraphics", "StreamshotReview"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "StreamshotServiceTests",
            dependencies: [
                "StreamshotService",
                "Streamshot",
                "StreamshotTrace",
                "LiveTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird", condition: server),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket", condition: server),
                .product(name: "Crypto", package: "swift-crypto", condition: server)
            ]
        ),
        .testTarget(
            name: "StreamshotRecorderTests",
            dependencies: [
                "StreamshotRecorder",
                "LiveTestSupport",
                .product(name: "NIOCore", package: "swift-nio", condition: server),
                .product(name: "NIOPosix", package: "swift-nio", condition: server),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: server)
            ]
        )
    ]
)

/// Imports are internal unless marked `public import`, so every dependency is declared and
/// nothing leaks into a public API by accident; existential types are spelled `any`.
/// Only with the `Tools` trait, so that a library-only consumer never resolves these packages.
var tools: TargetDependencyCondition? { .when(traits: ["Tools"]) }
/// Only with the `Server` trait: `serve` and `record`, and the packages they need.
var server: TargetDependencyCondition? { .when(traits: ["Server"]) }

var strict: [SwiftSetting] {
    [.enableUpcomingFeature("InternalImportsByDefault"), .enableUpcomingFeature("ExistentialAny")]
}
