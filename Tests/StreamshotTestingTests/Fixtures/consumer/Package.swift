// swift-tools-version: 6.1
// A team's package, as docs/golden-tests.md tells it to depend on Streamshot. The test that builds it
// (ConsumerPackageTests) puts this checkout's path in place of STREAMSHOT_CHECKOUT.
import PackageDescription

let package = Package(
    name: "LeaseApp",
    dependencies: [
        // traits: [] leaves out the command-line tool's packages: nothing else is resolved.
        .package(path: "STREAMSHOT_CHECKOUT", traits: []),
    ],
    targets: [
        .testTarget(
            name: "LeaseTests",
            dependencies: [.product(name: "StreamshotTesting", package: "STREAMSHOT_IDENTITY")]
        ),
    ]
)
