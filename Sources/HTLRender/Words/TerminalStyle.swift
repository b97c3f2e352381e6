import HTLCore
import HTLModel
import HTLProgress

/// ANSI styling, or none. Output never relies on colour alone: every state
/// and number is also written in words and digits.
public struct TerminalStyle: Sendable {
    package enum Color: Int, Sendable {
        case red = 31
        case green = 32
        case yellow = 33
        case blue = 34
        case magenta = 35
        case cyan = 36
        case gray = 90
        case orange = 208
    }

    public let enabled: Bool

    public init(enabled: Bool) {
        self.enabled = enabled
    }

    public static let plain = TerminalStyle(enabled: false)

    package func paint(_ text: String, _ color: Color, bold: Bool = false) -> String {
        guard enabled else { return text }
        let code = color == .orange ? "38;5;208" : String(color.rawValue)
        return "\u{1B}[" + (bold ? "1;" : "") + code + "m" + text + "\u{1B}[0m"
    }

    package func bold(_ text: String) -> String {
        enabled ? "\u{1B}[1m" + text + "\u{1B}[0m" : text
    }

    package func dim(_ text: String) -> String {
        enabled ? "\u{1B}[2m" + text + "\u{1B}[0m" : text
    }
}
