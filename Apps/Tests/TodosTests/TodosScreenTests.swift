import Foundation
import Ripple
import RippleTerminal
import RippleTesting
import Testing
import Todos
import TodosCore
import TodosStubs

/// The screen in a VirtualTerminal, its ViewModel on a stub service in virtual time:
/// each state's screen as text (loading, empty, both sections, a toggle syncing,
/// errors), and the keys: Enter adds, Space toggles, Ctrl-R reloads.
@MainActor
@Suite struct TodosScreenTests: TodoFixtures {
    let scheduler = TestScheduler(startDate: Fixture.evening)
    let service: StubTodoService

    init() {
        service = StubTodoService(scheduler: scheduler)
    }

    func terminal(columns: Int = 50, rows: Int = 12) -> (VirtualTerminal, TodosScreen) {
        let viewModel = HomeViewModel(service: service, scheduler: scheduler, dateFormat: Fixture.utc)
        let screen = TodosScreen(viewModel: viewModel, scheduler: scheduler)
        return (VirtualTerminal(columns: columns, rows: rows, root: screen), screen)
    }

    /// The lines of a 50 × 12 screen showing `rows` in its border, but for the
    /// footer's line (the keys: see ``theFooterShowsTheKeysOfTheMoment()``).
    func framed(_ rows: [String]) -> [String] {
        let inside = rows + Array(repeating: "", count: 9 - rows.count)
        return ["┌ Todos " + String(repeating: "─", count: 41) + "┐"]
            + inside.map { "│" + $0 + String(repeating: " ", count: 48 - $0.displayWidth) + "│" }
            + ["└" + String(repeating: "─", count: 48) + "┘"]
    }

    /// The screen's lines but for the footer's, the last inside the border.
    func body(_ terminal: VirtualTerminal) -> [String] {
        var lines = terminal.lines
        lines.remove(at: lines.count - 2)
        return lines
    }

    /// The footer's line, inside the border.
    func footer(_ terminal: VirtualTerminal) -> String {
        trimmed(String(terminal.lines[terminal.lines.count - 2].dropFirst().dropLast()))
    }

    /// `text` without the spaces at its end.
    func trimmed(_ text: String) -> String {
        String(text.reversed().drop(while: { $0 == " " }).reversed())
    }

    /// Advances virtual time, then lets the views apply what it produced.
    func advance(by seconds: Double, _ terminal: VirtualTerminal) async {
        await scheduler.advance(by: seconds)
        await terminal.settle()
    }

    @Test func whileTheListLoadsTheSpinnerTurnsThenTheEmptyListShowsItsSections() async {
        let (terminal, _) = terminal()
        let empty = ["New: Type todo here...", "To Do", "Finished"]
        await advance(by: 0, terminal)
        #expect(body(terminal) == framed(["18/11 2026                                     |"] + empty))
        await advance(by: 1, terminal)
        #expect(body(terminal) == framed(["18/11 2026"] + empty))
        #expect(terminal.cursor == Position(column: 6, row: 2), "the input has the focus")
    }

    @Test func theFooterShowsTheKeysOfTheMoment() async throws {
        try service.answerList("-(l|)", with: [milk])
        let (terminal, _) = terminal(columns: 80)
        await advance(by: 1, terminal)
        #expect(footer(terminal) == "Tab: input/list · Ctrl-R: reload · Esc: menu")
        terminal.type("Call mum")
        await advance(by: 0, terminal)
        #expect(footer(terminal) == "Enter: add · Tab: input/list · Ctrl-R: reload · Esc: menu")
        #expect(terminal.runs { $0.attributes.contains(.dim) }.last.map(trimmed) == "Enter: add · Tab: input/list · Ctrl-R: reload · Esc: menu")
        terminal.press(.enter)
        terminal.press(.tab)
        terminal.press(.home)
        await advance(by: 0, terminal)
        #expect(footer(terminal) == "Tab: input/list · Space: tick · Ctrl-R: reload · Esc: menu", "a todo selected")
    }

