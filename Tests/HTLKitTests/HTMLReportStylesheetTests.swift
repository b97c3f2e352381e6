import Foundation
import HTLKit
import HTLTestSupport
import Testing

@testable import HTLCheck
@testable import HTLCore
@testable import HTLEdit
@testable import HTLFormat
@testable import HTLLoad
@testable import HTLModel
@testable import HTLParse
@testable import HTLProgress
@testable import HTLRender
@testable import HTLSystem

/// The emitted stylesheet: design tokens as custom properties, and rules
/// that use nothing but those tokens for colours, spacing and radii.
@Suite struct HTMLReportStylesheetTests {
    struct Block {
        var media: String?
        var selector: String
        var declarations: [(property: String, value: String)]
    }

    /// A small parser for the CSS htl writes: `@media … { rules }` and
    /// `selector { property: value; … }`, values free of braces and semicolons.
    static func parse(_ css: String) -> [Block] {
        var blocks: [Block] = []
        var media: String?
        var buffer = ""
        var selector: String?
        for ch in css {
            switch ch {
            case "{":
                let head = buffer.trimmingCharacters(in: .whitespacesAndNewlines)
                if head.hasPrefix("@media") {
                    media = String(head.dropFirst(6)).trimmingCharacters(in: .whitespaces)
                } else {
                    selector = head
                }
                buffer = ""
            case "}":
                if let s = selector {
                    let declarations = buffer.split(separator: ";").compactMap { part -> (String, String)? in
                        let text = part.trimmingCharacters(in: .whitespacesAndNewlines)
                        guard !text.isEmpty, let colon = text.firstIndex(of: ":") else { return nil }
                        return (
                            String(text[..<colon]).trimmingCharacters(in: .whitespaces),
                            String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
                        )
                    }
                    blocks.append(
                        Block(
                            media: media, selector: s, declarations: declarations.map { (property: $0.0, value: $0.1) })
                    )
                    selector = nil
                } else {
                    media = nil
                }
                buffer = ""
            default:
                buffer.append(ch)
            }
        }
        return blocks
    }

    static let css = ReportStylesheet.css(scene: .climbingPath)
    static let blocks = parse(css)
    static var tokenBlocks: [Block] { blocks.filter { $0.selector == ":root" } }
    static var ruleBlocks: [Block] { blocks.filter { $0.selector != ":root" } }

    /// Why a declaration value is not made of tokens, or nil when it is.
    static func literal(in value: String) -> String? {
        let lower = value.lowercased()
        if let r = lower.range(of: #"#[0-9a-f]{3,8}\b"#, options: .regularExpression) { return String(lower[r]) }
        for function in ["rgb(", "rgba(", "hsl(", "hsla(", "hwb(", "lab(", "lch(", "oklch(", "color("]
        where lower.contains(function) {
            return function
        }
        let named = [
            "white", "black", "red", "orange", "yellow", "green", "blue", "purple", "gray", "grey", "silver", "navy",
            "pink",
        ]
        for word in lower.split(whereSeparator: { !$0.isLetter && $0 != "-" }) where named.contains(String(word)) {
            return String(word)
        }
        // Lengths: only 0 and 1px (hairline borders and the focus offset) may be literal.
        let pattern = #"(?<![\w-])(-?\d*\.?\d+)(px|rem|em|vh|vw|vmin|vmax|pt|pc|cm|mm|in|ch|ex)\b"#
        var rest = lower[...]
        while let r = rest.range(of: pattern, options: .regularExpression) {
            let length = String(rest[r])
            if length != "1px" { return length }
            rest = rest[r.upperBound...]
        }
        return nil
    }

    @Test func theLiteralFinderFindsLiterals() {
        // The scan would catch these (a scan that always passes is no scan).
        #expect(Self.literal(in: "#fff") == "#fff")
        #expect(Self.literal(in: "1px solid #1C1C1E") == "#1c1c1e")
        #expect(Self.literal(in: "rgb(0 0 0 / 0.5)") == "rgb(")
        #expect(Self.literal(in: "white") == "white")
        #expect(Self.literal(in: "0 2px 4px var(--shadow)") == "2px")
        #expect(Self.literal(in: "1.5rem") == "1.5rem")
        #expect(Self.literal(in: "calc(100% - 12px)") == "12px")
        // …and lets these through.
        #expect(Self.literal(in: "1px solid var(--separator)") == nil)
        #expect(Self.literal(in: "var(--space-md) var(--space-lg)") == nil)
        #expect(Self.literal(in: "0") == nil)
        #expect(Self.literal(in: "100%") == nil)
        #expect(Self.literal(in: "url(#sky)") == nil)
        #expect(Self.literal(in: "repeat(auto-fill, minmax(var(--card-min), 1fr))") == nil)
        #expect(Self.literal(in: "calc(-1 * var(--space-xxl))") == nil)
    }

    @Test func rulesUseOnlyTokens() {
        #expect(Self.ruleBlocks.count > 100)
        for block in Self.ruleBlocks {
            for d in block.declarations {
                if let literal = Self.literal(in: d.value) {
                    let media = block.media.map { "@media \($0) " } ?? ""
                    Issue.record("\(media)\(block.selector) { \(d.property): \(d.value) } has the literal \(literal)")
                }
            }
        }
    }

    @Test func theTokenBlocksDefineEveryTokenInBothSchemes() {
        let blocks = Self.tokenBlocks
        #expect(
            blocks.map(\.media) == [
                nil, "(prefers-color-scheme: dark)", "(prefers-contrast: more)",
                "(prefers-contrast: more) and (prefers-color-scheme: dark)",
            ])
        let light = Set(blocks[0].declarations.map(\.property))
        let dark = Set(blocks[1].declarations.map(\.property))
        for token in ReportPalette.Token.interface + ReportPalette.Token.sceneTokens {
            #expect(light.contains("--" + token.name), "--\(token.name) missing in light")
            #expect(dark.contains("--" + token.name), "--\(token.name) missing in dark")
        }
        for (name, px) in ReportStylesheet.spacing {
            #expect(blocks[0].declarations.contains { $0.property == "--space-\(name)" && $0.value == "\(px)px" })
        }
        #expect(ReportStylesheet.spacing.map(\.1) == [4, 8, 12, 16, 24, 32, 48])
        #expect(ReportStylesheet.radii.map(\.1) == [4, 8, 12, 16, 20])
        for (name, color) in [
            ("color-actions", "#ff3b30"), ("color-goals", "#ff9500"), ("color-values", "#007aff"),
            ("color-terms", "#af52de"), ("color-success", "#34c759"), ("color-warning", "#ff9500"),
            ("color-error", "#ff3b30"), ("color-info", "#007aff"),
        ] {
            #expect(blocks[0].declarations.contains { $0.property == "--" + name && $0.value == color }, "--\(name)")
        }
    }

