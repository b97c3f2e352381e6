import HTLProgress

/// "How to read this page": every colour, mark and square the page uses, in
/// words, so that nothing needs a tooltip or a guess.
extension Page {
    /// A data table: the legend's words, in the page's order.
    var legend: N {
        let states: [(GoalState, String)] = [
            (.overdue, "past its target date, not complete"),
            (.behind, "under the even-pace line by more than the margin, or a rhythm missed"),
            (.notStarted, "nothing counted yet"),
            (.onTrack, "on or above the even-pace line"),
            (.nearComplete, "75 % or more of the way"),
            (.completed, "done"),
            (.dropped, "let go; left out of means"),
        ]
        let periods: [(CadenceProgress.Status, String)] = [
            (.met, "filled: period kept"), (.missed, "outlined: period missed"),
            (.open, "dashed: this period, still open"),
            (.excused, "a dash: a break, excused"), (.future, "grey: still to come"),
        ]
        return .el(
            "section", [("class", "legend-card card"), ("aria-labelledby", "legend-title")],
            [
                .el("h2", [("id", "legend-title")], [.text("How to read this page")]),
                .el("h3", text: "A goal's colour is its state"),
                .el(
                    "ul", [("class", "legend")],
                    states.map { state, meaning in
                        .el(
                            "li", [],
                            [
                                .el("span", [("class", "dot state-\(state.rawValue)"), ("aria-hidden", "true")]),
                                .el("span", [], [.el("b", text: state.words), .text(": " + meaning)]),
                            ])
                    }),
                .el("h3", text: "Values and terms"),
                .el(
                    "ul", [("class", "legend-lines")],
                    [
                        .el(
                            "li",
                            text:
                                "Their gauges are coloured by progress: red under 25 %, orange under 50 %, yellow "
                                + "under 75 %, green under 100 %, blue at 100 % or more."
                        ),
                        .el(
                            "li",
                            text:
                                "A value chip on a goal (\u{201C}Health 9\u{201D}) names a value the goal serves and "
                                + "how strongly, from 1 to 10."
                        ),
                        .el(
                            "li",
                            text:
                                "A badge \u{201C}importance 9\u{201D} marks a goal in play whose importance stands "
                                + "out from the default 8."
                        ),
                    ]),
                .el("h3", text: "Charts"),
                .el(
                    "ul", [("class", "legend-lines")],
                    [
                        .el(
                            "li",
                            text:
                                "Thick line, in the goal's colour: the total so far, day by day (a correction steps "
                                + "down)."
                        ),
                        .el(
                            "li",
                            text:
                                "Thin grey line: the even pace, from nothing at the start to the target on the target "
                                + "date."
                        ),
                        .el(
                            "li", text: "Tinted area: the gap between the two, in days ahead or behind under the chart."
                        ),
                        .el("li", text: "Dotted upright: today. Dashed line: where the pace so far leads."),
                        .el("li", text: "Activity calendar: one square per day, darker for more actions."),
                    ]),
                .el("h3", text: "Rhythm squares, one per period"),
                .el(
                    "ul", [("class", "legend")],
                    periods.map { status, meaning in
                        .el(
                            "li", [],
                            [
                                .el(
                                    "span",
                                    [
                                        ("class", "period \(status.rawValue)" + (status == .met ? " fill-green" : "")),
                                        ("aria-hidden", "true"),
                                    ]),
                                .el("span", [], [.text(meaning)]),
                            ])
                    }),
                .el("p", [("class", "facts")], [.text("Background tint: \(scene.meaning).")]),
            ])
    }
}
