import HTLCore
import HTLJSON
import HTLModel

extension JSONBytes {
    /// An action's description as a JSON string, from its bytes (no String is made).
    package mutating func appendQuoted(_ text: ActionText) {
        text.withBytes { appendQuoted(bytes: $0) }
    }
}