    @Test func everyVariableUsedIsDefined() {
        let defined = Set(Self.tokenBlocks.flatMap { $0.declarations.map(\.property) })
        var used = Set<String>()
        for block in Self.blocks {
            for d in block.declarations {
                var rest = d.value[...]
                while let r = rest.range(of: "var(--") {
                    let name = rest[r.upperBound...].prefix { $0 != ")" && $0 != "," }
                    used.insert("--" + name)
                    rest = rest[r.upperBound...]
                }
            }
        }
        #expect(!used.isEmpty)
        for name in used { #expect(defined.contains(name), "\(name) is used but never defined") }
    }

    @Test func glassOnlyOnTheHeader() {
        let glassy = Self.ruleBlocks.filter { block in
            block.declarations.contains {
                ($0.property == "backdrop-filter" && $0.value != "none") || $0.value == "var(--glass)"
            }
        }
        #expect(glassy.map(\.selector) == [".bar"])
        #expect(glassy.first?.media == nil)
        // Cards are solid.
        let card = Self.ruleBlocks.first { $0.selector == ".card" && $0.media == nil }
        #expect(card?.declarations.contains { $0.property == "background" && $0.value == "var(--surface)" } == true)
    }

    @Test func preferencesAreHonoured() {
        func rules(_ media: String) -> [Block] { Self.ruleBlocks.filter { $0.media == media } }
        let opaque = rules("(prefers-reduced-transparency: reduce)")
        #expect(
            opaque.contains {
                $0.selector == ".bar"
                    && $0.declarations.contains { $0.property == "backdrop-filter" && $0.value == "none" }
                    && $0.declarations.contains { $0.property == "background" && $0.value == "var(--surface)" }
            })
        let still = rules("(prefers-reduced-motion: reduce)")
        #expect(still.contains { $0.declarations.contains { $0.property == "animation" && $0.value == "none" } })
        #expect(still.contains { $0.declarations.contains { $0.property == "transition" && $0.value == "none" } })
        #expect(!rules("(prefers-contrast: more)").isEmpty)
        #expect(!rules("print").isEmpty)
        // Nothing animates in the first place.
        #expect(!Self.css.contains("@keyframes"))
        #expect(
            !Self.ruleBlocks.contains {
                $0.media == nil
                    && $0.declarations.contains { $0.property == "animation" || $0.property == "transition" }
            })
    }

    @Test func inlineStylesAreOnlyProportions() {
        let ledger = SampleLedger.load(SampleLedger.files).ledger
        let html = HTMLReport.render(ledger: ledger, report: ProgressEngine.compute(ledger, today: SampleLedger.today))
        #expect(html.contains("<style>"))
        var count = 0
        var rest = html[...]
        while let r = rest.range(of: " style=\"") {
            let value = rest[r.upperBound...].prefix { $0 != "\"" }
            #expect(value.hasPrefix("width: ") || value.hasPrefix("flex: "), "style=\"\(value)\"")
            #expect(Self.literal(in: String(value)) == nil)
            count += 1
            rest = rest[r.upperBound...]
        }
        #expect(count > 3)
    }
}
