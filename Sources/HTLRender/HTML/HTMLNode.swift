import HTLCore
import HTLModel
import HTLProgress

/// A small HTML DSL: typed nodes and a deterministic serializer.
///
/// Text is always escaped; `raw` is only for markup htl builds itself (the
/// stylesheet). Attributes keep the order they are given in, and the layout
/// of the output (line breaks between block elements, two-space indentation)
/// depends on nothing but the tree, so the same tree always gives the same
/// bytes.
package indirect enum HTMLNode: Sendable, Equatable {
    case element(String, [HTMLAttribute], [HTMLNode])
    /// Text, escaped when serialized.
    case text(String)
    /// Markup written as is (the stylesheet, never user text).
    case raw(String)
    /// Children without an element of their own.
    case fragment([HTMLNode])

    package static let empty = HTMLNode.fragment([])

    /// Elements that never have children or a closing tag.
    static let voidElements: Set<String> = ["meta", "link", "br", "hr", "img", "input"]

    /// SVG elements: without children they are written self-closing (`<circle … />`),
    /// as foreign content has no void elements.
    static let svgElements: Set<String> = [
        "svg", "g", "defs", "linearGradient", "radialGradient", "stop", "circle",
        "rect", "path", "polygon", "polyline", "ellipse", "line", "pattern",
    ]

    /// Elements laid out one per line (when all of their children are too).
    static let blockElements: Set<String> = [
        "html", "head", "body", "meta", "title", "style", "header", "nav", "main", "section", "article", "footer",
        "div", "ul", "ol", "li", "h1", "h2", "h3", "h4", "p", "dl", "dt", "dd", "figure", "figcaption", "table",
        "thead", "tbody", "tr", "td", "th", "svg", "g", "defs", "linearGradient", "radialGradient", "stop", "circle",
        "rect", "path", "polygon", "polyline", "ellipse", "line", "text",
    ]

    // MARK: Building

    /// `<name attributes…>children…</name>`; nil attribute values are left out.
    package static func el(_ name: String, _ attributes: [(String, String?)] = [], _ children: [HTMLNode] = [])
        -> HTMLNode
    {
        .element(name, attributes.compactMap { pair in pair.1.map { HTMLAttribute(pair.0, $0) } }, children)
    }

    package static func el(_ name: String, _ attributes: [(String, String?)] = [], text: String) -> HTMLNode {
        el(name, attributes, [.text(text)])
    }

    /// Containers whose children are laid out on lines even when some are
    /// inline elements (never when one is text): between their children
    /// whitespace does not render.
    static let structuralElements: Set<String> = [
        "html", "head", "body", "main", "section", "article", "header", "nav", "footer", "ul", "ol",
        "svg", "g", "defs", "linearGradient", "radialGradient",
    ]

    /// Whether this node is a block element (a line of its own inside a
    /// parent whose children are all blocks).
    var isBlock: Bool {
        switch self {
        case .element(let name, _, _): return HTMLNode.blockElements.contains(name)
        case .text, .raw: return false
        case .fragment(let children): return children.allSatisfy(\.isBlock)
        }
    }

    /// The children with fragments flattened.
    private static func flattened(_ children: [HTMLNode]) -> [HTMLNode] {
        children.flatMap { child -> [HTMLNode] in
            if case .fragment(let inner) = child { return flattened(inner) }
            return [child]
        }
    }

    // MARK: Serializing

    /// The node as HTML text: a block element whose children are all block
    /// elements (or a structural container without text children) puts each
    /// child on a line of its own, indented; any other element keeps its
    /// content on one line, as whitespace there matters.
    package func serialized() -> String {
        var out = ""
        write(into: &out, indent: 0)
        return out
    }

    private func write(into out: inout String, indent: Int) {
        switch self {
        case .fragment(let children):
            for child in children { child.write(into: &out, indent: indent) }
        case .text, .raw:
            writeInline(into: &out)
        case .element where !isBlock:
            // An inline element among block siblings: one line of its own.
            out += String(repeating: " ", count: indent)
            writeInline(into: &out)
            out += "\n"
        case .element(let name, let attributes, let children):
            let pad = String(repeating: " ", count: indent)
            let selfClosing = children.isEmpty && HTMLNode.svgElements.contains(name)
            out += pad
            HTMLNode.openTag(name, attributes, selfClosing: selfClosing, into: &out)
            if HTMLNode.voidElements.contains(name) || selfClosing {
                out += "\n"
                return
            }
            let flat = HTMLNode.flattened(children)
            let onLines =
                flat.allSatisfy(\.isBlock)
                || (HTMLNode.structuralElements.contains(name)
                    && !flat.contains { if case .text = $0 { return true } else { return false } })
            if !flat.isEmpty, onLines {
                out += "\n"
                // The root is not indented: the document stays flat.
                let inner = name == "html" ? indent : indent + 2
                for child in flat { child.write(into: &out, indent: inner) }
                out += pad
            } else {
                for child in flat { child.writeInline(into: &out) }
            }
            out += "</\(name)>\n"
        }
    }

    /// The whole subtree on one line: whitespace between inline nodes matters.
    private func writeInline(into out: inout String) {
        switch self {
        case .text(let text): HTMLEscape.text(text, into: &out)
        case .raw(let markup): out += markup
        case .fragment(let children): for child in children { child.writeInline(into: &out) }
        case .element(let name, let attributes, let children):
            let selfClosing = children.isEmpty && HTMLNode.svgElements.contains(name)
            HTMLNode.openTag(name, attributes, selfClosing: selfClosing, into: &out)
            if HTMLNode.voidElements.contains(name) || selfClosing { return }
            for child in children { child.writeInline(into: &out) }
            out += "</\(name)>"
        }
    }

    private static func openTag(
        _ name: String, _ attributes: [HTMLAttribute], selfClosing: Bool, into out: inout String
    ) {
        out += "<" + name
        for attribute in attributes {
            out += " " + attribute.name
            if let value = attribute.value {
                out += "=\""
                HTMLEscape.attribute(value, into: &out)
                out += "\""
            }
        }
        out += selfClosing ? "/>" : ">"
    }
}

/// One attribute; a nil value is a boolean attribute written by name only.
package struct HTMLAttribute: Sendable, Equatable {
    public var name: String
    public var value: String?

    public init(_ name: String, _ value: String?) {
        self.name = name
        self.value = value
    }
}
