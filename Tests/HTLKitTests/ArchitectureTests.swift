import Foundation
import HTLTestSupport
import Testing

/// The architecture, checked against the sources (docs/ARCHITECTURE.md):
/// layers that only use the layers below them, short functions, and a
/// library that never prints, exits or reads the clock.
@Suite struct ArchitectureTests {
    /// The library's layers, bottom first. A layer may import only layers
    /// before it (and the C modules its target declares).
    static let layers = [
        "HTLCore", "HTLModel", "HTLSystem", "HTLParse", "HTLFormat", "HTLProgress",
        "HTLCheck", "HTLLoad", "HTLJSON", "HTLRender", "HTLEdit", "HTLExchange", "HTLLanguageServer", "HTLMCP",
        "HTLServe",
    ]
    /// Layers that stand side by side and must not use each other.
    static let siblings: [Set<String>] = [
        ["HTLSystem", "HTLParse"], ["HTLSystem", "HTLFormat"], ["HTLSystem", "HTLProgress"],
        ["HTLFormat", "HTLProgress"], ["HTLRender", "HTLEdit"],
        ["HTLExchange", "HTLLanguageServer"], ["HTLExchange", "HTLMCP"], ["HTLExchange", "HTLServe"],
        ["HTLLanguageServer", "HTLServe"], ["HTLMCP", "HTLServe"],
    ]
    /// Modules from outside the library a layer may declare and import: the
    /// system's, and the MCP Swift SDK (`MCP`, from the package `swift-sdk`) for HTLMCP.
    /// and the logger type its transports state (`Logging`, from `swift-log`);
    /// Hummingbird and its header types (`HTTPTypes`) for HTLServe's one adapter file.
    static let systemModules: Set<String> = [
        "Glibc", "Synchronization", "Dispatch", "CYaml", "CHTLSystem", "CHTLBytes", "MCP", "swift-sdk",
        "Logging", "swift-log", "Hummingbird", "hummingbird", "HTTPTypes", "swift-http-types",
    ]
    /// Single types a layer may import from a module it may not use whole:
    /// the bytes type the MCP SDK's `Transport` protocol speaks (htl itself
    /// never links HTLMCP, so it never loads Foundation).
    static let singleTypes: [String: Set<String>] = ["HTLMCP": ["Foundation.Data"]]

