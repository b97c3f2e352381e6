// swift-tools-version:6.1
import PackageDescription

// htl's library is a stack of layers; each may use only the layers below it
// (docs/ARCHITECTURE.md draws them; ArchitectureTests enforces the direction):
//
//   HTLCore      values, positions, findings, text and byte helpers
//   HTLModel     the ledger's domain types
//   HTLSystem    files, the root boundary, safe writes, locks, git processes
//   HTLParse     bytes → YAML nodes and log lines → the model, with findings
//   HTLFormat    the canonical form (fmt), unified diffs
//   HTLProgress  the progress engine: a pure function of the model and a day
//   HTLCheck     the rules: one descriptor per rule, the checker
//   HTLLoad      the one pipeline every command calls: read → parse → check → compute
//   HTLJSON      JSON values: read from bytes, written as bytes (compact or streamed)
//   HTLRender    terminal text, the model as JSON, the HTML report
//   HTLEdit      writers: log lines, new files, fmt plans, the git hook
//   HTLExchange  other tools' formats: `htl import` (the Ten Week Goal app, CSV with rules), CSV export
//   HTLLanguageServer  `htl lsp`: JSON-RPC framing, LSP types, the server over the loader
//   HTLMCP       `htl mcp`: tools and prompts over the loader, through the MCP Swift SDK
//   HTLServe     `htl serve`: the web app (pages, forms, JSON API) over the loader, on Hummingbird
//   HTLKit       re-exports the layers for the command line and tests
let package = Package(
    name: "htl",
    products: [
        .executable(name: "htl", targets: ["htl"]),
        .executable(name: "htl-mcp", targets: ["htl-mcp"]),
        .executable(name: "htl-serve", targets: ["htl-serve"]),
        .library(name: "HTLKit", targets: ["HTLKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
        // Already built for the MCP SDK; named here because a transport states its logger's type.
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        // `htl serve`: HTTP/1.1 on SwiftNIO; no optional traits (configuration, full Foundation).
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: []),
        // Hummingbird's header types, named by the one file that builds responses.
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        // libyaml (Debian: libyaml-dev, pkg-config: yaml-0.1), used through its event API.
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // Linux calls Swift's Glibc module does not expose (renameat2, fallocate, leases).
        .target(name: "CHTLSystem"),
        // The log parser's byte questions sixteen bytes at a step (SSE2): a line's byte classes, a piece's line breaks.
        .target(name: "CHTLBytes"),
        .target(name: "HTLCore", dependencies: ["CHTLBytes"]),
        .target(name: "HTLModel", dependencies: ["HTLCore"]),
        .target(name: "HTLSystem", dependencies: ["HTLCore", "HTLModel", "CHTLSystem"]),
        .target(name: "HTLParse", dependencies: ["HTLCore", "HTLModel", "CYaml"]),
        .target(name: "HTLFormat", dependencies: ["HTLCore", "HTLModel", "HTLParse"]),
        .target(name: "HTLProgress", dependencies: ["HTLCore", "HTLModel"]),
        .target(name: "HTLCheck", dependencies: ["HTLCore", "HTLModel", "HTLParse", "HTLFormat"]),
        .target(
            name: "HTLLoad",
            dependencies: ["HTLCore", "HTLModel", "HTLSystem", "HTLParse", "HTLFormat", "HTLProgress", "HTLCheck"]),
        .target(name: "HTLJSON", dependencies: ["HTLCore"]),
        .target(name: "HTLRender", dependencies: ["HTLCore", "HTLModel", "HTLProgress", "HTLCheck", "HTLJSON"]),
        .target(
            name: "HTLEdit",
            dependencies: [
                "HTLCore", "HTLModel", "HTLSystem", "HTLParse", "HTLFormat", "HTLProgress", "HTLCheck", "HTLLoad",
            ]),
        .target(
            name: "HTLExchange",
            dependencies: [
                "HTLCore", "HTLModel", "HTLSystem", "HTLParse", "HTLFormat", "HTLProgress", "HTLCheck", "HTLLoad",
                "HTLJSON", "HTLRender", "HTLEdit",
            ]),
        .target(
            name: "HTLLanguageServer",
            dependencies: [
                "HTLCore", "HTLModel", "HTLSystem", "HTLParse", "HTLFormat", "HTLProgress", "HTLCheck", "HTLLoad",
                "HTLJSON", "HTLRender",
            ]),
        // `htl mcp`: the Model Context Protocol server, over the official Swift SDK.
        .target(
            name: "HTLMCP",
            dependencies: [
                "HTLCore", "HTLModel", "HTLSystem", "HTLProgress", "HTLCheck", "HTLLoad", "HTLJSON", "HTLRender",
                "HTLEdit",
                .product(name: "MCP", package: "swift-sdk"), .product(name: "Logging", package: "swift-log"),
            ]),
        // `htl serve`: routes, pages and writes over the loader; Hummingbird only in its adapter file.
        .target(
            name: "HTLServe",
            dependencies: [
                "HTLCore", "HTLModel", "HTLSystem", "HTLProgress", "HTLCheck", "HTLLoad", "HTLJSON", "HTLRender",
                "HTLEdit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .target(
            name: "HTLKit",
            dependencies: [
                "HTLCore", "HTLModel", "HTLSystem", "HTLParse", "HTLFormat", "HTLProgress", "HTLCheck", "HTLLoad",
                "HTLJSON", "HTLRender", "HTLEdit",
                "HTLExchange", "HTLLanguageServer",
            ]),
        // The command line's grammar: specs, parsing, help, completion scripts and the manual page.
        .target(name: "HTLCommandLine", dependencies: ["HTLCore"]),
        // The clock of the executables (the library never reads it).
        .target(name: "HTLClock", dependencies: ["HTLCore", "HTLModel"]),
        // The thin command-line front end: parses arguments, reads the clock, prints, exits.
        .executableTarget(
            name: "htl",
            dependencies: ["HTLKit", "HTLClock", "HTLCommandLine"],
            // The release binary is linked fully statically: no dynamic loader, no symbol
            // binding at start-up (htl --version 3.4 → 1.2 ms). htl uses nothing of glibc that
            // needs dlopen at run time (no user or host look-ups, no locales, no iconv).
            linkerSettings: [.unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release))]
        ),
        // `htl mcp` runs this binary: the SDK needs Foundation, which htl itself never loads.
        .executableTarget(name: "htl-mcp", dependencies: ["HTLMCP", "HTLClock", "HTLCore", "HTLModel", "HTLSystem"]),
        // `htl serve` runs this binary, for the same reason (SwiftNIO and Foundation stay out of htl).
        .executableTarget(
            name: "htl-serve", dependencies: ["HTLServe", "HTLClock", "HTLCore", "HTLModel", "HTLSystem"]),
        // Deterministic synthetic ledgers for the benchmark and property tests.
        .target(name: "LedgerGenerator", dependencies: ["HTLCore"]),
        // make bench: times the release binary on generated ledgers.
        .executableTarget(name: "htl-bench", dependencies: ["LedgerGenerator"]),
        // make fuzz: libFuzzer targets for the log parser, the YAML reader and fmt.
        .target(name: "HTLFuzz", dependencies: ["HTLKit"]),
        .executableTarget(name: "htl-fuzz", dependencies: ["HTLFuzz"]),
        .target(
            name: "HTLTestSupport",
            dependencies: ["HTLKit", "LedgerGenerator"],
            path: "Tests/HTLTestSupport"
        ),
        .testTarget(
            name: "HTLKitTests",
            dependencies: [
                "HTLKit", "HTLTestSupport", "LedgerGenerator", "HTLCommandLine", "HTLMCP", "HTLServe",
                .product(name: "MCP", package: "swift-sdk"),
            ]
        ),
        .testTarget(
            name: "HTLEndToEndTests",
            dependencies: [
                "HTLKit", "HTLTestSupport", "LedgerGenerator", "htl", "HTLCommandLine", "htl-mcp", "HTLMCP",
                .product(name: "MCP", package: "swift-sdk"),
            ]
        ),
    ]
)
