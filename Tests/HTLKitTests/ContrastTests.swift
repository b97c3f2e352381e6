import HTLKit
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

/// WCAG 2 contrast of every text colour on every background the report uses,
/// in the light and dark schemes and their raised-contrast variants.
@Suite struct ContrastTests {
    typealias Token = ReportPalette.Token
    typealias Scheme = ReportPalette.Scheme

    // MARK: The formula

    @Test func luminanceEndpoints() {
        #expect(Contrast.luminance("#000000") == 0)
        #expect(abs(Contrast.luminance("#FFFFFF") - 1) < 1e-12)
        // sRGB mid grey #808080: ((128/255 + 0.055) / 1.055)^2.4 = 0.21586.
        #expect(abs(Contrast.luminance("#808080") - 0.21586) < 1e-4)
        // Green weighs most, blue least.
        #expect(Contrast.luminance("#00FF00") > Contrast.luminance("#FF0000"))
        #expect(Contrast.luminance("#FF0000") > Contrast.luminance("#0000FF"))
    }

    @Test func knownRatios() {
        #expect(abs(Contrast.ratio("#000000", "#FFFFFF") - 21) < 1e-9)
        #expect(Contrast.ratio("#FFFFFF", "#000000") == Contrast.ratio("#000000", "#FFFFFF"))
        #expect(Contrast.ratio("#3366CC", "#3366CC") == 1)
        // The classic AA boundary greys on white: #767676 passes (4.54), #777777 fails (4.48).
        #expect(abs(Contrast.ratio("#767676", "#FFFFFF") - 4.54) < 0.01)
        #expect(abs(Contrast.ratio("#777777", "#FFFFFF") - 4.48) < 0.01)
        #expect(Contrast.meetsAA("#767676", on: "#FFFFFF"))
        #expect(!Contrast.meetsAA("#777777", on: "#FFFFFF"))
    }

    @Test func lowContrastPairsAreRejected() {
        // Vivid yellow text on white, the pair the palette keeps for fills only.
        let yellow = ReportPalette.color(.vivid(.yellow), .light)
        #expect(Contrast.ratio(yellow, "#FFFFFF") < 2)
        #expect(!Contrast.meetsAA(yellow, on: ReportPalette.color(.surface, .light)))
        // Mid grey on dark grey, and white on the system orange.
        #expect(!Contrast.meetsAA("#8E8E93", on: "#636366"))
        #expect(!Contrast.meetsAA("#FFFFFF", on: "#FF9500"))
        // Large text lowers the bar to 3:1, not further.
        #expect(Contrast.meetsAA("#FFFFFF", on: "#FF3B30", largeText: true))
        #expect(!Contrast.meetsAA("#FFFFFF", on: "#FF3B30"))
    }

    @Test func translucentColoursAreCompositedFirst() {
        let glass = ReportColor(255, 255, 255, alphaPercent: 50)
        #expect(glass.over("#000000") == ReportColor(128, 128, 128))
        #expect(ReportColor(10, 20, 30).over("#FFFFFF") == ReportColor(10, 20, 30))
    }

    // MARK: The palette as the page uses it

    /// Token by CSS name.
    static let tokensByName: [String: Token] = {
        var map: [String: Token] = [:]
        for t in Token.interface + Token.sceneTokens { map[t.name] = t }
        return map
    }()

    static func token(in value: String) -> Token? {
        guard value.hasPrefix("var(--"), value.hasSuffix(")") else { return nil }
        return tokensByName[String(value.dropFirst(6).dropLast())]
    }

    /// (selector, text token, background token) for every rule that colours text.
    static var textPairs: [(selector: String, text: Token, background: Token)] {
        var pairs: [(String, Token, Token)] = []
        for rule in ReportStylesheet.allRules where !rule.textOn.isEmpty {
            guard let value = rule.value(of: "color") ?? rule.value(of: "fill"), let text = token(in: value) else {
                continue
            }
            for background in rule.textOn { pairs.append((rule.selector, text, background)) }
        }
        return pairs
    }

    /// Everything that can be under the glass header as the page scrolls: the
    /// scene (in every variant), the cards and every fill of the palette.
    static func colorsUnderGlass(_ scheme: Scheme) -> [ReportColor] {
        var colors: [ReportColor] = []
        for scene in ReportScene.allCases {
            for token in Token.interface + Token.sceneTokens {
                let c = ReportPalette.color(token, scheme, scene: scene)
                if c.isOpaque, !colors.contains(c) { colors.append(c) }
            }
        }
        return colors
    }

