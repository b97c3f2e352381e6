import HTLCore

/// The declared measures with name lookup (ids and aliases) and conversions.
public struct MeasureCatalog: Sendable, Equatable {
    public private(set) var measures: [Measure]
    private var indexByName: [String: Int]
    /// Per measure: the root of its conversion tree and how many root units one unit is.
    private var roots: [(root: Int, factor: Fraction)]

    public init(measures: [Measure] = []) {
        self.measures = measures
        indexByName = [:]
        for (i, m) in measures.enumerated() {
            if indexByName[m.id] == nil { indexByName[m.id] = i }
        }
        for (i, m) in measures.enumerated() {
            for alias in m.aliases where indexByName[alias] == nil {
                indexByName[alias] = i
            }
        }
        roots = measures.indices.map { ($0, Fraction.one) }
        allNames = measures.flatMap { [$0.id] + $0.aliases }
    }

    /// The measure id for an id or alias.
    package func measureID(for name: String) -> String? {
        indexByName[name].map { measures[$0].id }
    }

    /// The position in `measures` of an id or alias.
    public func index(for name: String) -> Int? {
        indexByName[name]
    }

    package func measure(named name: String) -> Measure? {
        indexByName[name].map { measures[$0] }
    }

    /// How an amount of the measure `name` (an id, an alias or `actions`)
    /// is worded: the id for any number but 1, `singular` for 1, and
    /// whether it counts whole things (a `count` measure, or actions),
    /// whose needed amounts are whole numbers. An unknown name is itself.
    public func words(for name: String) -> (plural: String, singular: String, whole: Bool) {
        if let m = measure(named: name) { return (m.id, m.singular, m.kind == .count) }
        if name == Goal.actionsMeasure { return (name, "action", true) }
        return (name, name, false)
    }

    /// Every id and alias, for suggestions.
    package private(set) var allNames: [String] = []

    /// Installs the conversion graph. `usable` lists, per measure index, whether
    /// its `equals` passed validation (known unit, same type, no cycle).
    /// Returns the measures whose chain of factors is too large to compute
    /// exactly; those convert to nothing.
    @discardableResult
    package mutating func installConversions(usable: [Bool]) -> [Int] {
        var tooLarge: [Int] = []
        var resolved = [(root: Int, factor: Fraction)?](repeating: nil, count: measures.count)
        for start in measures.indices {
            var chain: [Int] = []
            var current = start
            var guardSteps = 0
            while resolved[current] == nil, usable[current], let eq = measures[current].equals,
                let next = indexByName[eq.unit], guardSteps <= measures.count
            {
                chain.append(current)
                current = next
                guardSteps += 1
            }
            if resolved[current] == nil { resolved[current] = (current, .one) }
            // Unwind: factor(m) = amount(m) × factor(next).
            for m in chain.reversed() {
                guard let eq = measures[m].equals, let next = indexByName[eq.unit], let base = resolved[next] else {
                    resolved[m] = (m, .one)
                    continue
                }
                if let factor = Fraction(eq.amount).multiplied(by: base.factor), factor.fitsConversions {
                    resolved[m] = (base.root, factor)
                } else {
                    resolved[m] = (m, .one)
                    tooLarge.append(m)
                }
            }
        }
        roots = resolved.enumerated().map { $0.element ?? ($0.offset, .one) }
        return tooLarge
    }

    /// Whether measure `a` converts to measure `b` (positions in `measures`).
    /// The measure every measure convertible to `index` converts to (its
    /// group's representative): two measures convert iff their roots match.
    package func root(of index: Int) -> Int {
        roots[index].root
    }

    package func canConvert(from a: Int, to b: Int) -> Bool {
        roots[a].root == roots[b].root
    }

    /// `amount` of measure `a` expressed in measure `b` (positions in
    /// `measures`), rounded half-even to six fractional digits; nil when the
    /// two are not connected by conversions.
    package func convert(_ amount: ExactDecimal, from a: Int, to b: Int) -> ExactDecimal? {
        guard roots[a].root == roots[b].root else { return nil }
        if a == b { return amount }
        guard let inverse = roots[b].factor.inverse, let factor = roots[a].factor.multiplied(by: inverse) else {
            return nil
        }
        return factor.applySaturating(to: amount)
    }

    /// Positions erased, for `Ledger.meaning()`.
    mutating func erasePositions() {
        measures = measures.map { m in
            var m = m
            m.location = .start(of: m.location.path)
            if var conversion = m.equals {
                conversion.location = .start(of: conversion.location.path)
                m.equals = conversion
            }
            return m
        }
    }

    /// Equal when the measures and the conversions installed are.
    public static func == (a: MeasureCatalog, b: MeasureCatalog) -> Bool {
        a.measures == b.measures && a.roots.count == b.roots.count
            && zip(a.roots, b.roots).allSatisfy { $0.root == $1.root && $0.factor == $1.factor }
    }
}
