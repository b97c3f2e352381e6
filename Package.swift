// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "htl",
    products: [
        .executable(name: "htl", targets: ["htl"]),
        .library(name: "HTLKit", targets: ["HTLKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // libyaml (Debian: libyaml-dev, pkg-config: yaml-0.1), used through its event API.
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // Linux calls Swift's Glibc module does not expose (renameat2, fallocate).
        .target(name: "CSystem"),
        // The engine: model, parsing, validation, progress, formatting, git, rendering.
        // Never prints, exits or reads the clock.
        .target(
            name: "HTLKit",
            dependencies: ["CYaml", "CSystem"]
        ),
        // The thin command-line front end.
        .executableTarget(
            name: "htl",
            dependencies: [
                "HTLKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Deterministic synthetic ledgers for the benchmark and property tests.
        .target(
            name: "LedgerGenerator",
            dependencies: ["HTLKit"]
        ),
        // make bench: times the release binary on generated ledgers.
        .executableTarget(
            name: "htl-bench",
            dependencies: ["LedgerGenerator"]
        ),
        // make fuzz: libFuzzer targets for the log parser, the YAML reader and fmt.
        .target(
            name: "HTLFuzz",
            dependencies: ["HTLKit"]
        ),
        .executableTarget(
            name: "htl-fuzz",
            dependencies: ["HTLFuzz"]
        ),
        .target(
            name: "HTLTestSupport",
            dependencies: ["HTLKit", "LedgerGenerator"],
            path: "Tests/HTLTestSupport"
        ),
        .testTarget(
            name: "HTLKitTests",
            dependencies: ["HTLKit", "HTLTestSupport", "LedgerGenerator"]
        ),
        .testTarget(
            name: "HTLEndToEndTests",
            dependencies: ["HTLKit", "HTLTestSupport", "LedgerGenerator", "htl"]
        ),
    ]
)