    /// The worst contrast of `text` on `background`; translucent backgrounds
    /// are composited over everything they can cover.
    static func worstRatio(_ text: Token, on background: Token, _ scheme: Scheme) -> (
        ratio: Double, under: ReportColor?
    ) {
        let fg = ReportPalette.color(text, scheme)
        let bg = ReportPalette.color(background, scheme)
        if bg.isOpaque { return (Contrast.ratio(fg, bg), nil) }
        var worst = (ratio: Double.infinity, under: ReportColor?.none)
        for under in colorsUnderGlass(scheme) {
            let r = Contrast.ratio(fg, bg.over(under))
            if r < worst.ratio { worst = (r, under) }
        }
        return worst
    }

    @Test func everyRuleThatColoursTextNamesItsBackground() {
        for rule in ReportStylesheet.allRules {
            guard let color = rule.value(of: "color") else { continue }
            #expect(Self.token(in: color) != nil, "\(rule.selector): color \(color) is not a palette token")
            #expect(!rule.textOn.isEmpty, "\(rule.selector) sets a text colour without saying what it is read on")
        }
        // SVG text is coloured by fill.
        for selector in [".ring-value", ".ring-caption"] {
            #expect(ReportStylesheet.allRules.contains { $0.selector == selector && !$0.textOn.isEmpty })
        }
        #expect(Self.textPairs.count >= 30)
    }

    @Test(arguments: Scheme.allCases)
    func textMeetsAAInEveryScheme(_ scheme: Scheme) {
        // No text on the page relies on the large-text allowance: every pair needs 4.5:1,
        // and 7:1 (AAA) when more contrast is asked for.
        let required = scheme.isMoreContrast ? 7.0 : 4.5
        var checked = 0
        for (selector, text, background) in Self.textPairs {
            let (ratio, under) = Self.worstRatio(text, on: background, scheme)
            checked += 1
            #expect(
                ratio >= required,
                Comment(
                    rawValue: "\(scheme): \(selector) --\(text.name) on "
                        + "--\(background.name)\(under.map { " over \($0.css)" } ?? ""): \(ratio)")
            )
        }
        #expect(checked > 0)
    }

    @Test(arguments: Scheme.allCases)
    func inksReadOnTheirTintsAndOnCards(_ scheme: Scheme) {
        // Pills, eyebrows and links may use any hue's ink: check them all, not only those used today.
        let required = scheme.isMoreContrast ? 7.0 : 4.5
        for tone in ReportPalette.Tone.allCases {
            let ink = ReportPalette.color(.ink(tone), scheme)
            for background in [Token.soft(tone), .surface, .surfaceInset] {
                let ratio = Contrast.ratio(ink, ReportPalette.color(background, scheme))
                #expect(ratio >= required, "\(scheme): ink \(tone) on \(background.name): \(ratio)")
            }
        }
        for text in [Token.text, .textSecondary, .link] {
            for background in [Token.surface, .surfaceInset] {
                let ratio = Contrast.ratio(ReportPalette.color(text, scheme), ReportPalette.color(background, scheme))
                #expect(ratio >= required, "\(scheme): \(text.name) on \(background.name): \(ratio)")
            }
        }
    }

    @Test func moreContrastNeverLowersAPair() {
        for (selector, text, background) in Self.textPairs {
            for (base, raised) in [(Scheme.light, Scheme.lightMoreContrast), (.dark, .darkMoreContrast)] {
                let before = Self.worstRatio(text, on: background, base).ratio
                let after = Self.worstRatio(text, on: background, raised).ratio
                #expect(after >= before - 1e-9, "\(selector) \(base): \(before) → \(after)")
            }
        }
    }

    @Test func vividBandColoursAreNotUsedAsText() {
        // Band and vivid colours are for fills and strokes; the few that could not
        // reach 4.5:1 on a card must never be a text colour.
        for (selector, text, _) in Self.textPairs {
            switch text {
            case .vivid, .band, .semantic, .scene:
                Issue.record("\(selector) uses --\(text.name) as a text colour")
            default: break
            }
        }
    }
}
