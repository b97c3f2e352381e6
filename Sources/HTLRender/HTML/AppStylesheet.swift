/// The few rules `htl serve`'s pages add to the report's stylesheet: the
/// log form, the goal forms and filters, the current page in the header. Written with
/// the report's custom properties, so light and dark come with them.
enum AppStylesheet {
    static let css = """
        .log, .filters { margin-bottom: var(--space-lg); }
        .log-form { display: flex; flex-direction: column; gap: var(--space-xs); }
        .log-row { display: flex; gap: var(--space-xs); }
        .log-row input { flex: 1; min-width: 0; }
        input[type=text], input[type=number], input[type=date], select { font: inherit; font-size: 1rem; color: var(--text); background: var(--surface-inset); \
        border: 1px solid var(--text-secondary); border-radius: var(--radius-sm); padding: var(--space-xs) var(--space-sm); \
        min-height: 2.75rem; }
        button { font: inherit; font-weight: 700; color: var(--surface); background: var(--link); border: 0; \
        border-radius: var(--radius-sm); padding: var(--space-xs) var(--space-md); min-height: 2.75rem; cursor: pointer; }
        button.pill { min-height: 2.75rem; color: var(--tone-blue-ink); background: var(--tone-blue-soft); \
        white-space: normal; text-align: left; }
        input:focus-visible, select:focus-visible, button:focus-visible { outline: 3px solid var(--focus); \
        outline-offset: 1px; }
        .findings { white-space: pre-wrap; overflow-x: auto; font-size: var(--font-footnote); color: var(--text); \
        background: var(--tone-red-soft); border-radius: var(--radius-sm); padding: var(--space-sm); margin: 0; }
        .notice { color: var(--tone-green-ink); font-weight: 600; }
        .repeats { display: flex; flex-wrap: wrap; gap: var(--space-xs); align-items: center; }
        .filters { display: flex; flex-wrap: wrap; gap: var(--space-xs); align-items: center; flex-direction: row; }
        .bar nav a[aria-current=page] { font-weight: 800; text-decoration: underline; }
        .checklist-items { display: flex; flex-direction: column; gap: var(--space-xs); }
        button.tick { width: 100%; text-align: left; color: var(--text); background: var(--surface-inset); \
        font-weight: 600; }
        button.tick.done { color: var(--tone-green-ink); background: var(--tone-green-soft); }
        .new-goal summary, .edit-goal summary { font-weight: 700; cursor: pointer; color: var(--link); }
        .edit-goal { margin-top: var(--space-md); }
        .fields .span { grid-column: 1 / -1; }
        fieldset.entries { display: flex; flex-direction: column; gap: var(--space-xs); margin: 0; min-width: 0; \
        padding: var(--space-sm); border: 1px solid var(--text-secondary); border-radius: var(--radius-sm); }
        fieldset.entries legend { font-weight: 700; padding: 0 var(--space-xs); }
        .entry-row { display: flex; gap: var(--space-xs); }
        .entry-row select { flex: 0 1 10rem; min-width: 0; }
        .entry-row input { flex: 1; min-width: 0; }
        fieldset.values { display: grid; grid-template-columns: minmax(0, 12rem) minmax(0, 1fr); align-items: center; }
        fieldset.values legend { grid-column: 1 / -1; }
        .card.notice, .card.timer { margin-bottom: var(--space-md); }
        .card.timer { font-weight: 600; }
        .burnup { max-width: 32rem; }
        .fields { display: grid; grid-template-columns: minmax(0, 12rem) minmax(0, 1fr); gap: var(--space-xs); \
        align-items: center; margin-top: var(--space-sm); }
        .fields button { grid-column: 1 / -1; justify-self: start; }
        @media (max-width: 40em) { .fields { grid-template-columns: minmax(0, 1fr); } }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); \
        white-space: nowrap; }

        """
}
