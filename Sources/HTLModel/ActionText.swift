import HTLCore

/// An action's description, kept as bytes: most are a stretch of the log
/// line they were read from, so they point into the log's bytes (shared,
/// not copied) instead of each holding a String of its own. A million
/// actions are a million allocations fewer (and ~50 MB smaller); the text
/// is made into a String only when something asks for it.
public struct ActionText: Sendable {
    /// The bytes a description points into: a log file's (shared by all its
    /// actions), or a description's own (quoted text, words apart, a
    /// description given as a String); and the path of the log the action
    /// is in (held once here, not by each action: see `Action.path`).
    package final class Store: Sendable {
        package let bytes: [UInt8]
        package let path: String
        /// Whether `bytes` is a whole log file (the text can move to a later
        /// version of the file whose start is unchanged: `rebased`).
        let isFile: Bool

        package init(file bytes: [UInt8], path: String) {
            self.bytes = bytes
            self.path = path
            isFile = true
        }

        init(own bytes: [UInt8], path: String) {
            self.bytes = bytes
            self.path = path
            isFile = false
        }
    }

    // Stored, and visible to the package: a writer reading actions through
    // a pointer projects to these without copying the action (a computed
    // property's getter copied all of it, a reference count per String and
    // list it holds).
    package let store: Store
    /// Where the text starts in the store's bytes, and how many bytes it is.
    package let start: UInt32
    package let count: UInt32

    /// A text of its own, in the log at `path` (none: a text on its own).
    public init(_ string: String, path: String = "") {
        self.init(own: Array(string.utf8), path: path)
    }

    /// A description that is not one stretch of its line (its bytes are kept apart).
    package init(own bytes: [UInt8], path: String) {
        // A log line is far shorter than 4 GiB; a longer text would be cut.
        let kept = bytes.count <= Int(UInt32.max) ? bytes : Array(bytes[0..<Int(UInt32.max)])
        self.init(store: Store(own: kept, path: path), start: 0, count: UInt32(kept.count))
    }

    /// `range` of a log file's bytes held by `store`.
    package init(_ store: Store, _ range: Range<Int>) {
        if range.upperBound <= Int(UInt32.max) {
            self.init(store: store, start: UInt32(range.lowerBound), count: UInt32(range.count))
        } else {
            self.init(own: Array(store.bytes[range]), path: store.path)
        }
    }

    private init(store: Store, start: UInt32, count: UInt32) {
        self.store = store
        self.start = start
        self.count = count
    }

    public var string: String {
        withBytes { RawBytes.string($0) }
    }

    public var isEmpty: Bool { count == 0 }

    /// The path of the log the text is in.
    public var path: String { store.path }

    /// The same text in the log at `path` (its bytes copied when the path differs).
    package func moved(to path: String) -> ActionText {
        store.path == path ? self : ActionText(own: Array(store.bytes[range]), path: path)
    }

    /// Every byte of the text's store (the log's, for a text read from one).
    /// With `start` and `count`, a writer reads a run of actions of one
    /// store without a reference count per action: two cores counting
    /// references to the one store of a log waited on each other's caches.
    package func withStoreBytes<R>(_ body: (Span<UInt8>) throws -> R) rethrows -> R {
        let bytes = store.bytes
        return try body(bytes.span)
    }

    /// The text's UTF-8 bytes, without making a String.
    package func withBytes<R>(_ body: (Span<UInt8>) throws -> R) rethrows -> R {
        let bytes = store.bytes
        return try body(bytes.span.extracting(range))
    }

    /// Where the text lies among its store's bytes.
    package var range: Range<Int> { ActionText.range(start: start, count: count) }

    /// The text at `start`, `count` among its store's bytes (taken as
    /// numbers, so a reader of a run of actions copies no text to ask).
    package static func range(start: UInt32, count: UInt32) -> Range<Int> {
        Int(start)..<Int(start) + Int(count)
    }

    /// The same text in `file`, a later version of the log whose bytes up to
    /// and past this text are unchanged (an edited log read again from the
    /// first changed line): the earlier version's bytes are let go.
    package func rebased(onto file: Store) -> ActionText {
        guard store.isFile, store !== file, store.path == file.path, Int(start + count) <= file.bytes.count else {
            return self
        }
        return ActionText(file, Int(start)..<Int(start + count))
    }
}

extension ActionText: Equatable {
    public static func == (a: ActionText, b: ActionText) -> Bool {
        a.store.bytes[a.range].elementsEqual(b.store.bytes[b.range])
    }
}
