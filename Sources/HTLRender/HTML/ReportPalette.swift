import Glibc
import HTLCheck
import HTLCore
import HTLModel
import HTLProgress

/// The colours of the HTML report, defined once: every token has a value in
/// each scheme, and the stylesheet refers to them only as `var(--token)`.
///
/// Values follow the app's semantic palette (system red, orange, yellow,
/// green, blue, purple). Each hue comes in three roles: `vivid` for fills and
/// strokes (gauges, icons), `soft` for tinted backgrounds and `ink` for text
/// in that hue, dark enough (light scheme) or light enough (dark scheme) to
/// read at 4.5:1 or better.
package enum ReportPalette {
    /// Light and dark, each with a raised-contrast variant (`prefers-contrast: more`).
    package enum Scheme: String, Sendable, CaseIterable {
        case light, dark, lightMoreContrast, darkMoreContrast

        package var isDark: Bool { self == .dark || self == .darkMoreContrast }
        package var isMoreContrast: Bool { self == .lightMoreContrast || self == .darkMoreContrast }
    }

    /// The hues of the palette are the reports' shared `Hue`s.
    package typealias Tone = Hue

    /// One colour token: a CSS custom property `--name`.
    package enum Token: Hashable, Sendable {
        /// Behind everything (the scene covers it; shown while printing).
        case page
        /// Solid "material" of content cards.
        case surface
        /// Wells inside a card (target rows, action lists).
        case surfaceInset
        case separator
        /// The unfilled part of a gauge.
        case track
        /// The translucent glass of the sticky header.
        case glass
        case glassEdge
        case text
        case textSecondary
        case link
        case focus
        /// The card shadow colour (translucent).
        case shadow
        case vivid(Tone)
        case soft(Tone)
        case ink(Tone)
        case band(ProgressBand)
        case semantic(Semantic)
        case scene(SceneRole)

        public var name: String {
            switch self {
            case .page: return "page"
            case .surface: return "surface"
            case .surfaceInset: return "surface-inset"
            case .separator: return "separator"
            case .track: return "track"
            case .glass: return "glass"
            case .glassEdge: return "glass-edge"
            case .text: return "text"
            case .textSecondary: return "text-secondary"
            case .link: return "link"
            case .focus: return "focus"
            case .shadow: return "shadow"
            case .vivid(let t): return "tone-\(t.rawValue)"
            case .soft(let t): return "tone-\(t.rawValue)-soft"
            case .ink(let t): return "tone-\(t.rawValue)-ink"
            case .band(let b): return "band-\(b.rawValue)"
            case .semantic(let s): return "color-\(s.rawValue)"
            case .scene(let r): return "scene-\(r.rawValue)"
            }
        }

        /// `var(--name)`.
        package var css: String { "var(--\(name))" }

        /// Every token of the interface, in the order they are written (scene tokens apart).
        package static let interface: [Token] =
            [
                .page, .surface, .surfaceInset, .separator, .track, .glass, .glassEdge, .text, .textSecondary, .link,
                .focus,
                .shadow,
            ]
            + Tone.allCases.flatMap { [Token.vivid($0), .soft($0), .ink($0)] }
            + [ProgressBand.red, .orange, .yellow, .green, .blue].map(Token.band)
            + Semantic.allCases.map(Token.semantic)

        package static let sceneTokens: [Token] = SceneRole.allCases.map(Token.scene)
    }

    /// The semantic colours of the app: areas and messages.
    package enum Semantic: String, Sendable, CaseIterable {
        case actions, goals, values, terms, success, warning, error, info

        package var tone: Tone {
            switch self {
            case .actions, .error: return .red
            case .goals, .warning: return .orange
            case .values, .info: return .blue
            case .terms: return .purple
            case .success: return .green
            }
        }
    }

    /// The parts of a background scene (see `ReportScene`).
    package enum SceneRole: String, Sendable, CaseIterable {
        case skyTop = "sky-top"
        case skyBottom = "sky-bottom"
    }

    // MARK: Values

    public static func color(_ token: Token, _ scheme: Scheme, scene: ReportScene = .climbingPath) -> ReportColor {
        if scheme.isMoreContrast, let raised = moreContrast(token, dark: scheme.isDark) { return raised }
        let dark = scheme.isDark
        switch token {
        case .page: return dark ? "#0E1116" : "#F2F2F7"
        case .surface: return dark ? "#1C1C1E" : "#FFFFFF"
        case .surfaceInset: return dark ? "#2C2C2E" : "#F2F2F7"
        case .separator: return dark ? "#3A3A3C" : "#D1D1D6"
        case .track: return dark ? "#3A3A3C" : "#E5E5EA"
        case .glass:
            return dark ? ReportColor(28, 28, 30, alphaPercent: 74) : ReportColor(255, 255, 255, alphaPercent: 74)
        case .glassEdge:
            return dark ? ReportColor(255, 255, 255, alphaPercent: 14) : ReportColor(0, 0, 0, alphaPercent: 10)
        case .text: return dark ? "#F5F5F7" : "#1C1C1E"
        case .textSecondary: return dark ? "#AEAEB2" : "#5E5E63"
        case .link: return color(.ink(.blue), scheme)
        case .focus: return color(.vivid(.blue), scheme)
        case .shadow: return dark ? ReportColor(0, 0, 0, alphaPercent: 40) : ReportColor(16, 24, 40, alphaPercent: 14)
        case .vivid(let tone): return vivid(tone, dark: dark)
        case .soft(let tone): return soft(tone, dark: dark)
        case .ink(let tone): return ink(tone, dark: dark)
        case .band(let band): return vivid(band.hue, dark: dark)
        case .semantic(let s): return vivid(s.tone, dark: dark)
        case .scene(let role): return scene.color(role, dark: dark)
        }
    }

    static func vivid(_ tone: Tone, dark: Bool) -> ReportColor {
        switch tone {
        case .red: return dark ? "#FF453A" : "#FF3B30"
        case .orange: return dark ? "#FF9F0A" : "#FF9500"
        case .yellow: return dark ? "#FFD60A" : "#FFCC00"
        case .green: return dark ? "#30D158" : "#34C759"
        case .blue: return dark ? "#0A84FF" : "#007AFF"
        case .purple: return dark ? "#BF5AF2" : "#AF52DE"
        case .gray: return dark ? "#8E8E93" : "#8E8E93"
        }
    }

    static func soft(_ tone: Tone, dark: Bool) -> ReportColor {
        switch tone {
        case .red: return dark ? "#4A1C1A" : "#FFE4E1"
        case .orange: return dark ? "#4A2E0A" : "#FFEDD5"
        case .yellow: return dark ? "#463C0A" : "#FFF4C2"
        case .green: return dark ? "#173D22" : "#DDF6E3"
        case .blue: return dark ? "#0F2F55" : "#DCEBFF"
        case .purple: return dark ? "#3A1F4A" : "#F2E3FA"
        case .gray: return dark ? "#3A3A3C" : "#ECECF0"
        }
    }

    static func ink(_ tone: Tone, dark: Bool) -> ReportColor {
        switch tone {
        case .red: return dark ? "#FF8A80" : "#B3261E"
        case .orange: return dark ? "#FFB45C" : "#9A4A00"
        case .yellow: return dark ? "#FFD95A" : "#7A5C00"
        case .green: return dark ? "#5EE08A" : "#1B7A36"
        case .blue: return dark ? "#6CB4FF" : "#0058C4"
        case .purple: return dark ? "#D9A0FF" : "#7E2BB0"
        case .gray: return dark ? "#C7C7CC" : "#5E5E63"
        }
    }

    /// What `prefers-contrast: more` changes: secondary text, inks, edges and
    /// a nearly opaque glass.
    static func moreContrast(_ token: Token, dark: Bool) -> ReportColor? {
        switch token {
        case .text: return dark ? "#FFFFFF" : "#000000"
        case .textSecondary: return dark ? "#E5E5EA" : "#3A3A3C"
        case .separator: return dark ? "#8E8E93" : "#6C6C70"
        case .track: return dark ? "#545458" : "#C7C7CC"
        case .glass:
            return dark ? ReportColor(28, 28, 30, alphaPercent: 94) : ReportColor(255, 255, 255, alphaPercent: 94)
        case .glassEdge: return dark ? "#8E8E93" : "#6C6C70"
        case .link: return moreContrast(.ink(.blue), dark: dark)
        case .ink(let tone):
            switch tone {
            case .red: return dark ? "#FFB4AB" : "#8E1B14"
            case .orange: return dark ? "#FFD09A" : "#6E3500"
            case .yellow: return dark ? "#FFE89A" : "#5A4400"
            case .green: return dark ? "#9DF0B5" : "#0F5A26"
            case .blue: return dark ? "#A8D2FF" : "#003F8F"
            case .purple: return dark ? "#EBCBFF" : "#5E1F86"
            case .gray: return dark ? "#E5E5EA" : "#3A3A3C"
            }
        default: return nil
        }
    }
}

