import HTLModel

/// What a page of `htl serve` needs beyond the ledger: the form's state and
/// the request's secrets. The page is still a pure function of its input.
public struct AppContext: Sendable {
    /// The CSRF token every form posts back.
    public var csrf: String
    /// `--read-only`: no form is shown.
    public var readOnly: Bool
    /// The log field's text (kept after a refused line).
    public var logText: String = ""
    /// The findings of a refused line, as `htl log` prints them.
    public var findings: String?
    /// What the last write did ("Logged: …").
    public var notice: String?
    /// The running timer, said ("Timer: Piano scales +piano-20h, since 18:47 (25 min)").
    public var timer: String?
    /// Recent distinct action texts, newest first, for one-tap repeats.
    public var recent: [String] = []
    /// The page's own path, where a form returns to.
    public var path: String = "/"
    /// The version of the shown goal's file (`ContentVersion`), which its checklist forms carry.
    public var goalFileVersion: String?
    /// Why the last write was refused, said at the top of the page.
    public var refusal: String?
    /// A refused new goal's fields, by name, shown again in its form.
    public var draft: [String: String] = [:]
    /// The shown goal's fields for its edit form: as its file writes them,
    /// or as typed when an edit was refused.
    public var goalFields: GoalFields?
    /// The edit form is open (`?edit`, or an edit was refused).
    public var editOpen = false
    /// The version the edit form carries when it is not the file's now: a
    /// refused form shown again as typed keeps the version it was drawn
    /// from, so that it can never be saved over a file changed since.
    public var editVersion: String?

    public init(csrf: String, readOnly: Bool) {
        self.csrf = csrf
        self.readOnly = readOnly
    }
}
