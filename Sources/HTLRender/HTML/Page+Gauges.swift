import HTLCore
import HTLModel
import HTLProgress

/// Circular and linear gauges with accessible labels.
extension Page {
    /// "Run 100 km. 34 percent complete" (percent rounded down, as in the text reports).
    static func gaugeLabel(_ subject: String, _ progress: ExactDecimal?) -> String {
        guard let progress else { return "\(subject). No measured progress" }
        return "\(subject). \(progress.multiplied(by: 100).floor) percent complete"
    }

    static func percentWords(_ value: ExactDecimal?) -> String {
        guard let value else { return "no measured progress" }
        return "\(value.multiplied(by: 100).floor) percent"
    }

    /// Capped to [0, 100] with two decimals: the length of a filled arc or bar.
    static func share(_ value: ExactDecimal) -> String {
        min(max(value, .zero), .one).multiplied(by: 100).formatted(fractionDigits: 2)
    }

    /// A circular gauge: inline SVG, the arc's length from the progress.
    static func ring(
        _ progress: ExactDecimal?, strokeClass: String, large: Bool, caption: String?, label: String,
        done: Bool = false
    ) -> N {
        var parts: [N] = [
            .el("circle", [("class", "ring-track"), ("cx", "50"), ("cy", "50"), ("r", "42"), ("stroke-width", "10")])
        ]
        let filled = progress.map { min(max($0, .zero), .one) } ?? (done ? .one : .zero)
        if filled.isPositive {
            parts.append(
                .el(
                    "circle",
                    [
                        ("class", "ring-fill " + strokeClass), ("cx", "50"), ("cy", "50"), ("r", "42"),
                        ("stroke-width", "10"), ("stroke-linecap", "round"), ("pathLength", "100"),
                        ("stroke-dasharray", "\(share(filled)) 100"), ("transform", "rotate(-90 50 50)"),
                    ]))
        }
        let valueText = progress.map { TextLayout.percent($0) } ?? (done ? "done" : "—")
        let valueY = caption == nil ? "50" : "46"
        parts.append(
            .el(
                "text",
                [
                    ("class", "ring-value"), ("x", "50"), ("y", valueY), ("text-anchor", "middle"),
                    ("dominant-baseline", "central"), ("font-size", valueText.count > 4 ? "19" : "22"),
                ],
                [.text(valueText)]))
        if let caption {
            parts.append(
                .el(
                    "text",
                    [
                        ("class", "ring-caption"), ("x", "50"), ("y", "66"), ("text-anchor", "middle"),
                        ("dominant-baseline", "central"), ("font-size", "11"),
                    ], [.text(caption)]))
        }
        return .el(
            "svg",
            [
                ("class", large ? "ring large" : "ring"), ("viewBox", "0 0 100 100"), ("role", "img"),
                ("aria-label", label),
            ], parts)
    }

    /// A linear gauge: a visible label `45 / 100 km (45%)` and a bar with
    /// role progressbar.
    static func linearGauge(
        label: String?, amount: String, fraction: ExactDecimal, fillClass: String, large: Bool = false,
        ariaLabel: String, valueText: String
    ) -> N {
        var parts: [N] = []
        if let label {
            parts.append(
                .el(
                    "div", [("class", "gauge-label")],
                    [
                        .el("span", [], [.text(label)]),
                        .el("span", [("class", "amount")], [.text(amount)]),
                    ]))
        } else {
            parts.append(.el("div", [("class", "gauge-label")], [.el("span", [("class", "amount")], [.text(amount)])]))
        }
        parts.append(bar(fraction, fillClass: fillClass, large: large, ariaLabel: ariaLabel, valueText: valueText))
        return .el("div", [("class", "gauge")], parts)
    }

    /// The bar of a linear gauge (role progressbar, value 0-100, capped).
    static func bar(_ fraction: ExactDecimal, fillClass: String, large: Bool, ariaLabel: String, valueText: String) -> N
    {
        let now = min(max(fraction, .zero), .one).multiplied(by: 100).floor
        return .el(
            "div",
            [
                ("class", large ? "bar-track large" : "bar-track"), ("role", "progressbar"), ("aria-label", ariaLabel),
                ("aria-valuemin", "0"), ("aria-valuemax", "100"), ("aria-valuenow", String(now)),
                ("aria-valuetext", valueText),
            ],
            [
                .el("span", [("class", "bar-fill " + fillClass), ("style", "width: \(share(fraction))%")])
            ])
    }
}
