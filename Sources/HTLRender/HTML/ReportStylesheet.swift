import HTLCheck
import HTLCore
import HTLModel
import HTLProgress

/// The report's stylesheet: design tokens as custom properties, then rules
/// that use nothing but those tokens for colours, spacing, radii and sizes.
enum ReportStylesheet {
    typealias Token = ReportPalette.Token

    // MARK: Tokens

    /// Spacing xxs…xxl.
    static let spacing: [(String, Int)] = [
        ("xxs", 4), ("xs", 8), ("sm", 12), ("md", 16), ("lg", 24), ("xl", 32), ("xxl", 48),
    ]
    /// Corner radii.
    static let radii: [(String, Int)] = [("xs", 4), ("sm", 8), ("md", 12), ("lg", 16), ("xl", 20)]

    /// Every other length or font the rules use.
    static let metrics: [(String, String)] = [
        (
            "font-family",
            "-apple-system, BlinkMacSystemFont, \"SF Pro Text\", \"Segoe UI\", Roboto, \"Helvetica Neue\", Arial, "
                + "\"Liberation Sans\", sans-serif"
        ),
        ("font-caption", "0.75rem"),
        ("font-footnote", "0.8125rem"),
        ("font-body", "0.9375rem"),
        ("font-headline", "1.0625rem"),
        ("font-title3", "1.25rem"),
        ("font-title2", "1.5rem"),
        ("font-title1", "2rem"),
        ("font-display", "2.5rem"),
        ("content-width", "1120px"),
        ("chart-font", "11px"),
        ("legend-wide-min", "260px"),
        ("card-min", "300px"),
        ("ring-size", "88px"),
        ("ring-size-lg", "132px"),
        ("bar-height", "8px"),
        ("bar-height-lg", "12px"),
        ("dot-size", "10px"),
        ("blur", "20px"),
        ("focus-width", "3px"),
        ("header-offset", "88px"),
        ("tracking-tight", "-0.01em"),
        ("tracking-tighter", "-0.02em"),
        ("tracking-wide", "0.06em"),
        ("underline-offset", "0.15em"),
        ("legend-min", "9em"),
        ("when-width", "7.5em"),
        ("amount-width", "3.5ch"),
        ("period-size", "0.875rem"),
        ("period-gap", "3px"),
        ("period-rule", "2px"),
        ("period-dash", "3px"),
        ("shadow-card", "0 1px 2px var(--shadow), 0 8px 24px var(--shadow)"),
    ]

    /// The custom properties of one scheme: every interface token, then the scene's.
    static func colorDeclarations(_ scheme: ReportPalette.Scheme, scene: ReportScene, onlyChanged: Bool = false) -> [(
        String, String
    )] {
        let tokens = Token.interface + Token.sceneTokens
        return tokens.compactMap { token in
            let value = ReportPalette.color(token, scheme, scene: scene)
            if onlyChanged {
                let base: ReportPalette.Scheme = scheme.isDark ? .dark : .light
                if ReportPalette.color(token, base, scene: scene) == value { return nil }
            }
            return ("--" + token.name, value.css)
        }
    }

    static func tokenBlocks(scene: ReportScene) -> [CSSBlock] {
        let layout =
            spacing.map { ("--space-\($0.0)", "\($0.1)px") } + radii.map { ("--radius-\($0.0)", "\($0.1)px") }
            + metrics.map { ("--" + $0.0, $0.1) }
        return [
            CSSBlock(
                media: nil,
                rules: [
                    CSSRule(
                        ":root", [("color-scheme", "light dark")] + colorDeclarations(.light, scene: scene) + layout)
                ]),
            CSSBlock(
                media: "(prefers-color-scheme: dark)", rules: [CSSRule(":root", colorDeclarations(.dark, scene: scene))]
            ),
            CSSBlock(
                media: "(prefers-contrast: more)",
                rules: [CSSRule(":root", colorDeclarations(.lightMoreContrast, scene: scene, onlyChanged: true))]),
            CSSBlock(
                media: "(prefers-contrast: more) and (prefers-color-scheme: dark)",
                rules: [CSSRule(":root", colorDeclarations(.darkMoreContrast, scene: scene, onlyChanged: true))]),
        ]
    }

