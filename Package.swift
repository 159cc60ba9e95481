// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Streamshot",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Streamshot", targets: ["Streamshot"]),
        .executable(name: "streamshot", targets: ["StreamshotCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
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
        .executableTarget(
            name: "StreamshotCLI",
            dependencies: [
                "Streamshot",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "StreamshotGraphicsTests", dependencies: ["StreamshotGraphics"]),
        .testTarget(name: "StreamshotTests", dependencies: ["Streamshot"]),
        .testTarget(name: "StreamshotCLITests", dependencies: ["StreamshotCLI"]),
    ]
)
