// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Streamshot",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Streamshot", targets: ["Streamshot"]),
        .library(name: "StreamshotTesting", targets: ["StreamshotTesting"]),
        .executable(name: "streamshot", targets: ["StreamshotCLI"]),
        .executable(name: "streamshot-bench", targets: ["StreamshotBenchmarks"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // pango, pangocairo, pangoft2, fontconfig, cairo and libspng, as Debian ships them.
        .systemLibrary(
            name: "CPangoCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev", "libspng-dev"])]
        ),
        // The only module that imports C.
        .target(name: "StreamshotGraphics", dependencies: ["CPangoCairo"]),
        // The pipeline: input -> pacing -> blocks -> direction -> layout -> paint -> frames.
        .target(name: "Streamshot", dependencies: ["StreamshotGraphics"]),
        // Golden-image and structural snapshot assertions for XCTest and Swift Testing.
        .target(name: "StreamshotTesting", dependencies: ["Streamshot", "StreamshotGraphics"]),
        // `streamshot record`: live SSE capture with reconnects (the only networking code).
        .target(
            name: "StreamshotRecorder",
            dependencies: [
                "Streamshot",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .executableTarget(
            name: "StreamshotCLI",
            dependencies: [
                "Streamshot",
                "StreamshotRecorder",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The benchmark suite (`bash Benchmarks/run.sh`): ratios measured side by side in one run.
        .executableTarget(name: "StreamshotBenchmarks", dependencies: ["Streamshot", "StreamshotGraphics"],
                          path: "Benchmarks/StreamshotBenchmarks"),
        .testTarget(name: "StreamshotGraphicsTests", dependencies: ["StreamshotGraphics"]),
        .testTarget(name: "StreamshotTests", dependencies: ["Streamshot"]),
        .testTarget(name: "StreamshotCLITests", dependencies: ["StreamshotCLI"]),
        .testTarget(name: "StreamshotTestingTests", dependencies: ["StreamshotTesting", "StreamshotGraphics"]),
        .testTarget(
            name: "StreamshotRecorderTests",
            dependencies: [
                "StreamshotRecorder",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
    ]
)