/// An sRGB colour with an alpha in whole percent (so the CSS text is exact).
package struct ReportColor: Hashable, Sendable, ExpressibleByStringLiteral {
    package var red: Int
    package var green: Int
    package var blue: Int
    package var alphaPercent: Int

    public init(_ red: Int, _ green: Int, _ blue: Int, alphaPercent: Int = 100) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alphaPercent = alphaPercent
    }

    /// `"#RRGGBB"`.
    public init(stringLiteral hex: String) {
        let digits = Array(hex.utf8.dropFirst())
        func byte(_ i: Int) -> Int {
            func nibble(_ c: UInt8) -> Int {
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(c - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(c - UInt8(ascii: "a")) + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(c - UInt8(ascii: "A")) + 10
                default: preconditionFailure("not a hex colour: \(hex)")
                }
            }
            return nibble(digits[i]) * 16 + nibble(digits[i + 1])
        }
        precondition(digits.count == 6, "not a hex colour: \(hex)")
        self.init(byte(0), byte(2), byte(4))
    }

    package var isOpaque: Bool { alphaPercent >= 100 }

    /// `#1c1c1e`, or `rgb(28 28 30 / 0.74)` when translucent.
    package var css: String {
        if isOpaque {
            let hex = Array("0123456789abcdef")
            return "#" + [red, green, blue].map { String(hex[$0 / 16]) + String(hex[$0 % 16]) }.joined()
        }
        let a =
            alphaPercent % 10 == 0
            ? "0.\(alphaPercent / 10)" : (alphaPercent < 10 ? "0.0\(alphaPercent)" : "0.\(alphaPercent)")
        return "rgb(\(red) \(green) \(blue) / \(alphaPercent <= 0 ? "0" : a))"
    }

    /// This colour laid over an opaque `background` (alpha compositing in sRGB,
    /// as browsers blend).
    public func over(_ background: ReportColor) -> ReportColor {
        let a = Double(max(0, min(alphaPercent, 100))) / 100
        func mix(_ f: Int, _ b: Int) -> Int { Int((Double(f) * a + Double(b) * (1 - a)).rounded()) }
        return ReportColor(mix(red, background.red), mix(green, background.green), mix(blue, background.blue))
    }
}

/// WCAG 2 contrast (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio).
package enum Contrast {
    /// Relative luminance of an opaque sRGB colour, 0 (black) to 1 (white).
    package static func luminance(_ c: ReportColor) -> Double {
        func channel(_ v: Int) -> Double {
            let s = Double(v) / 255
            return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(c.red) + 0.7152 * channel(c.green) + 0.0722 * channel(c.blue)
    }

    /// (L1 + 0.05) / (L2 + 0.05), the lighter over the darker: 1 to 21.
    package static func ratio(_ a: ReportColor, _ b: ReportColor) -> Double {
        let la = luminance(a)
        let lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// AA for normal text (4.5:1), or for large text (3:1).
    package static func meetsAA(_ text: ReportColor, on background: ReportColor, largeText: Bool = false) -> Bool {
        ratio(text, background) >= (largeText ? 3 : 4.5)
    }
}
