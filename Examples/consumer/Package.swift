// swift-tools-version: 6.1
// A team's package with golden tests of a streamed answer: copy this folder next to your clone of
// Streamshot (a folder named `streamshot`), then `swift test` (README.md has the whole loop).
import PackageDescription

let package = Package(
    name: "LeaseApp",
    dependencies: [
        // traits: [] leaves out the command-line tool's packages: nothing else is resolved.
        // From Git instead: .package(url: "<your Streamshot remote>", branch: "main", traits: [])
        .package(path: "../streamshot", traits: []),
    ],
    targets: [
        .testTarget(
            name: "LeaseTests",
            dependencies: [.product(name: "StreamshotTesting", package: "streamshot")]
        ),
    ]
)
