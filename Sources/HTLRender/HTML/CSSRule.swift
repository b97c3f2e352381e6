/// One CSS rule. `textOn` names the backgrounds the rule's text colour
/// (`color`, or `fill` for SVG text) is read on, so that the contrast test
/// can check every pair the page uses.
struct CSSRule: Sendable {
    var selector: String
    var declarations: [(property: String, value: String)]
    var textOn: [ReportPalette.Token]

    init(_ selector: String, _ declarations: [(String, String)], on textOn: [ReportPalette.Token] = []) {
        self.selector = selector
        self.declarations = declarations.map { (property: $0.0, value: $0.1) }
        self.textOn = textOn
    }

    func value(of property: String) -> String? {
        declarations.last { $0.property == property }?.value
    }
}

/// A group of rules, optionally under a media query.
struct CSSBlock: Sendable {
    var media: String?
    var rules: [CSSRule]
}
