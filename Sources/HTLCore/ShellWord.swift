/// Text made into one POSIX shell word, for commands htl prints or writes
/// (hooks, hints, completions).
public enum ShellWord {
    /// Always single-quoted: `it's` → `'it'\''s'`.
    public static func quoted(_ text: String) -> String {
        "'" + text.replacingAll("'", "'\\''") + "'"
    }

    /// As is when it holds only characters no shell treats specially, else quoted.
    public static func minimal(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.utf8.allSatisfy { b in
                (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                    || "-_./,:@+=%".utf8.contains(b)
            }
        return plain ? text : quoted(text)
    }
}
