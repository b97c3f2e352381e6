import HTLCheck
import HTLCore
import HTLLoad
import HTLModel
import HTLProgress

/// The vivid landscape behind the report (its content layer), chosen by the
/// collective state of the ledger's goals.
package enum ReportScene: String, Sendable, CaseIterable {
    /// Nothing started yet: a lone peak far away across a plain at dawn.
    case distantPeak = "distant-peak"
    /// Work under way: a trail winding up through the hills on a clear day.
    case climbingPath = "climbing-path"
    /// Most of the way there: the summit close, a flag on top, golden hour.
    case approachingSummit = "approaching-summit"
    /// Everything done: a spring meadow in flower.
    case bloom
    /// Something is overdue: the storm is clearing, a rainbow over the hills.
    case stormClearing = "storm-clearing"

    /// The rule (docs/REPORT.md), over the goals that are not dropped:
    /// any overdue → storm clearing; all completed → bloom; mean progress
    /// (of the goals that have progress, completed goals counting as 1)
    /// ≥ 75 % → approaching summit; any progress or counted action →
    /// climbing path; otherwise (or no goals at all) → distant peak.
    package static func choose(for report: ProgressReport) -> ReportScene {
        let goals = report.goals.filter { $0.state != .dropped }
        if goals.isEmpty { return .distantPeak }
        if goals.contains(where: { $0.state == .overdue }) { return .stormClearing }
        if goals.allSatisfy({ $0.state == .completed }) { return .bloom }
        let measured = goals.compactMap { g -> ExactDecimal? in
            if g.state == .completed { return .one }
            return g.progress.map { min(max($0, .zero), .one) }
        }
        if !measured.isEmpty, let mean = measured.reduce(.zero, +).divided(by: measured.count),
           mean >= GoalState.nearCompleteThreshold {
            return .approachingSummit
        }
        if goals.contains(where: { ($0.progress?.isPositive ?? false) || !$0.actionIndices.isEmpty || $0.state == .completed }) {
            return .climbingPath
        }
        return .distantPeak
    }

    /// In words, for the caption of the dashboard.
    public var title: String {
        switch self {
        case .distantPeak: return "Distant peak"
        case .climbingPath: return "Climbing path"
        case .approachingSummit: return "Approaching the summit"
        case .bloom: return "In bloom"
        case .stormClearing: return "Storm clearing"
        }
    }

    func color(_ role: ReportPalette.SceneRole, dark: Bool) -> ReportColor {
        let colors = dark ? darkColors : lightColors
        return colors[ReportPalette.SceneRole.allCases.firstIndex(of: role)!]
    }

    /// In the order of `SceneRole.allCases`: sky top, sky bottom, sun, cloud,
    /// cloud shade, far, far snow, mid, near, path, accent.
    private var lightColors: [ReportColor] {
        switch self {
        case .distantPeak: return ["#4A6FD8", "#FFC9A8", "#FFE08A", "#FFF1E6", "#F3CDBF", "#8A86D6", "#F4F1FF", "#4FA36F", "#2E7D55", "#F3D9A4", "#FF8A65"]
        case .climbingPath: return ["#1E6FE0", "#9ED8FF", "#FFD54A", "#FFFFFF", "#D6E6F7", "#5B6ED6", "#FFFFFF", "#3FA66A", "#23804F", "#F6E2B3", "#FF7A45"]
        case .approachingSummit: return ["#F2709C", "#FFD39A", "#FFF3B0", "#FFE1E1", "#F6B9C4", "#6B4FA3", "#FFF5F0", "#C0587E", "#7D3C6B", "#FFE0A3", "#FF3B30"]
        case .bloom: return ["#3FB8F0", "#D9F6FF", "#FFE45C", "#FFFFFF", "#D4EEF7", "#7CC4A4", "#FFFFFF", "#7AD67F", "#3DB05A", "#FFF0B3", "#FF6FA8"]
        case .stormClearing: return ["#34446E", "#C4DDF5", "#FFE17A", "#9AA6C2", "#6E7B98", "#51628C", "#E8EEF8", "#3F8C6E", "#2A6B52", "#D9CFA8", "#FFE17A"]
        }
    }

    private var darkColors: [ReportColor] {
        switch self {
        case .distantPeak: return ["#0B1446", "#3A2F7A", "#F4F1D0", "#2A2F66", "#20245A", "#3B3A8A", "#C9C6F2", "#1F4F4A", "#143A33", "#8C7A5A", "#FF8A65"]
        case .climbingPath: return ["#0A1A4F", "#1F4D8F", "#F2EFD2", "#26386E", "#1D2C5C", "#2F3F8F", "#B9C4F0", "#1C5A45", "#113D2F", "#B49B6A", "#FF9F5A"]
        case .approachingSummit: return ["#1A0B3D", "#7A2E6B", "#FFD1A1", "#4A2358", "#3A1A48", "#3E2A75", "#E6D9FF", "#5A2357", "#35173F", "#C79A6B", "#FF6961"]
        case .bloom: return ["#0A2540", "#1B5E6B", "#F6F3D0", "#1E3D55", "#173247", "#236E5E", "#BFE8DD", "#1F7A4A", "#125C38", "#B9A76A", "#FF7FB2"]
        case .stormClearing: return ["#0E1430", "#2E4A7A", "#F0EBC8", "#3A4468", "#283050", "#2C3A63", "#AFC0DE", "#1E5548", "#123A32", "#8F8662", "#F0EBC8"]
        }
    }

    // MARK: Drawing

    /// The landscape as inline SVG (1600 × 1000, covering the viewport).
    /// Colours come from the `--scene-*` tokens through classes.
    var svg: HTMLNode {
        var layers: [HTMLNode] = [
            .el("defs", [], [
                .el("linearGradient", [("id", "sky"), ("x1", "0"), ("y1", "0"), ("x2", "0"), ("y2", "1")], [
                    .el("stop", [("offset", "0"), ("class", "sky-top")]),
                    .el("stop", [("offset", "1"), ("class", "sky-bottom")]),
                ]),
                .el("radialGradient", [("id", "glow")], [
                    .el("stop", [("offset", "0.3"), ("class", "glow-in")]),
                    .el("stop", [("offset", "1"), ("class", "glow-out")]),
                ]),
            ]),
            .el("rect", [("class", "sky"), ("x", "0"), ("y", "0"), ("width", "1600"), ("height", "1000")]),
            stars,
        ]
        layers += shapes
        return .el("svg", [("class", "scene-art"), ("viewBox", "0 0 1600 1000"), ("preserveAspectRatio", "xMidYMin slice"),
                           ("focusable", "false")], layers)
    }

    private static func path(_ cls: String, _ d: String, _ extra: [(String, String?)] = []) -> HTMLNode {
        .el("path", [("class", cls), ("d", d)] + extra)
    }

    private static func circle(_ cls: String, _ x: Int, _ y: Int, _ r: Int) -> HTMLNode {
        .el("circle", [("class", cls), ("cx", String(x)), ("cy", String(y)), ("r", String(r))])
    }

    /// Stars, shown only in the dark scheme.
    private var stars: HTMLNode {
        var rng = SceneRandom(seed: 7)
        var dots: [HTMLNode] = []
        for _ in 0..<36 {
            let x = rng.next(1600), y = rng.next(420)
            dots.append(ReportScene.circle("star", x, y, 1 + rng.next(3)))
        }
        return .el("g", [("class", "stars")], dots)
    }

    /// A cumulus: a shaded base, a flat bottom and four puffs; `(x, y)` is
    /// the left end of its base.
    private func cloud(_ x: Int, _ y: Int, _ scale: Int) -> HTMLNode {
        func ellipse(_ cls: String, _ cx: Int, _ cy: Int, _ rx: Int, _ ry: Int) -> HTMLNode {
            .el("ellipse", [("class", cls), ("cx", String(cx)), ("cy", String(cy)), ("rx", String(rx)), ("ry", String(ry))])
        }
        let s = scale
        return .el("g", [], [
            ellipse("cloud-shade", x + 23 * s, y + 3 * s, 23 * s, 6 * s),
            ReportScene.circle("cloud", x + 8 * s, y - 3 * s, 8 * s),
            ReportScene.circle("cloud", x + 20 * s, y - 10 * s, 12 * s),
            ReportScene.circle("cloud", x + 33 * s, y - 6 * s, 9 * s),
            ReportScene.circle("cloud", x + 41 * s, y - 1 * s, 6 * s),
            ellipse("cloud", x + 23 * s, y, 21 * s, 5 * s),
        ])
    }

    private func glow(_ x: Int, _ y: Int, _ r: Int) -> HTMLNode {
        .el("circle", [("class", "glow"), ("cx", String(x)), ("cy", String(y)), ("r", String(r))])
    }

    /// A data table: the scene's shapes, one SVG element each.
    private var shapes: [HTMLNode] {
        func p(_ cls: String, _ d: String, _ extra: [(String, String?)] = []) -> HTMLNode { ReportScene.path(cls, d, extra) }
        let c = ReportScene.circle
        switch self {
        case .distantPeak:
            return [
                glow(1130, 190, 200),
                c("sun", 1130, 190, 56),
                cloud(250, 150, 3), cloud(1300, 110, 2),
                p("far", "M0 420 L260 390 L470 350 L640 280 L760 200 L800 178 L840 198 L960 280 L1130 350 L1340 390 L1600 410 V1000 H0 Z"),
                p("far-snow", "M800 178 L760 200 L735 217 L760 214 L782 226 L804 210 L826 222 L852 206 L840 198 Z"),
                p("mid", "M0 560 C260 510 520 500 800 540 C1080 580 1340 530 1600 510 V1000 H0 Z"),
                p("near", "M0 800 C300 740 620 760 900 790 C1180 820 1420 760 1600 740 V1000 H0 Z"),
            ]
        case .climbingPath:
            return [
                glow(1280, 170, 200),
                c("sun", 1280, 170, 56),
                cloud(180, 160, 3), cloud(980, 110, 2),
                p("far", "M0 470 L180 380 L330 430 L520 300 L680 210 L800 150 L930 240 L1060 300 L1220 230 L1400 340 L1600 300 V1000 H0 Z"),
                p("far-snow", "M800 150 L740 180 L758 188 L776 180 L796 196 L818 184 L842 196 L870 198 Z"),
                p("mid", "M0 600 C240 540 460 520 720 560 C980 600 1240 540 1600 520 V1000 H0 Z"),
                p("path", "M760 1000 C700 900 900 860 860 780 C820 700 640 690 700 610 C760 540 900 540 860 460 C830 400 760 380 790 300 C810 240 800 200 800 160",
                  [("fill", "none"), ("stroke-width", "12"), ("stroke-linecap", "round"), ("stroke-dasharray", "2 26")]),
                p("near", "M0 760 C260 700 520 720 700 760 C640 820 620 900 680 1000 H0 Z"),
                p("near", "M900 1000 C880 900 960 820 1040 780 C1240 720 1420 730 1600 700 V1000 Z"),
            ]
        case .approachingSummit:
            return [
                glow(300, 210, 260),
                c("sun", 300, 210, 80),
                cloud(1150, 220, 3),
                p("far", "M0 700 L240 560 L420 470 L600 350 L720 250 L800 165 L880 250 L1000 350 L1180 470 L1380 560 L1600 640 V1000 H0 Z"),
                p("far-snow", "M800 165 L750 218 L768 226 L786 214 L804 232 L824 214 L840 224 L850 218 Z"),
                p("path", "M640 1000 C700 900 560 840 640 760 C720 690 860 700 820 600 C790 520 700 500 760 420 C800 360 860 330 820 270 C800 260 800 230 800 195",
                  [("fill", "none"), ("stroke-width", "10"), ("stroke-linecap", "round"), ("stroke-dasharray", "2 24")]),
                .el("line", [("class", "pole"), ("x1", "800"), ("y1", "167"), ("x2", "800"), ("y2", "92"), ("stroke-width", "5")]),
                p("accent", "M802 94 L862 110 L802 128 Z"),
                p("mid", "M0 820 C220 760 420 760 600 800 C520 860 500 930 540 1000 H0 Z"),
                p("mid", "M1040 1000 C1060 900 1160 840 1300 810 C1420 790 1520 780 1600 770 V1000 Z"),
                p("near", "M0 920 C180 880 360 900 460 940 L470 1000 H0 Z"),
                p("near", "M1180 1000 C1260 930 1420 900 1600 890 V1000 Z"),
            ]
        case .bloom:
            var flowers: [HTMLNode] = []
            var rng = SceneRandom(seed: 11)
            let hues = ["accent", "bloom-yellow", "bloom-white", "bloom-purple"]
            for i in 0..<64 {
                let x = rng.next(1600), y = 640 + rng.next(360)
                let r = 5 + rng.next(6) + (y - 640) / 60
                flowers.append(.el("g", [("class", hues[i % hues.count])], [
                    c("petal", x - r, y, r), c("petal", x + r, y, r), c("petal", x, y - r, r), c("petal", x, y + r, r),
                    c("bud", x, y, max(r / 2, 2)),
                ]))
            }
            return [
                glow(1200, 200, 240),
                c("sun", 1200, 200, 80),
                cloud(240, 180, 3), cloud(760, 110, 2),
                p("far", "M0 560 C200 470 420 440 640 500 C820 430 1020 420 1200 480 C1380 440 1500 450 1600 470 V1000 H0 Z"),
                p("mid", "M0 650 C300 590 600 600 860 640 C1120 680 1360 620 1600 600 V1000 H0 Z"),
                p("near", "M0 760 C320 700 640 720 960 760 C1240 790 1440 740 1600 720 V1000 H0 Z"),
            ] + flowers
        case .stormClearing:
            let rainbow = ReportPalette.Tone.allCases.filter { $0 != .gray }.enumerated().map { i, tone -> HTMLNode in
                let r = 470 - i * 14
                return p("rainbow-\(tone.rawValue)", "M\(700 - r) 640 A\(r) \(r) 0 0 1 \(700 + r) 640",
                         [("fill", "none"), ("stroke-width", "15")])
            }
            return [
                glow(1270, 230, 260),
                c("sun", 1270, 230, 62),
            ] + rainbow + [
                cloud(-60, 150, 6), cloud(220, 95, 4), cloud(470, 170, 3), cloud(900, 80, 2),
                p("far", "M0 560 L200 470 L360 520 L560 400 L720 330 L800 300 L900 360 L1060 440 L1240 380 L1420 460 L1600 420 V1000 H0 Z"),
                p("far-snow", "M800 300 L720 330 L700 346 L736 342 L764 356 L800 336 L836 354 L866 342 L900 360 L860 330 Z"),
                p("mid", "M0 680 C260 620 520 620 780 660 C1040 700 1300 640 1600 620 V1000 H0 Z"),
                p("near", "M0 820 C300 760 620 780 900 810 C1180 840 1420 780 1600 760 V1000 H0 Z"),
            ]
        }
    }
}

/// A tiny deterministic generator (a linear congruential generator) for
/// scattering stars and flowers the same way every time.
struct SceneRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 }

    /// 0 ..< bound.
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(max(bound, 1)))
    }
}
