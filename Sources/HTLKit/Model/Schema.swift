/// The keys each file kind accepts, in canonical order (the order `htl fmt`
/// writes them, FORMAT.md §3-5).
public enum Schema {
    public static let settings = ["htl", "title", "term_weeks", "behind_margin", "rules"]
    public static let measure = ["title", "type", "aliases", "equals"]
    public static let value = ["title", "level", "priority", "domain", "guidance"]
    public static let term = ["number", "title", "start", "end", "theme", "status"]
    public static let goal = [
        "title", "kind", "importance", "urgency", "start", "target", "weeks", "term",
        "targets", "values", "tags", "requested_by", "consequence", "status",
    ]

    /// Keys whose value is a mapping written in block style, entries in the user's order.
    public static let nestedMappings: Set<String> = ["rules", "targets", "values"]
}
