/// The few collection questions htl asks of a `Span<UInt8>` (a span is not a
/// `Collection`): each reads through the span's checked subscript.
extension Span where Element == UInt8 {
    package var first: UInt8? { isEmpty ? nil : self[0] }

    package var last: UInt8? { isEmpty ? nil : self[count - 1] }

    package func allSatisfy(_ predicate: (UInt8) -> Bool) -> Bool {
        for i in indices where !predicate(self[i]) { return false }
        return true
    }

    package func contains(where predicate: (UInt8) -> Bool) -> Bool {
        !allSatisfy { !predicate($0) }
    }

    package func starts(with prefix: [UInt8]) -> Bool {
        guard prefix.count <= count else { return false }
        for i in prefix.indices where self[i] != prefix[i] { return false }
        return true
    }

    package func elementsEqual(_ other: [UInt8]) -> Bool {
        guard other.count == count else { return false }
        for i in indices where self[i] != other[i] { return false }
        return true
    }

    package func elementsEqual(_ other: Span<UInt8>) -> Bool {
        guard other.count == count else { return false }
        for i in indices where self[i] != other[i] { return false }
        return true
    }
}