    @Test func todosInBothSections() async throws {
        try service.answerList("-(l|)", with: [milk, readme, mum])
        let (terminal, _) = terminal()
        await advance(by: 1, terminal)
        #expect(body(terminal) == framed([
            "18/11 2026",
            "New: Type todo here...",
            "To Do",
            "[ ] Buy milk",
            "[ ] Call mum",
            "Finished",
            "[x] Write the README",
        ]))
        #expect(terminal.runs { $0.attributes.contains(.bold) }.map(trimmed) == ["18/11 2026", "To Do", "Finished"])
    }

    @Test func aFailedLoad() async throws {
        try service.failList("-#", with: .rejected(status: 503, message: "service unavailable (chaos)"))
        let (terminal, _) = terminal()
        await advance(by: 1, terminal)
        #expect(body(terminal) == framed([
            "18/11 2026",
            "New: Type todo here...",
            "Could not load the todos: The todo service",
            "refused (HTTP 503): service unavailable (chaos)",
            "To Do",
            "Finished",
        ]))
        #expect(terminal.runs { $0.foreground == .red }.map(trimmed) == [
            "Could not load the todos: The todo service", "refused (HTTP 503): service unavailable (chaos)",
        ])
    }

    @Test func enterEmptiesTheInputThenTheTodoIsAdded() async throws {
        try service.answerList("-(l|)", with: [milk])
        try service.answerAdd("-(a|)")
        let (terminal, screen) = terminal()
        await advance(by: 1, terminal)
        terminal.type("Call mum")
        terminal.press(.enter)
        await advance(by: 0, terminal)
        #expect(body(terminal) == framed([
            "18/11 2026                                     |",
            "New: Type todo here...",
            "To Do",
            "[ ] Buy milk",
            "Finished",
        ]), "the input empty at once, the spinner while the add runs")
        await advance(by: 1, terminal)
        #expect(body(terminal) == framed([
            "18/11 2026",
            "New: Type todo here...",
            "To Do",
            "[ ] Call mum",
            "[ ] Buy milk",
            "Finished",
        ]))
        #expect(screen.field.text == "")
    }

    /// The todo rows the screen shows, top to bottom, without the border.
    func todoRows(_ terminal: VirtualTerminal) -> [String] {
        terminal.lines.compactMap { line in
            let inside = trimmed(String(line.dropFirst().dropLast()))
            return inside.hasPrefix("[ ] ") || inside.hasPrefix("[x] ") ? inside : nil
        }
    }

    @Test func keysTypedRightAfterEnterGoIntoTheNextTodoNoneMergedNoneLost() async throws {
        let (terminal, screen) = terminal()
        await advance(by: 1, terminal)
        let calls = scheduler.record(service.calls)
        // Back to back, as tmux's send-keys types them: nothing runs in between.
        for number in 6...8 {
            terminal.type("Todo number \(number)")
            terminal.press(.enter)
        }
        terminal.type("Todo number 9")
        await advance(by: 5, terminal)

        #expect(calls.values == [.add("Todo number 6"), .add("Todo number 7"), .add("Todo number 8")])
        #expect(todoRows(terminal) == ["[ ] Todo number 8", "[ ] Todo number 7", "[ ] Todo number 6"])
        #expect(screen.field.text == "Todo number 9", "typed after the last Enter: the next todo")
    }

    @Test func keysTypedWhileASlowAddIsAnsweredStayInTheInput() async throws {
        for _ in 6...8 { try service.answerAdd("---(a|)") }
        let (terminal, screen) = terminal()
        await advance(by: 1, terminal)
        let calls = scheduler.record(service.calls)
        terminal.type("Todo number 6")
        terminal.press(.enter)
        await advance(by: 1, terminal)
        terminal.type("Todo number 7")
        terminal.press(.enter)
        terminal.type("Todo num")
        // The first add is answered while the third todo is half typed.
        await advance(by: 2, terminal)
        #expect(screen.field.text == "Todo num")
        #expect(todoRows(terminal) == ["[ ] Todo number 6"])
        terminal.type("ber 8")
        terminal.press(.enter)
        await advance(by: 10, terminal)

        #expect(calls.values == [.add("Todo number 6"), .add("Todo number 7"), .add("Todo number 8")])
        #expect(todoRows(terminal) == ["[ ] Todo number 8", "[ ] Todo number 7", "[ ] Todo number 6"])
        #expect(screen.field.text == "")
    }

    @Test func aFailedAddPutsItsTextBackAndSaysSo() async throws {
        try service.failAdd("-#", with: .rejected(status: 400, message: "content must not be empty"))
        let (terminal, screen) = terminal()
        await advance(by: 1, terminal)
        terminal.type("Call mum")
        terminal.press(.enter)
        await advance(by: 1, terminal)
        #expect(body(terminal) == framed([
            "18/11 2026",
            "New: Call mum",
            "Could not add “Call mum”: The todo service",
            "refused (HTTP 400): content must not be empty",
            "To Do",
            "Finished",
        ]))
        #expect(screen.field.text == "Call mum")
    }

    @Test func spaceOnTheListTicksTheTodoThenItMoves() async throws {
        try service.answerList("-(l|)", with: [milk, readme])
        try service.answerSetStatus("-(s|)")
        let (terminal, _) = terminal()
        await advance(by: 1, terminal)
        terminal.press(.tab)
        terminal.press(.home)
        terminal.type(" ")
        await advance(by: 0, terminal)
        #expect(body(terminal) == framed([
            "18/11 2026                                     |",
            "New: Type todo here...",
            "To Do",
            "[x] Buy milk …",
            "Finished",
            "[x] Write the README",
        ]), "ticked, syncing, still in To Do")
        #expect(terminal.runs { $0.attributes.contains(.dim) }.prefix(2) == ["Type todo here...", "[x] Buy milk …"])
        await advance(by: 1, terminal)
        #expect(body(terminal) == framed([
            "18/11 2026",
            "New: Type todo here...",
            "To Do",
            "Finished",
            "[x] Buy milk",
            "[x] Write the README",
        ]), "moved to Finished")
        #expect(terminal.reversedText.map { $0.trimmingCharacters(in: .whitespaces) } == ["[x] Buy milk"], "still selected")
    }

    @Test func aTodoTickedOffFollowsItsRowIntoViewInFinished() async throws {
        let many = (1...8).map { TodoItem(id: StubTodoService.id($0), title: "Todo \($0)", status: .normal) }
        try service.answerList("-(l|)", with: many + [readme])
        let (terminal, _) = terminal()
        await advance(by: 1, terminal)
        terminal.press(.tab)
        terminal.press(.home)
        terminal.type(" ")
        await advance(by: 1, terminal)
        #expect(terminal.reversedText.map(trimmed) == ["[x] Todo 1"])
        #expect(terminal.lines.contains { $0.hasPrefix("│[x] Todo 1 ") }, "scrolled to it")
    }

    @Test func ctrlRReloads() async throws {
        try service.answerList("-(l|)", with: [milk])
        try service.answerList("-(l|)", with: [mum, milk])
        let (terminal, _) = terminal()
        await advance(by: 1, terminal)
        terminal.press(.character("r"), modifiers: .control)
        await advance(by: 1, terminal)
        #expect(terminal.lines.contains { $0.contains("[ ] Call mum") })
    }

    @Test func theErrorLineWrapsAtSpacesAndEndsWithAnEllipsisPastThreeRows() async {
        let (_, screen) = terminal()
        let label = screen.errorLabel
        let narrow = VirtualTerminal(columns: 12, rows: 4, root: Stack(.vertical, [label]))
        label.isHidden = false
        label.text = "Could not add “买牛奶”: a-very-long-word-indeed and more"
        await narrow.settle()
        #expect(narrow.lines.map(trimmed) == ["Could not", "add “买牛", "奶”:…", ""])
    }
}
