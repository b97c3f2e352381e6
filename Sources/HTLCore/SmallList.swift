/// A list that holds its first element in place and only the rest in an
/// array: most log lines have one quantity, one link, at most one tag, so
/// most lists never allocate (a million actions, millions of allocations
/// and reference counts fewer).
public struct SmallList<Element> {
    // The array first: a list of an element of 20 bytes (a String and a
    // 32-bit number) is then 28 bytes, and what follows it fills the rest
    // of its last word.
    @usableFromInline var tail: [Element]
    @usableFromInline var head: Element?

    @inlinable public init() {
        head = nil
        tail = []
    }

    @inlinable public init<S: Sequence>(_ elements: S) where S.Element == Element {
        self.init()
        for element in elements { append(element) }
    }

    @inlinable public mutating func append(_ element: Element) {
        if head == nil { head = element } else { tail.append(element) }
    }

    /// The list's elements, moved out (no copy, no reference counted);
    /// the list is left empty.
    @inlinable public mutating func takeAll() -> SmallList {
        var taken = SmallList()
        swap(&self, &taken)
        return taken
    }
}

extension SmallList: RandomAccessCollection {
    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { head == nil ? 0 : 1 + tail.count }
    /// Counted directly (the collection's default measured the distance
    /// from start to end through a generic call: ~17 instructions a count,
    /// asked of every action's lists several times over).
    @inlinable public var count: Int { head == nil ? 0 : 1 + tail.count }
    @inlinable public var isEmpty: Bool { head == nil }
    @inlinable public var first: Element? { head }

    @inlinable public subscript(position: Int) -> Element {
        position == 0 ? head! : tail[position - 1]
    }
}

extension SmallList {
    // Searches without making an iterator (which copies the list): a line
    // of ten million quantities asks this once per quantity.
    @inlinable public func first(where predicate: (Element) throws -> Bool) rethrows -> Element? {
        guard let head else { return nil }
        if try predicate(head) { return head }
        return try tail.first(where: predicate)
    }

    @inlinable public func contains(where predicate: (Element) throws -> Bool) rethrows -> Bool {
        try first(where: predicate) != nil
    }
}

extension SmallList: ExpressibleByArrayLiteral {
    @inlinable public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension SmallList: Equatable where Element: Equatable {
    @inlinable public static func == (a: SmallList, b: SmallList) -> Bool {
        a.elementsEqual(b)
    }
}

extension SmallList: Sendable where Element: Sendable {}
