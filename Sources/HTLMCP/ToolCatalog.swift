import HTLJSON
import MCP

/// The tools `htl mcp` offers, with their JSON Schemas. Read tools answer
/// with the JSON documents of `htl … --json` (docs/CLI.md); write tools
/// exist only with `--allow-writes`.
enum ToolCatalog {
    static func schema(_ properties: [String: Value], required: [String] = []) -> Value {
        .object([
            "type": .string("object"),
            "properties": .object(properties),
            "required": .array(required.map(Value.string)),
            "additionalProperties": .bool(false),
        ])
    }

    static func property(_ type: String, _ description: String) -> Value {
        .object(["type": .string(type), "description": .string(description)])
    }

    static let goal = property("string", "A goal's id (its file name without .md), or the start of exactly one id.")
    static let date = property("string", "A date, YYYY-MM-DD.")

    static let read: [Tool] = [
        Tool(
            name: "status",
            description:
                "The dashboard: the current term and every goal in play, in attention order (what needs attention "
                + "first).",
            inputSchema: schema(["all": property("boolean", "Also completed and dropped goals.")]),
            annotations: .init(readOnlyHint: true)),
        Tool(
            name: "progress",
            description:
                "One goal in detail: targets with actual, remaining and the rate needed, cadences, pace, checklist, "
                + "values and its actions.",
            inputSchema: schema(["goal": goal], required: ["goal"]), annotations: .init(readOnlyHint: true)),
        Tool(
            name: "values",
            description:
                "Value alignment: per value its goals, mean strength, weighted progress, actions in 30 days and "
                + "whether it is neglected.",
            inputSchema: schema([:]), annotations: .init(readOnlyHint: true)),
        Tool(
            name: "terms", description: "Every ten-week term: dates, state, week, goals committed and mean progress.",
            inputSchema: schema([:]), annotations: .init(readOnlyHint: true)),
        Tool(
            name: "actions",
            description: "Logged actions, newest first, optionally for one goal or tag and between two dates.",
            inputSchema: schema([
                "goal": goal, "tag": property("string", "A tag, without #."), "from": date, "to": date,
            ]),
            annotations: .init(readOnlyHint: true)),
        Tool(
            name: "check",
            description: "Validate the ledger: every finding with its file, line, column, rule and message.",
            inputSchema: schema([:]), annotations: .init(readOnlyHint: true)),
        Tool(
            name: "next",
            description:
                "What to do now: goals by importance × urgency (do now, schedule, keep up, let go), each with its "
                + "next step.",
            inputSchema: schema([:]), annotations: .init(readOnlyHint: true)),
        Tool(
            name: "due", description: "Goals overdue, and goals due within some days.",
            inputSchema: schema(["within": property("integer", "Days ahead (default 7).")]),
            annotations: .init(readOnlyHint: true)),
        Tool(
            name: "diff",
            description:
                "Progress at one git revision against another (default: HEAD against the working tree): goals added, "
                + "removed and changed, with their progress and state before and after.",
            inputSchema: schema([
                "from": property("string", "The earlier revision (default HEAD)."),
                "to": property("string", "The later revision (default: the working tree)."),
                "as_of": property(
                    "string",
                    "Judge both sides on this day (YYYY-MM-DD), to see what the changes alone did "
                        + "(default: a revision on the day it was committed, the working tree today)."),
            ]),
            annotations: .init(readOnlyHint: true)),
        Tool(
            name: "review",
            description:
                "The weekly (or current term's) review: done, moved, stalled, due, neglected values and prompts, with "
                + "every number.",
            inputSchema: schema(["term": property("boolean", "Review the current term instead of the week.")]),
            annotations: .init(readOnlyHint: true)),
    ]

    static let write: [Tool] = [
        Tool(
            name: "log_action",
            description:
                "Append one action to the log, checked exactly as `htl log` checks it (unknown goal, unit or empty "
                + "action: an error, nothing written). Dry run unless dry_run is false: call it once to see the "
                + "line, then again with dry_run false.",
            inputSchema: schema(
                [
                    "text": property(
                        "string", "The action: words, quantities (5.8km, 35min, -0.8km), links (+goal-id), tags (#tag)."
                    ),
                    "date": date, "time": property("string", "HH:MM, 24-hour."),
                    "dry_run": property("boolean", "Check and show the line without writing it (default true)."),
                ], required: ["text"]),
            annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false)),
        Tool(
            name: "new_goal",
            description:
                "Create a goal file (goals/ID.md), checked exactly as `htl check` checks it; warns when a goal with a "
                + "close title exists. A good goal has one measurable target, a target date and the values it "
                + "serves. Dry run unless dry_run is false.",
            inputSchema: schema(
                [
                    "title": property("string", "What the goal is, e.g. \"Run 100 km this term\"."),
                    "id": property("string", "The file name without .md (default: from the title)."),
                    "start": date, "target": property("string", "The target date, YYYY-MM-DD."),
                    "importance": property("integer", "1-10 (default 8)."),
                    "urgency": property("integer", "1-10 (default 5)."),
                    "terms": .object([
                        "type": .string("array"), "items": .object(["type": .string("integer")]),
                        "description": .string("Term numbers the goal is committed to."),
                    ]),
                    "targets": .object([
                        "type": .string("object"), "additionalProperties": .object(["type": .string("number")]),
                        "description": .string("Measure id → amount, e.g. {\"km\": 100}."),
                    ]),
                    "values": .object([
                        "type": .string("object"), "additionalProperties": .object(["type": .string("integer")]),
                        "description": .string("Value id → alignment strength 1-10, e.g. {\"health\": 9}."),
                    ]),
                    "description": property("string", "Why the goal matters (the file's body)."),
                    "action_plan": property("string", "The plan: steps, one per line; '- [ ] step' makes a checklist."),
                    "dry_run": property("boolean", "Check and show the file without writing it (default true)."),
                ], required: ["title"]),
            annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false)),
    ]
}
