import HTLCore
import HTLLoad
import HTLModel
import HTLProgress
import HTLRender
import MCP

/// The prompts `htl mcp` offers, filled from the ledger when asked for.
enum PromptCatalog {
    static let prompts: [Prompt] = [
        Prompt(
            name: "weekly_review", title: "Weekly review",
            description:
                "Go through this week's review (done, moved, stalled, due, neglected values) and its four questions, "
                + "one at a time."
        ),
        Prompt(
            name: "set_goal", title: "Set a goal",
            description:
                "Turn an idea into a goal htl can measure: one measure, a target, a date in the current term, aligned "
                + "to values.",
            arguments: [.init(name: "idea", description: "What you want to achieve, in your words.", required: true)]),
    ]
}

extension MCPSession {
    /// A prompt filled from the ledger. A prompt or argument that is not
    /// there is invalid params (-32602), anything else htl refuses an
    /// internal error (-32603); both carry htl's own message (the SDK would
    /// turn any other error into "The operation could not be completed").
    func prompt(_ name: String, _ arguments: [String: String]?) throws(MCPError) -> GetPrompt.Result {
        guard PromptCatalog.prompts.contains(where: { $0.name == name }) else {
            throw .invalidParams(
                "no prompt '\(name)' (prompts: \(PromptCatalog.prompts.map(\.name).joined(separator: ", ")))")
        }
        if name == "set_goal", (arguments?["idea"] ?? "").isEmpty { throw .invalidParams("set_goal needs an 'idea'") }
        do {
            return try filledPrompt(name, arguments)
        } catch let error as HTLError {
            throw .internalError(error.message)
        } catch {
            throw .internalError("\(error)")
        }
    }

    private func filledPrompt(_ name: String, _ arguments: [String: String]?) throws -> GetPrompt.Result {
        let loaded = try load()
        let report = loaded.progressReport()
        switch name {
        case "weekly_review":
            guard let review = Review(ledger: loaded.ledger, report: report, span: .week) else {
                throw HTLError("nothing to review yet")
            }
            let text =
                "Here is my weekly review from htl, my goal ledger:\n\n" + ReviewText.render(review, report: report)
                + "\nAsk me the four prompts at the end one at a time, wait for my answer to each, and help me decide "
                + "one concrete step for next week. Use only the facts above."
            return .init(description: "Weekly review \(review.name)", messages: [.user(.text(text: text))])
        case "set_goal":
            guard let idea = arguments?["idea"], !idea.isEmpty else { throw HTLError("set_goal needs an 'idea'") }
            return .init(
                description: "Set a goal",
                messages: [.user(.text(text: goalConversation(idea, ledger: loaded.ledger, report: report)))])
        default:
            throw HTLError("no prompt '\(name)'")
        }
    }

    /// The facts a good goal needs: the measures there are, the current
    /// term's dates, the values and the goals already in play.
    func goalConversation(_ idea: String, ledger: Ledger, report: ProgressReport) -> String {
        var lines = ["I want to turn this into a goal in my htl ledger: \(idea)", "", "Facts from the ledger:"]
        lines.append(
            "- measures: " + ledger.measures.measures.map { "\($0.id) (\($0.kind.rawValue))" }.joined(separator: ", "))
        if let term = report.currentTerm {
            lines.append(
                "- current term: Term \(term.term.number), \(term.term.start) to \(term.term.end), \(term.daysLeft) "
                    + "days left"
            )
        }
        lines.append("- values: " + ledger.values.map { "\($0.id) (\($0.title))" }.joined(separator: ", "))
        let inPlay = report.goals.filter(\.state.isOpen)
        lines.append("- goals in play: " + inPlay.map { "\($0.id) (\($0.goal.title))" }.joined(separator: ", "))
        lines += [
            "",
            "Help me make it specific and measurable: one target in one of these measures (or `actions` to count log "
                + "lines), "
                + "a target date inside the current term, the values it serves with a strength from 1 to 10, "
                + "importance and urgency from 1 to 10, "
                + "and a first checklist step. Point out if it duplicates a goal in play. Then write the goal file "
                + "(goals/<id>.md, YAML front matter) for me to review.",
        ]
        return lines.joined(separator: "\n")
    }
}
