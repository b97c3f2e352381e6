import HTLCore

/// An object written member by member straight into bytes, in the layout
/// of `JSON.serialized()` (two spaces per level, one member per line, `{}`
/// when empty): for objects written many times over (a goal of `status`
/// and `export`), where building a `JSON` tree first, then writing and
/// freeing it, cost more than the writing.
package struct JSONObjectWriter {
    /// The indentation the object opens at.
    package let indent: Int
    private(set) var count = 0

    /// Opens an object at `indent`.
    package init(_ out: inout JSONBytes, indent: Int) {
        self.indent = indent
        out.append("{")
    }

    /// A whole object at `indent`: opened, its members written by `members`, closed.
    package static func write(
        into out: inout JSONBytes, indent: Int, _ members: (inout JSONObjectWriter, inout JSONBytes) -> Void
    ) {
        var object = JSONObjectWriter(&out, indent: indent)
        members(&object, &out)
        object.close(&out)
    }

    /// The next member's name; its value is written next, at `valueIndent`.
    package mutating func key(_ name: StaticString, _ out: inout JSONBytes) {
        out.key(literal: name, at: count, indent: indent)
        count += 1
    }

    /// The indentation a member's value (an object or a list) opens at.
    package var valueIndent: Int { indent + 2 }

    package func close(_ out: inout JSONBytes) {
        out.close("}", count: count, indent: indent)
    }

    // MARK: Members with values of their own kind

    package mutating func int(_ name: StaticString, _ value: Int?, _ out: inout JSONBytes) {
        member(name, value, &out) { n, out in out.append(n) }
    }

    package mutating func decimal(_ name: StaticString, _ value: ExactDecimal?, _ out: inout JSONBytes) {
        member(name, value, &out) { d, out in out.append(d) }
    }

    package mutating func string(_ name: StaticString, _ value: String?, _ out: inout JSONBytes) {
        member(name, value, &out) { s, out in out.appendQuoted(s) }
    }

    package mutating func date(_ name: StaticString, _ value: CivilDate?, _ out: inout JSONBytes) {
        member(name, value, &out) { d, out in out.appendQuoted(d) }
    }

    /// A member written by `write`, or `null` when there is no value.
    private mutating func member<T>(
        _ name: StaticString, _ value: T?, _ out: inout JSONBytes, _ write: (T, inout JSONBytes) -> Void
    ) {
        key(name, &out)
        if let value { write(value, &out) } else { out.append("null") }
    }

    package mutating func bool(_ name: StaticString, _ value: Bool, _ out: inout JSONBytes) {
        key(name, &out)
        out.append(value ? "true" : "false")
    }

    package mutating func null(_ name: StaticString, _ out: inout JSONBytes) {
        key(name, &out)
        out.append("null")
    }

    /// A member whose value is a `JSON` tree (something small and rare).
    package mutating func value(_ name: StaticString, _ value: JSON, _ out: inout JSONBytes) {
        key(name, &out)
        value.write(into: &out, indent: valueIndent)
    }

    /// A list of scalars, on one line as `JSON` writes it: `[1, 2]`, `[]`.
    package mutating func list<C: Collection>(
        _ name: StaticString, _ items: C, _ out: inout JSONBytes,
        _ write: (C.Element, inout JSONBytes) -> Void
    ) {
        key(name, &out)
        out.append("[")
        var first = true
        for item in items {
            if !first { out.append(", ") }
            first = false
            write(item, &out)
        }
        out.append("]")
    }

    /// A list of objects, one per line (`[]` when empty); `members` writes
    /// each item's members.
    package mutating func objects<C: Collection>(
        _ name: StaticString, _ items: C, _ out: inout JSONBytes,
        _ members: (C.Element, inout JSONObjectWriter, inout JSONBytes) -> Void
    ) {
        key(name, &out)
        out.append("[")
        var n = 0
        for item in items {
            out.element(n, indent: valueIndent)
            JSONObjectWriter.write(into: &out, indent: valueIndent + 2) { o, out in members(item, &o, &out) }
            n += 1
        }
        out.close("]", count: n, indent: valueIndent)
    }

    /// A member whose value is an object, its members written by `members`.
    package mutating func object(
        _ name: StaticString, _ out: inout JSONBytes, _ members: (inout JSONObjectWriter, inout JSONBytes) -> Void
    ) {
        key(name, &out)
        JSONObjectWriter.write(into: &out, indent: valueIndent, members)
    }
}
