// swift-tools-version: 6.1
// A team's package that snapshots with pointfreeco's swift-snapshot-testing, as
// docs/golden-tests.md tells it to. The test that builds it (SnapshotTestingConsumerTests) puts
// this checkout's path in place of STREAMSHOT_CHECKOUT.
import PackageDescription

let package = Package(
    name: "LeaseSnapshots",
    dependencies: [
        // The SnapshotTesting trait alone: the strategies, and no command-line tool's packages.
        .package(path: "STREAMSHOT_CHECKOUT", traits: ["SnapshotTesting"]),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7")
    ],
    targets: [
        .testTarget(
            name: "LeaseSnapshotTests",
            dependencies: [
                .product(name: "StreamshotSnapshotTesting", package: "STREAMSHOT_IDENTITY"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing")
            ]
        )
    ]
)
