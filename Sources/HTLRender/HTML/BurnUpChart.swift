import HTLCore
import HTLModel
import HTLProgress

/// The geometry of a burn-up chart, in a 320 × 132 view box. Coordinates
/// are exact: integer tenths of a unit, from exact decimals, so the same
/// series always gives the same bytes.
///
/// Days run left to right, each a column; a total is drawn at the end of its
/// day. The even-pace line climbs from nothing at the end of the day before
/// the start to the target at the end of the target date.
package struct BurnUpChart {
    package static let width = 320
    package static let height = 132
    static let left = 6, right = 6, top = 18, bottom = 20
    static var plotWidth: Int { width - left - right }
    static var plotHeight: Int { height - top - bottom }

    package let series: BurnUp
    /// The first day drawn: the start, or an earlier linked action's day, or
    /// today when the goal has not started.
    package let firstDay: CivilDate
    /// The last day drawn: the target date or today, whichever is later.
    package let lastDay: CivilDate
    let low: ExactDecimal
    /// The top of the scale: the target, or the total when it went past.
    package let high: ExactDecimal

    package init(_ series: BurnUp) {
        self.series = series
        firstDay = min(series.start, series.points.first?.date ?? series.start, series.today)
        lastDay = max(series.end ?? series.today, series.today, firstDay)
        low = min(.zero, series.points.map(\.total).min() ?? .zero)
        let top = max(series.target, series.points.map(\.total).max() ?? .zero)
        high = top > low ? top : low + .one
    }

    var days: Int { firstDay.days(until: lastDay) + 1 }

    /// x of the end of `day` (the start of the first day for the day before it), in tenths.
    package func x(endOf day: CivilDate) -> Int {
        let k = min(max(firstDay.days(until: day) + 1, 0), days)
        return BurnUpChart.left * 10 + k * BurnUpChart.plotWidth * 10 / days
    }

    /// y of an amount, in tenths (larger amounts higher up).
    package func y(_ amount: ExactDecimal) -> Int {
        // In [0, 1] for every amount drawn; clamped, as saturated sums may not be.
        let share = min(max((amount - low).divided(by: high - low) ?? .zero, .zero), .one)
        let h = Int128(BurnUpChart.plotHeight * 10)
        return BurnUpChart.top * 10 + BurnUpChart.plotHeight * 10 - Int(share.millionths * h / ExactDecimal.scale)
    }

    /// The running total as steps: flat until a day's end, then up (or down).
    /// Past one day per unit of width, days share a unit-wide column and a
    /// column keeps one step: the path never outgrows the picture.
    package var actualPoints: [(x: Int, y: Int)] {
        let coarse = days > BurnUpChart.plotWidth
        var points = [(x: x(endOf: firstDay.adding(days: -1)), y: y(.zero))]
        for p in series.points {
            let px = coarse ? x(endOf: p.date) / 10 * 10 : x(endOf: p.date)
            let py = y(p.total)
            if points.count >= 2, points[points.count - 1].x == px, points[points.count - 2].x == px {
                points[points.count - 1].y = py
                continue
            }
            points.append((px, points.last!.y))
            points.append((px, py))
        }
        points.append((x(endOf: series.today), points.last!.y))
        return points
    }

    /// The even-pace line, when the goal has a start and a target date in
    /// order; past the target date it stays at the target, up to today.
    package var idealPoints: [(x: Int, y: Int)]? {
        guard let start = series.lineStart, let end = series.end, start <= end else { return nil }
        var points = [(x: x(endOf: start.adding(days: -1)), y: y(.zero)), (x: x(endOf: end), y: y(series.target))]
        if series.today > end { points.append((x(endOf: series.today), y(series.target))) }
        return points
    }

    package func ideal(on day: CivilDate) -> ExactDecimal? { series.ideal(on: day) }

    var idealToday: ExactDecimal? { ideal(on: series.today) }

    /// The gap between the total and the even-pace line, from the start to
    /// today: along the total, then back along the line.
    package var gapPoints: [(x: Int, y: Int)]? {
        guard let ideal = idealPoints, let atToday = idealToday, let start = series.lineStart, let end = series.end
        else { return nil }
        let startX = ideal[0].x
        let climb = actualPoints.filter { $0.x > startX }
        guard !climb.isEmpty else { return nil }
        var back = [(x: x(endOf: series.today), y: y(atToday))]
        if series.today > end { back.append(ideal[1]) }
        // Linked actions dated before the start already count on it.
        return [(startX, y(series.total(on: start.adding(days: -1))))] + climb + back + [ideal[0]]
    }

    /// The projection from today's total to the projected finish, when it
    /// falls inside the chart.
    package var projectionPoints: [(x: Int, y: Int)]? {
        guard let finish = series.projectedFinish, finish <= lastDay else { return nil }
        return [(x(endOf: series.today), y(series.total)), (x(endOf: finish), y(series.target))]
    }

    /// `12.3`: tenths as SVG number text.
    package static func number(_ tenths: Int) -> String {
        let sign = tenths < 0 ? "-" : ""
        let m = abs(tenths)
        return m % 10 == 0 ? "\(sign)\(m / 10)" : "\(sign)\(m / 10).\(m % 10)"
    }

    /// `M6 114 H102.5 V90 …` (or `L` for sloped lines), closed with `Z` for areas.
    package static func path(_ points: [(x: Int, y: Int)], closed: Bool = false) -> String {
        var d = ""
        for (i, p) in points.enumerated() {
            if i > 0, p == points[i - 1] { continue }
            // A point in the middle of a straight run adds nothing.
            if i > 0, i + 1 < points.count {
                let (a, b) = (points[i - 1], points[i + 1])
                if a.y == p.y && b.y == p.y && (a.x - p.x) * (p.x - b.x) >= 0 { continue }
                if a.x == p.x && b.x == p.x && (a.y - p.y) * (p.y - b.y) >= 0 { continue }
            }
            if i == 0 {
                d += "M\(number(p.x)) \(number(p.y))"
            } else if p.y == points[i - 1].y {
                d += " H\(number(p.x))"
            } else if p.x == points[i - 1].x {
                d += " V\(number(p.y))"
            } else {
                d += " L\(number(p.x)) \(number(p.y))"
            }
        }
        return closed ? d + " Z" : d
    }
}