    // MARK: Rules

    static func v(_ token: Token) -> String { token.css }

    /// The colour a hue is drawn in: its progress band's, gray and purple vivid.
    static func hueToken(_ hue: Hue) -> Token {
        ProgressBand(rawValue: hue.rawValue).map(Token.band) ?? .vivid(hue == .purple ? .purple : .gray)
    }
    static func space(_ name: String) -> String { "var(--space-\(name))" }
    static func radius(_ name: String) -> String { "var(--radius-\(name))" }
    static func m(_ name: String) -> String { "var(--\(name))" }

    /// Text on the glass header may sit over anything that scrolls under it;
    /// with reduced transparency the glass is the solid surface.
    static let onGlass: [Token] = [.glass, .surface]
    static let onCard: [Token] = [.surface, .surfaceInset]

    /// A data table: every CSS rule of the report, in order.
    static var rules: [CSSBlock] {
        let tones = ReportPalette.Tone.allCases
        let bands: [ProgressBand] = [.red, .orange, .yellow, .green, .blue]
        var base: [CSSRule] = [
            CSSRule("*, *::before, *::after", [("box-sizing", "border-box")]),
            CSSRule(
                "html",
                [("background", v(.page)), ("scroll-behavior", "smooth"), ("-webkit-text-size-adjust", "100%")]),
            CSSRule(
                "body",
                [
                    ("margin", "0"), ("font-family", m("font-family")), ("font-size", m("font-body")),
                    ("line-height", "1.45"),
                    ("color", v(.text)),
                ], on: onCard),
            CSSRule(
                "a",
                [
                    ("color", v(.link)), ("text-decoration-thickness", "1px"),
                    ("text-underline-offset", m("underline-offset")),
                ], on: onCard),
            CSSRule(
                "a:focus-visible, .calendar-scroll:focus-visible",
                [
                    ("outline", "\(m("focus-width")) solid \(v(.focus))"), ("outline-offset", "1px"),
                    ("border-radius", radius("xs")),
                ]),
            CSSRule("h1, h2, h3, p, ul, ol, dl, dd, figure", [("margin", "0")]),
            CSSRule("ul, ol", [("padding", "0"), ("list-style", "none")]),
            CSSRule(
                ".visually-hidden",
                [
                    ("position", "absolute"), ("width", "1px"), ("height", "1px"), ("overflow", "hidden"),
                    ("clip-path", "inset(50%)"), ("white-space", "nowrap"),
                ]),
            CSSRule(
                ".skip",
                [
                    ("position", "absolute"), ("left", space("md")), ("top", "calc(-1 * \(space("xxl")))"),
                    ("z-index", "20"),
                    ("background", v(.surface)), ("color", v(.link)), ("padding", "\(space("xs")) \(space("md"))"),
                    ("border-radius", radius("sm")),
                ], on: [.surface]),
            CSSRule(".skip:focus", [("top", space("xs"))]),

            // Content layer: a quiet wash, fixed behind everything, never blurred.
            CSSRule(
                ".scene",
                [
                    ("position", "fixed"), ("inset", "0"), ("z-index", "-1"), ("background", v(.scene(.skyBottom))),
                    ("background-image", "linear-gradient(\(v(.scene(.skyTop))), \(v(.scene(.skyBottom))) 70%)"),
                ]),
        ]

        base += [
            // Glass layer: only the sticky header is translucent.
            CSSRule(
                ".bar",
                [
                    ("position", "sticky"), ("top", "0"), ("z-index", "10"), ("background", v(.glass)),
                    ("-webkit-backdrop-filter", "blur(\(m("blur")))"), ("backdrop-filter", "blur(\(m("blur")))"),
                    ("border-bottom", "1px solid \(v(.glassEdge))"),
                ]),
            CSSRule(
                ".bar-inner",
                [
                    ("max-width", m("content-width")), ("margin", "0 auto"),
                    ("padding", "\(space("sm")) \(space("lg"))"),
                    ("display", "flex"), ("flex-wrap", "wrap"), ("align-items", "center"), ("column-gap", space("lg")),
                    ("row-gap", space("xs")),
                ]),
            CSSRule(
                ".bar h1",
                [
                    ("font-size", m("font-title3")), ("font-weight", "700"), ("letter-spacing", m("tracking-tight")),
                    ("color", v(.text)),
                ], on: onGlass),
            CSSRule(
                ".bar .today",
                [
                    ("margin-left", "auto"), ("font-size", m("font-footnote")), ("font-weight", "600"),
                    ("color", v(.text)),
                ], on: onGlass),
            CSSRule(".bar nav", [("order", "3"), ("flex-basis", "auto")]),
            CSSRule(".bar nav ul", [("display", "flex"), ("flex-wrap", "wrap"), ("gap", space("xxs"))]),
            CSSRule(
                ".bar nav a",
                [
                    ("display", "flex"), ("align-items", "center"), ("gap", space("xs")),
                    ("padding", "\(space("xxs")) \(space("sm"))"),
                    ("border-radius", radius("xl")), ("color", v(.text)), ("text-decoration", "none"),
                    ("font-weight", "600"),
                    ("font-size", m("font-footnote")),
                ], on: onGlass),
            CSSRule(".bar nav a:hover", [("background", v(.soft(.gray))), ("color", v(.text))], on: [.soft(.gray)]),

            // Overlay-style dots that mark each area by its semantic colour.
            CSSRule(
                ".dot",
                [
                    ("display", "inline-block"), ("flex", "none"), ("width", m("dot-size")), ("height", m("dot-size")),
                    ("border-radius", "50%"), ("background", v(.vivid(.gray))),
                ]),
        ]
        base += ReportPalette.Semantic.allCases.map {
            CSSRule(".dot.area-\($0.rawValue)", [("background", v(.semantic($0)))])
        }
        base += GoalState.allCases.map { CSSRule(".dot.state-\($0.rawValue)", [("background", v(.vivid($0.hue)))]) }

        base += [
            // Page structure.
            CSSRule(
                "main",
                [
                    ("max-width", m("content-width")), ("margin", "0 auto"),
                    ("padding", "0 \(space("lg")) \(space("xxl"))"),
                ]),
            CSSRule("main > section", [("margin-top", space("xxl")), ("scroll-margin-top", m("header-offset"))]),
            CSSRule("main > section.dashboard", [("margin-top", space("xl"))]),
            CSSRule(
                ".plate",
                [
                    ("display", "inline-flex"), ("align-items", "center"), ("gap", space("xs")),
                    ("background", v(.surface)),
                    ("color", v(.text)), ("border-radius", radius("xl")), ("padding", "\(space("xs")) \(space("md"))"),
                    ("box-shadow", m("shadow-card")), ("font-size", m("font-footnote")), ("font-weight", "600"),
                ], on: [.surface]),
            CSSRule(".plate .quiet", [("color", v(.textSecondary)), ("font-weight", "400")], on: [.surface]),
            CSSRule(
                ".section-head",
                [
                    ("display", "inline-flex"), ("align-items", "center"), ("gap", space("sm")),
                    ("background", v(.surface)), ("border-radius", radius("lg")),
                    ("padding", "\(space("xs")) \(space("md"))"), ("margin-bottom", space("md")),
                    ("box-shadow", m("shadow-card")),
                ]),
            CSSRule(
                ".section-head h2",
                [("font-size", m("font-title2")), ("letter-spacing", m("tracking-tight")), ("color", v(.text))],
                on: [.surface]),
            CSSRule(
                ".section-head .count",
                [("color", v(.textSecondary)), ("font-size", m("font-footnote")), ("font-weight", "600")],
                on: [.surface]),
            CSSRule(
                ".grid",
                [
                    ("display", "grid"), ("gap", space("lg")),
                    ("grid-template-columns", "repeat(auto-fill, minmax(\(m("card-min")), 1fr))"),
                    ("align-items", "stretch"),
                ]),
            CSSRule(
                ".dash",
                [
                    ("display", "grid"), ("gap", space("lg")), ("grid-template-columns", "repeat(3, minmax(0, 1fr))"),
                    ("align-items", "stretch"),
                ]),
            CSSRule(".span-2", [("grid-column", "span 2")]),
            CSSRule(".span-3", [("grid-column", "1 / -1")]),

            // Cards: solid material, never glass.
            CSSRule(
                ".card",
                [
                    ("background", v(.surface)), ("color", v(.text)), ("border-radius", radius("xl")),
                    ("padding", space("lg")),
                    ("box-shadow", m("shadow-card")), ("display", "flex"), ("flex-direction", "column"),
                    ("gap", space("md")),
                    ("min-width", "0"),
                ], on: [.surface]),
            CSSRule(
                ".card h3", [("font-size", m("font-headline")), ("line-height", "1.3"), ("overflow-wrap", "anywhere")]),
            CSSRule(
                ".eyebrow",
                [
                    ("font-size", m("font-caption")), ("font-weight", "700"), ("letter-spacing", m("tracking-wide")),
                    ("text-transform", "uppercase"), ("color", v(.textSecondary)),
                ], on: onCard),
            CSSRule(".eyebrow.area-terms", [("color", v(.ink(.purple)))], on: [.surface]),
            CSSRule(".eyebrow.area-values", [("color", v(.ink(.blue)))], on: [.surface]),
            CSSRule(".eyebrow.area-goals", [("color", v(.ink(.orange)))], on: [.surface]),
            CSSRule(".eyebrow.area-actions", [("color", v(.ink(.red)))], on: [.surface]),
            CSSRule(".quiet", [("color", v(.textSecondary))], on: onCard),
            CSSRule(".small", [("font-size", m("font-footnote"))]),
            CSSRule(".row", [("display", "flex"), ("align-items", "center"), ("gap", space("md"))]),
            CSSRule(".row.top", [("align-items", "flex-start")]),
            CSSRule(".grow", [("flex", "1"), ("min-width", "0")]),
            CSSRule(
                ".spread",
                [
                    ("display", "flex"), ("justify-content", "space-between"), ("align-items", "baseline"),
                    ("gap", space("sm")), ("flex-wrap", "wrap"),
                ]),
            CSSRule(
                ".chips",
                [("display", "flex"), ("flex-wrap", "wrap"), ("gap", space("xs")), ("align-items", "center")]),
            CSSRule("a.pill", [("text-decoration", "none")]),
            CSSRule("a.pill:hover", [("text-decoration", "underline")]),
            CSSRule(".more", [("font-weight", "600"), ("font-size", m("font-footnote"))]),

            // Pills: a soft fill for emphasis, text in the hue's ink.
            CSSRule(
                ".pill",
                [
                    ("display", "inline-flex"), ("align-items", "center"), ("gap", space("xxs")),
                    ("padding", "0 \(space("xs"))"),
                    ("border-radius", radius("xl")), ("font-size", m("font-caption")), ("font-weight", "700"),
                    ("line-height", "1.6"), ("white-space", "nowrap"), ("background", v(.soft(.gray))),
                    ("color", v(.ink(.gray))),
                ],
                on: [.soft(.gray)]),
        ]
        base += tones.map {
            CSSRule(
                ".pill.tone-\($0.rawValue)", [("background", v(.soft($0))), ("color", v(.ink($0)))], on: [.soft($0)])
        }
        base += [
            // A badge is a pill of its goal's state colour, outlined: one colour story per goal.
            CSSRule(".badge", [("border", "1px solid currentColor"), ("font-weight", "800")]),

            // Gauges.
            CSSRule(".ring", [("flex", "none"), ("width", m("ring-size")), ("height", m("ring-size"))]),
            CSSRule(".ring.large", [("width", m("ring-size-lg")), ("height", m("ring-size-lg"))]),
            CSSRule(".ring-track", [("fill", "none"), ("stroke", v(.track))]),
            CSSRule(".ring-fill", [("fill", "none"), ("stroke", v(.vivid(.gray)))]),
            CSSRule(
                ".ring-value", [("fill", v(.text)), ("font-family", m("font-family")), ("font-weight", "700")],
                on: [.surface]),
            CSSRule(
                ".ring-caption",
                [("fill", v(.textSecondary)), ("font-family", m("font-family")), ("font-weight", "600")], on: [.surface]
            ),
            CSSRule(
                ".bar-track",
                [
                    ("height", m("bar-height")), ("border-radius", radius("xs")), ("background", v(.track)),
                    ("overflow", "hidden"),
                ]),
            CSSRule(".bar-track.large", [("height", m("bar-height-lg")), ("border-radius", radius("sm"))]),
            CSSRule(
                ".bar-fill",
                [
                    ("display", "block"), ("height", "100%"), ("border-radius", "inherit"),
                    ("background", v(.vivid(.gray))),
                ]),
            CSSRule(".gauge", [("display", "flex"), ("flex-direction", "column"), ("gap", space("xxs"))]),
            CSSRule(
                ".gauge-label",
                [
                    ("display", "flex"), ("justify-content", "space-between"), ("gap", space("sm")),
                    ("font-size", m("font-footnote")),
                ]),
            CSSRule(
                ".value-row .amount",
                [
                    ("font-weight", "600"), ("font-variant-numeric", "tabular-nums"), ("min-width", m("amount-width")),
                    ("text-align", "right"),
                ]),
            CSSRule(
                ".gauge-label .amount",
                [("font-variant-numeric", "tabular-nums"), ("font-weight", "600"), ("white-space", "nowrap")]),
            CSSRule(".fill-terms", [("background", v(.semantic(.terms)))]),
        ]
        base += bands.map { CSSRule(".fill-\($0.rawValue)", [("background", v(.band($0)))]) }
        base += bands.map { CSSRule(".stroke-\($0.rawValue)", [("stroke", v(.band($0)))]) }
        base += Hue.allCases.map { CSSRule(".tint-\($0.rawValue)", [("fill", v(hueToken($0)))]) }
        base += [
            CSSRule(".fill-gray", [("background", v(.vivid(.gray)))]),
            CSSRule(".stroke-gray", [("stroke", v(.vivid(.gray)))]),
            CSSRule(".fill-purple", [("background", v(.vivid(.purple)))]),
            CSSRule(".stroke-purple", [("stroke", v(.vivid(.purple)))]),
            CSSRule(".stroke-terms", [("stroke", v(.semantic(.terms)))]),

            // Burn-up charts: the total in the goal's colour, the even-pace line in ink.
            CSSRule(
                ".chart",
                [
                    ("margin", "\(space("xs")) 0 0"), ("display", "flex"), ("flex-direction", "column"),
                    ("gap", space("xxs")),
                ]),
            CSSRule(".burnup", [("display", "block"), ("width", "100%"), ("height", "auto")]),
            CSSRule(".chart-axis", [("stroke", v(.separator)), ("stroke-width", "1")]),
            CSSRule(".chart-ideal", [("fill", "none"), ("stroke", v(.textSecondary)), ("stroke-width", "1.5")]),
            CSSRule(
                ".chart-today", [("stroke", v(.textSecondary)), ("stroke-width", "1"), ("stroke-dasharray", "2 2")]),
            CSSRule(".chart-actual", [("fill", "none"), ("stroke-width", "2.5"), ("stroke-linejoin", "round")]),
            CSSRule(".chart-projection", [("fill", "none"), ("stroke-width", "1.5"), ("stroke-dasharray", "5 4")]),
            CSSRule(".chart-gap", [("stroke", "none"), ("fill-opacity", "0.22")]),
            CSSRule(
                ".chart-label",
                [
                    ("fill", v(.textSecondary)), ("font-family", m("font-family")), ("font-size", m("chart-font")),
                    ("font-variant-numeric", "tabular-nums"),
                ], on: [.surface]),
            CSSRule(".numbers", [("font-size", m("font-footnote"))]),
            CSSRule(".numbers summary", [("cursor", "pointer"), ("color", v(.link))], on: [.surface]),
            CSSRule(
                ".numbers table",
                [
                    ("border-collapse", "collapse"), ("margin-top", space("xxs")),
                    ("font-variant-numeric", "tabular-nums"),
                ]),
            CSSRule(".numbers caption", [("text-align", "left"), ("color", v(.textSecondary))], on: [.surface]),
            CSSRule(
                ".numbers th, .numbers td",
                [("padding", "\(space("xxs")) \(space("sm")) 0 0"), ("text-align", "right"), ("font-weight", "400")]),
            CSSRule(".numbers thead th", [("font-weight", "600")]),

            // Activity calendar: the deeper the green, the more actions that day.
            // A right-to-left scroller starts scrolled to its end (today), with no script;
            // the calendar inside reads left to right.
            CSSRule(".calendar-scroll", [("overflow-x", "auto"), ("direction", "rtl")]),
            CSSRule(".calendar", [("display", "block"), ("direction", "ltr"), ("margin-right", "auto")]),
            CSSRule(".calendar-goal", [("display", "block"), ("max-width", "100%"), ("height", "auto")]),
            CSSRule(".day.level-0", [("fill", v(.track))]),
            CSSRule(".day.level-1", [("fill", v(.vivid(.green))), ("fill-opacity", "0.35")]),
            CSSRule(".day.level-2", [("fill", v(.vivid(.green))), ("fill-opacity", "0.55")]),
            CSSRule(".day.level-3", [("fill", v(.vivid(.green))), ("fill-opacity", "0.8")]),
            CSSRule(".day.level-4", [("fill", v(.vivid(.green)))]),

            // The legend in the footer.
            CSSRule(".legend-card", [("margin-bottom", space("lg"))]),
            CSSRule(".legend-card h2", [("font-size", m("font-title2"))]),
            CSSRule(".legend-card h3", [("font-size", m("font-headline"))]),
            CSSRule(
                ".legend-card .legend",
                [("grid-template-columns", "repeat(auto-fill, minmax(\(m("legend-wide-min")), 1fr))")]),
            CSSRule(
                ".legend-lines",
                [
                    ("display", "flex"), ("flex-direction", "column"), ("gap", space("xxs")),
                    ("font-size", m("font-footnote")),
                ]),

            // Dashboard.
            CSSRule(
                ".card .term-title",
                [
                    ("font-size", m("font-title1")), ("line-height", "1.15"), ("letter-spacing", m("tracking-tighter")),
                    ("overflow-wrap", "anywhere"),
                ]),
            CSSRule(".term-line", [("font-size", m("font-headline")), ("font-weight", "600")]),
            CSSRule(
                ".stack",
                [
                    ("display", "flex"), ("height", m("bar-height-lg")), ("border-radius", radius("sm")),
                    ("overflow", "hidden"),
                    ("gap", "1px"), ("background", v(.track)),
                ]),
            CSSRule(".stack > span", [("display", "block"), ("background", v(.vivid(.gray)))]),
        ]
        base += GoalState.allCases.map {
            CSSRule(".stack > .state-\($0.rawValue)", [("background", v(.vivid($0.hue)))])
        }
        base += [
            CSSRule(
                ".legend",
                [
                    ("display", "grid"),
                    ("grid-template-columns", "repeat(auto-fill, minmax(\(m("legend-min")), 1fr))"),
                    ("gap", "\(space("xs")) \(space("md"))"),
                    ("font-size", m("font-footnote")),
                ]),
            CSSRule(".legend li", [("display", "flex"), ("align-items", "center"), ("gap", space("xs"))]),
            CSSRule(".legend b", [("font-variant-numeric", "tabular-nums")]),
            CSSRule(".value-rows", [("display", "flex"), ("flex-direction", "column"), ("gap", space("sm"))]),
            CSSRule(
                ".value-row",
                [
                    ("display", "grid"), ("grid-template-columns", "minmax(0, 2fr) minmax(0, 3fr) minmax(0, auto)"),
                    ("gap", space("md")),
                    ("align-items", "center"), ("font-size", m("font-footnote")),
                ]),

            // Lists inside cards.
            CSSRule(".targets", [("display", "flex"), ("flex-direction", "column"), ("gap", space("sm"))]),
            CSSRule(".cadence .rule", [("white-space", "nowrap")]),
            CSSRule(
                ".strip",
                [("display", "flex"), ("flex-wrap", "wrap"), ("gap", m("period-gap")), ("align-items", "center")]),
            CSSRule(
                ".period",
                [
                    ("display", "block"), ("width", m("period-size")), ("height", m("period-size")),
                    ("border-radius", radius("xs")),
                ]),
            CSSRule(".period.missed", [("box-shadow", "inset 0 0 0 \(m("period-rule")) \(v(.textSecondary))")]),
            CSSRule(".period.open", [("border", "\(m("period-rule")) dashed \(v(.textSecondary))")]),
            CSSRule(".period.excused", [("height", m("period-dash")), ("background", v(.separator))]),
            CSSRule(".period.future", [("background", v(.track))]),
            CSSRule(
                ".facts",
                [
                    ("display", "flex"), ("flex-wrap", "wrap"), ("gap", "\(space("xxs")) \(space("md"))"),
                    ("font-size", m("font-footnote")), ("color", v(.textSecondary)),
                ], on: [.surface]),
            CSSRule(".facts strong", [("color", v(.text)), ("font-weight", "600")], on: [.surface]),
            CSSRule(
                ".links",
                [
                    ("display", "flex"), ("flex-direction", "column"), ("gap", space("xs")),
                    ("font-size", m("font-footnote")),
                ]),
            CSSRule(
                ".links li",
                [
                    ("display", "flex"), ("justify-content", "space-between"), ("align-items", "center"),
                    ("gap", space("sm")),
                ]),
            CSSRule(".links .chips", [("flex", "none"), ("flex-wrap", "nowrap")]),
            CSSRule(
                ".links .strength",
                [("flex", "none"), ("font-variant-numeric", "tabular-nums"), ("color", v(.textSecondary))],
                on: [.surface]),
            CSSRule(
                ".well",
                [
                    ("background", v(.surfaceInset)), ("border-radius", radius("md")),
                    ("padding", "\(space("sm")) \(space("md"))"),
                ]),
            CSSRule(
                ".guidance",
                [("font-size", m("font-footnote")), ("font-style", "italic"), ("color", v(.textSecondary))],
                on: [.surface]),

            // Actions.
            CSSRule(".action-groups", [("display", "flex"), ("flex-direction", "column"), ("gap", space("lg"))]),
            CSSRule(".action-list", [("display", "flex"), ("flex-direction", "column")]),
            CSSRule(
                ".action",
                [
                    ("display", "grid"), ("grid-template-columns", "\(m("when-width")) minmax(0, 1fr)"),
                    ("gap", space("md")),
                    ("padding", "\(space("xs")) 0"), ("border-top", "1px solid \(v(.separator))"),
                    ("font-size", m("font-footnote")),
                ]),
            CSSRule(".action:first-child", [("border-top", "0")]),
            CSSRule(
                ".action .when",
                [("color", v(.textSecondary)), ("font-variant-numeric", "tabular-nums"), ("white-space", "nowrap")],
                on: [.surface]),
            CSSRule(
                ".action .what",
                [
                    ("display", "flex"), ("flex-wrap", "wrap"), ("gap", "\(space("xxs")) \(space("xs"))"),
                    ("align-items", "baseline"),
                ]),
            CSSRule(".qty", [("font-weight", "700"), ("font-variant-numeric", "tabular-nums")]),
            CSSRule(".tag", [("color", v(.textSecondary))], on: [.surface]),

            CSSRule(
                "footer",
                [
                    ("max-width", m("content-width")), ("margin", "0 auto"),
                    ("padding", "0 \(space("lg")) \(space("xxl"))"),
                ]),
        ]

        return [
            CSSBlock(media: nil, rules: base),
            CSSBlock(
                media: "(max-width: 56em)",
                rules: [
                    CSSRule(".dash", [("grid-template-columns", "minmax(0, 1fr)")]),
                    CSSRule(".span-2", [("grid-column", "auto")]),
                ]),
            CSSBlock(
                media: "(max-width: 40em)",
                rules: [
                    CSSRule(".bar-inner", [("padding", "\(space("xs")) \(space("md"))")]),
                    CSSRule(".bar nav", [("flex-basis", "100%")]),
                    CSSRule(".bar nav a", [("padding", "\(space("xxs")) \(space("xs"))")]),
                    CSSRule("main, footer", [("padding-left", space("md")), ("padding-right", space("md"))]),
                    CSSRule(".card", [("padding", space("md"))]),
                    CSSRule(".card .term-title", [("font-size", m("font-title3"))]),
                    CSSRule(".term-line", [("font-size", m("font-body"))]),
                    CSSRule(".ring.large", [("width", m("ring-size")), ("height", m("ring-size"))]),
                    CSSRule(".bar nav ul", [("gap", "0")]),
                    CSSRule(".bar nav .dot", [("display", "none")]),
                    CSSRule(
                        ".value-row",
                        [
                            ("grid-template-columns", "minmax(0, 1fr) minmax(0, 1fr) minmax(0, auto)"),
                            ("gap", space("sm")),
                        ]),
                    CSSRule(".action", [("grid-template-columns", "minmax(0, 1fr)"), ("gap", "0")]),
                ]),
            // Glass becomes opaque when transparency is unwelcome.
            CSSBlock(
                media: "(prefers-reduced-transparency: reduce)",
                rules: [
                    CSSRule(
                        ".bar",
                        [("background", v(.surface)), ("-webkit-backdrop-filter", "none"), ("backdrop-filter", "none")])
                ]),
            CSSBlock(
                media: "(prefers-contrast: more)",
                rules: [
                    CSSRule(
                        ".card, .plate, .section-head",
                        [("box-shadow", "none"), ("outline", "1px solid \(v(.separator))")]),
                    CSSRule(
                        ".bar",
                        [
                            ("background", v(.surface)), ("-webkit-backdrop-filter", "none"),
                            ("backdrop-filter", "none"),
                            ("border-bottom", "1px solid \(v(.separator))"),
                        ]),
                    CSSRule("a", [("text-decoration-thickness", "from-font")]),
                ]),
            // Nothing moves anyway; this keeps it so.
            CSSBlock(
                media: "(prefers-reduced-motion: reduce)",
                rules: [
                    CSSRule("html", [("scroll-behavior", "auto")]),
                    CSSRule("*, *::before, *::after", [("animation", "none"), ("transition", "none")]),
                ]),
            CSSBlock(
                media: "print",
                rules: [
                    CSSRule(".scene, .bar nav, .skip", [("display", "none")]),
                    CSSRule("html", [("background", v(.surface))]),
                    CSSRule(
                        ".bar",
                        [
                            ("position", "static"), ("background", v(.surface)), ("-webkit-backdrop-filter", "none"),
                            ("backdrop-filter", "none"),
                        ]),
                    CSSRule(
                        ".card, .plate, .section-head",
                        [
                            ("box-shadow", "none"), ("outline", "1px solid \(v(.separator))"),
                            ("break-inside", "avoid"),
                        ]),
                ]),
        ]
    }

    /// Every rule, including those under media queries.
    static var allRules: [CSSRule] { rules.flatMap(\.rules) }

    // MARK: Text

    static func css(scene: ReportScene) -> String {
        var out = ""
        for block in tokenBlocks(scene: scene) + rules {
            var indent = ""
            if let media = block.media {
                out += "@media \(media) {\n"
                indent = "  "
            }
            for rule in block.rules {
                out += indent + rule.selector + " {"
                if rule.selector == ":root" {
                    out += "\n"
                    for d in rule.declarations { out += indent + "  \(d.property): \(d.value);\n" }
                    out += indent + "}\n"
                } else {
                    out +=
                        " " + rule.declarations.map { "\($0.property): \($0.value);" }.joined(separator: " ") + " }\n"
                }
            }
            if block.media != nil { out += "}\n" }
        }
        return out
    }
}
