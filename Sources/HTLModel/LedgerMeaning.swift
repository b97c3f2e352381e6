import HTLCore

extension Ledger {
    /// The ledger with every position inside a file erased (keys' lines and
    /// columns, checklist lines, columns on log lines): what it means, not
    /// where it is written.
    /// fmt must keep this equal (FORMAT.md §10).
    package func meaning() -> Ledger {
        var copy = self
        copy.measures = MeasureCatalog(meaning: measures)
        copy.settings.rules = settings.rules.map { RuleSetting(rule: $0.rule, level: $0.level) }
        copy.settings.location = .start(of: settings.location.path)
        copy.terms = terms.map { term in
            var t = term
            t.numberLocation = .start(of: term.path)
            return t
        }
        copy.goals = goals.map { $0.meaning() }
        copy.actions = actions.map { action in
            var a = action
            a.quantities = SmallList(
                action.quantities.lazy.map { quantity in
                    var q = quantity
                    q.column = 0
                    return q
                })
            a.links = SmallList(action.links.lazy.map { Action.Link(goal: $0.goal, column: 0) })
            return a
        }
        return copy
    }
}

extension Goal {
    fileprivate func meaning() -> Goal {
        var g = self
        g.startLocation = startLocation.map { .start(of: $0.path) }
        g.targetLocation = targetLocation.map { .start(of: $0.path) }
        g.terms = terms.map { TermReference(number: $0.number, location: .start(of: path)) }
        g.targets = targets.map { Target(measure: $0.measure, amount: $0.amount, location: .start(of: path)) }
        g.values = values.map { Alignment(value: $0.value, strength: $0.strength, location: .start(of: path)) }
        g.cadences = cadences.map {
            Cadence(
                measure: $0.measure, amount: $0.amount, atMost: $0.atMost, period: $0.period, location: .start(of: path)
            )
        }
        g.breaks = breaks.map { Break(days: $0.days, location: .start(of: path)) }
        g.checklist = checklist.map { ChecklistItem(text: $0.text, done: $0.done, line: 0) }
        return g
    }
}

extension MeasureCatalog {
    fileprivate init(meaning catalog: MeasureCatalog) {
        self = catalog
        self.erasePositions()
    }
}