    static func swiftFiles(in target: String) -> [URL] {
        let folder = Paths.root.appendingPathComponent("Sources/\(target)")
        let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (walk?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    static func imports(_ file: URL) -> [String] {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard let i = words.firstIndex(of: "import"), i + 1 < words.count,
                words[..<i].allSatisfy({ $0.hasPrefix("@") })
            else { return nil }
            // `import struct Module.Type` imports one type: named as Module.Type.
            let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
            return kinds.contains(words[i + 1]) && i + 2 < words.count ? String(words[i + 2]) : String(words[i + 1])
        }
    }

    /// Target → its declared dependencies, read from Package.swift.
    static func declaredDependencies() throws -> [String: Set<String>] {
        // One line, one space between words: a target's declaration reads the same however it is wrapped.
        let manifest = try String(contentsOf: Paths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ").replacingOccurrences(of: "( ", with: "(")
        var result: [String: Set<String>] = [:]
        for chunk in manifest.components(separatedBy: ".target(name: \"").dropFirst() {
            let name = String(chunk.prefix { $0 != "\"" })
            let list = chunk.components(separatedBy: ")")[0]
            let deps =
                list.components(separatedBy: "dependencies: [").dropFirst().first?.components(separatedBy: "]")[0] ?? ""
            result[name] = Set(
                deps.components(separatedBy: "\"").enumerated().filter { $0.offset % 2 == 1 }.map(\.element))
        }
        return result
    }

    @Test func eachLayerDependsOnlyOnLayersBelowIt() throws {
        let declared = try Self.declaredDependencies()
        for (position, layer) in Self.layers.enumerated() {
            let below = Set(Self.layers[..<position])
            let deps = try #require(declared[layer], "\(layer) is not in Package.swift")
            #expect(
                deps.subtracting(Self.systemModules).isSubset(of: below),
                "\(layer) declares \(deps.subtracting(below).sorted())")
            for file in Self.swiftFiles(in: layer) {
                for module in Self.imports(file)
                where !Self.systemModules.contains(module) && !(Self.singleTypes[layer]?.contains(module) ?? false) {
                    #expect(
                        below.contains(module) && deps.contains(module),
                        "\(file.lastPathComponent) in \(layer) imports \(module), which \(layer) may not use")
                }
                for module in Self.imports(file) where Self.systemModules.contains(module) && module.hasPrefix("C") {
                    #expect(
                        deps.contains(module),
                        "\(file.lastPathComponent) imports \(module), which \(layer) does not declare")
                }
            }
        }
    }

    /// A layer declares only what it uses: each dependency in Package.swift
    /// is imported by at least one of the layer's files.
    @Test func eachLayerUsesEveryLayerItDeclares() throws {
        let declared = try Self.declaredDependencies()
        for layer in Self.layers {
            let imported = Set(Self.swiftFiles(in: layer).flatMap(Self.imports))
            // Package names, not modules.
            let unused = (declared[layer] ?? []).subtracting(imported)
                .subtracting(["swift-sdk", "swift-log", "hummingbird", "swift-http-types"])
            #expect(unused.isEmpty, "\(layer) declares \(unused.sorted()) but no file of it imports them")
        }
    }

    /// HTLRender's folders, bottom first: each may use the types of the
    /// folders listed for it (wording and styles at the bottom; the views above).
    static let renderFolders: [String: Set<String>] = [
        "Words": [], "Text": ["Words"], "JSON": ["Words", "Text"], "HTML": ["Words", "Text"],
        "Calendar": ["Words"], "Diagnostics": ["Words"],
    ]

    /// HTLRender's folders read as layers: a file names only types declared
    /// in its own folder or in a folder below it, and no file lies outside them.
    @Test func renderFoldersAreLayers() throws {
        let root = Paths.root.appendingPathComponent("Sources/HTLRender").path
        var declaredIn: [String: String] = [:]
        var texts: [(folder: String, name: String, text: String)] = []
        for file in Self.swiftFiles(in: "HTLRender") {
            let relative = file.path.dropFirst(root.count + 1)
            let folder = relative.contains("/") ? String(relative.prefix { $0 != "/" }) : ""
            #expect(Self.renderFolders[folder] != nil, "\(relative) is in no folder of HTLRender's layers")
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ").filter {
                    !["public", "package", "final", "private", "fileprivate"].contains($0)
                }
                if words.count > 1, ["struct", "enum", "class", "protocol"].contains(words[0]) {
                    declaredIn[String(words[1].prefix { $0.isLetter || $0.isNumber })] = folder
                }
            }
            texts.append((folder, String(relative), text))
        }
        for (folder, name, text) in texts {
            let allowed = (Self.renderFolders[folder] ?? []).union([folder])
            for (type, home) in declaredIn.sorted(by: { $0.key < $1.key }) where !allowed.contains(home) {
                #expect(!Self.names(type, in: text), "\(name) uses \(type) from \(home)/, above \(folder)/")
            }
        }
    }

    /// Whether `text` names `type` as a word of its own.
    static func names(_ type: String, in text: String) -> Bool {
        var rest = Substring(text)
        while let found = rest.range(of: type) {
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
            let isWord: (Character?) -> Bool = { c in c.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
            if !isWord(before) && !isWord(after) { return true }
            rest = text[found.upperBound...]
        }
        return false
    }

    @Test func siblingLayersDoNotUseEachOther() {
        for pair in Self.siblings {
            for layer in pair {
                let other = pair.subtracting([layer]).first!
                for file in Self.swiftFiles(in: layer) {
                    #expect(
                        !Self.imports(file).contains(other),
                        "\(file.lastPathComponent) in \(layer) imports its sibling \(other)")
                }
            }
        }
    }

    /// The command line's grammar (used only by the executable) stands on the core alone.
    @Test func theCommandLineGrammarUsesOnlyTheCore() throws {
        let declared = try Self.declaredDependencies()
        #expect(declared["HTLCommandLine"] == ["HTLCore"])
        for file in Self.swiftFiles(in: "HTLCommandLine") {
            #expect(
                Self.imports(file).allSatisfy { $0 == "HTLCore" },
                "\(file.lastPathComponent) imports \(Self.imports(file))")
        }
    }

    @Test func theLibraryNeverPrintsExitsOrReadsTheClock() throws {
        let forbidden = [
            "print(", "exit(", "abort(", "import Foundation", "Date()", "time(nil)", "clock_gettime", "gettimeofday",
            "localtime",
        ]
        for layer in Self.layers + ["HTLCommandLine"] {
            for file in Self.swiftFiles(in: layer) {
                let text = try String(contentsOf: file, encoding: .utf8)
                for word in forbidden {
                    #expect(!text.contains(word), "\(layer)/\(file.lastPathComponent) uses \(word)")
                }
            }
        }
    }

    /// No function longer than 80 lines, except data tables (marked
    /// `/// A data table` in their documentation).
    /// The files where htl reads or writes memory through Swift's unsafe
    /// APIs, or opts out of its checks; each states the invariant it keeps
    /// (docs/ARCHITECTURE.md, "The unsafe corner"). A new one fails here
    /// until it is named, with its reason.
    static let unsafeCorner: [String: String] = [
        "Sources/HTLCore/RawBytes.swift": "bytes read through pointers, each after a range check against its span",
        "Sources/HTLCore/Parallel.swift": "threads writing their own parts of one array",
        "Sources/HTLCore/ByteBuffer.swift": "a growable byte buffer written through its pointer, after making room",
        "Sources/HTLSystem/SystemCalls.swift": "the kernel and C handed pointers into arrays",
        "Sources/HTLParse/YAMLParser.swift": "libyaml's C API",
        "Sources/HTLFuzz/FuzzTargets.swift": "libFuzzer's entry point hands over a pointer (a tool, not htl)",
        "Sources/htl-bench/ChildProcess.swift": "the bench spawns the processes it times (a tool, not htl)",
        "Sources/htl-bench/LanguageServerSession.swift": "the bench drives a language server (a tool, not htl)",
        "Sources/htl-bench/ServeSession.swift": "the bench drives the web server over sockets (a tool, not htl)",
    ]

    @Test func unsafeCodeLivesInTheNamedFilesOnly() throws {
        let constructs = [
            "Unsafe", "unsafe", "@unchecked", "exclusivity(unchecked)", "unsafeBitCast", "nonisolated(unsafe)",
            "Unmanaged",
        ]
        var found: [String] = []
        let sources = Paths.root.appendingPathComponent("Sources")
        let walk = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = walk?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            // Code only: comments and the text of string literals (a CSP's 'unsafe-inline') are not constructs.
            let code = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                .map { line in
                    line.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
                        .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: "\"\"")
                }
            if code.contains(where: { line in constructs.contains { line.contains($0) } }) {
                found.append("Sources/" + file.path.dropFirst(sources.path.count + 1))
            }
        }
        #expect(found.sorted() == Self.unsafeCorner.keys.sorted())
    }

    @Test func functionsAreShortEnoughToReadAtOnce() throws {
        for target in Self.layers + ["htl", "HTLCommandLine"] {
            for file in Self.swiftFiles(in: target) {
                let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
                for (start, length) in Self.functions(lines) where length > 80 {
                    let doc = lines[max(0, start - 6)..<start].joined(separator: "\n")
                    #expect(
                        doc.contains("/// A data table"),
                        "\(target)/\(file.lastPathComponent):\(start + 1) is \(length) lines")
                }
            }
        }
    }

    /// (first line, number of lines) of each function, initializer or computed
    /// property whose body starts on its declaration line.
    static func functions(_ lines: [String]) -> [(Int, Int)] {
        var found: [(Int, Int)] = []
        for (i, line) in lines.enumerated() {
            let code = line.trimmingCharacters(in: .whitespaces)
            let isDeclaration =
                ["func ", "init(", "init?(", "var "].contains { code.contains($0) } && code.hasSuffix("{")
                && !code.hasPrefix("//") && !code.contains(" = ")
            guard isDeclaration else { continue }
            var depth = 0
            for j in i..<lines.count {
                let text = lines[j].replacingOccurrences(of: "\"[^\"]*\"", with: "", options: .regularExpression)
                depth += text.filter { $0 == "{" }.count - text.filter { $0 == "}" }.count
                if depth <= 0 {
                    found.append((i, j - i + 1))
                    break
                }
            }
        }
        return found
    }
}
