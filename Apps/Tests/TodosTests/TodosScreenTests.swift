import Foundation
import Ripple
import RippleTerminal
import RippleTesting
import Testing
import Todos
import TodosCore
import TodosStubs

/// The screen in a VirtualTerminal, its ViewModel on a local copy in memory and a
/// stub server in virtual time: each state's screen as text (the first sync, empty,
/// both sections, changes syncing, offline with changes waiting, a dropped change),
/// and the keys: Enter adds, Space toggles, Ctrl-R syncs now.
@MainActor
@Suite struct TodosScreenTests: TodoFixtures {
    let scheduler = TestScheduler(startDate: Fixture.evening)
    let server: StubTodoServer
    let copy = InMemoryTodoCopy()

    init() {
        server = StubTodoServer(scheduler: scheduler)
    }

    func terminal(columns: Int = 50, rows: Int = 12) -> (VirtualTerminal, TodosScreen) {
        let viewModel = HomeViewModel(copy: copy, remote: server, scheduler: scheduler, dateFormat: Fixture.utc,
                                      newID: Fixture.sequentialIDs())
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

    @Test func untilTheServerFirstAnswersTheSpinnerTurnsThenTheEmptyListShowsItsSections() async {
        let (terminal, _) = terminal()
        let empty = ["New: Type todo here...", "To Do", "Finished"]
        await advance(by: 0, terminal)
        #expect(body(terminal) == framed(["18/11 2026                                     |"] + empty))
        await advance(by: 1, terminal)
        #expect(body(terminal) == framed(["18/11 2026"] + empty))
        #expect(terminal.cursor == Position(column: 6, row: 2), "the input has the focus")
    }

    @Test func theFooterShowsTheKeysOfTheMoment() async throws {
        server.commitElsewhere(.created, milk)
        let (terminal, _) = terminal(columns: 80)
        await advance(by: 1, terminal)
        #expect(footer(terminal) == "Tab: input/list · Ctrl-R: sync now · Esc: menu")
        terminal.type("Call mum")
        await advance(by: 0, terminal)
        #expect(footer(terminal) == "Enter: add · Tab: input/list · Ctrl-R: sync now · Esc: menu")
        #expect(terminal.runs { $0.attributes.contains(.dim) }.last.map(trimmed) == "Enter: add · Tab: input/list · Ctrl-R: sync now · Esc: menu")
        terminal.press(.enter)
        terminal.press(.tab)
        terminal.press(.home)
        await advance(by: 0, terminal)
        #expect(footer(terminal) == "Tab: input/list · Space: tick · Ctrl-R: sync now · Esc: menu", "a todo selected")
    }

    @Test func todosInBothSections() async throws {
        for todo in [mum, readme, milk] { server.commitElsewhere(.created, todo) }
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

    @Test func enterShowsTheTodoAtOnceSyncingUntilTheServerAcknowledgesIt() async throws {
        server.commitElsewhere(.created, milk)
        let (terminal, screen) = terminal()
        await advance(by: 1, terminal)
        terminal.type("Call mum")
        terminal.press(.enter)
        await advance(by: 0, terminal)
        #expect(body(terminal) == framed([
            "18/11 2026                                     |",
            "New: Type todo here...",
            "To Do",
            "[ ] Call mum …",
            "[ ] Buy milk",
            "Finished",
        ]), "the input empty at once, the todo on top, the spinner while it is sent")
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
        // Back to back, as tmux's send-keys types them: nothing runs in between.
        for number in 6...8 {
            terminal.type("Todo number \(number)")
            terminal.press(.enter)
        }
        terminal.type("Todo number 9")
        await advance(by: 5, terminal)

        #expect(server.feed.map(\.item.title) == ["Todo number 6", "Todo number 7", "Todo number 8"])
        #expect(todoRows(terminal) == ["[ ] Todo number 8", "[ ] Todo number 7", "[ ] Todo number 6"])
        #expect(screen.field.text == "Todo number 9", "typed after the last Enter: the next todo")
    }

    @Test func offlineTheScreenSaysHowManyChangesWaitAt80x24() async throws {
        server.commitElsewhere(.created, readme)
        let (terminal, _) = terminal(columns: 80, rows: 24)
        await advance(by: 1, terminal)
        server.isReachable = false
        await advance(by: 2, terminal)
        for todo in ["Buy milk", "Call mum", "Water the plants"] {
            terminal.type(todo)
            terminal.press(.enter)
        }
        await advance(by: 0, terminal)
        let lines = terminal.lines.map(trimmed)
        #expect(Array(lines.prefix(9)) == [
            "┌ Todos " + String(repeating: "─", count: 71) + "┐",
            "│18/11 2026" + String(repeating: " ", count: 39) + "offline — 3 changes waiting  │",
            "│New: Type todo here..." + String(repeating: " ", count: 56) + "│",
            "│To Do" + String(repeating: " ", count: 73) + "│",
            "│[ ] Water the plants …" + String(repeating: " ", count: 56) + "│",
            "│[ ] Call mum …" + String(repeating: " ", count: 64) + "│",
            "│[ ] Buy milk …" + String(repeating: " ", count: 64) + "│",
            "│Finished" + String(repeating: " ", count: 70) + "│",
            "│[x] Write the README" + String(repeating: " ", count: 58) + "│",
        ])
        #expect(terminal.runs { $0.foreground == .yellow }.map(trimmed) == ["offline — 3 changes waiting"])
        // Back: the changes go, the status goes.
        server.isReachable = true
        terminal.press(.character("r"), modifiers: .control)
        await advance(by: 4, terminal)
        #expect(!terminal.lines.contains { $0.contains("offline") })
        #expect(todoRows(terminal) == ["[ ] Water the plants", "[ ] Call mum", "[ ] Buy milk", "[x] Write the README"])
    }

    @Test func offlineWithOneChangeAt140x40() async throws {
        let (terminal, _) = terminal(columns: 140, rows: 40)
        server.isReachable = false
        await advance(by: 1, terminal)
        terminal.type("Buy milk")
        terminal.press(.enter)
        await advance(by: 0, terminal)
        #expect(terminal.lines[1] == "│18/11 2026" + String(repeating: " ", count: 100) + "offline — 1 change waiting  │")
        #expect(terminal.lines[4].hasPrefix("│[ ] Buy milk … "))
        #expect(terminal.lines[38].hasPrefix("│Tab: input/list · Ctrl-R: sync now · Esc: menu "))
    }

    @Test func aDroppedChangeIsSaidOnTheErrorLine() async throws {
        copy.failsWrites = false
        let (terminal, _) = terminal()
        await advance(by: 1, terminal)
        server.failNextSend(with: .rejected(status: 409, message: "objectId already names another todo"))
        terminal.type("Call mum")
        terminal.press(.enter)
        await advance(by: 1, terminal)
        #expect(body(terminal) == framed([
            "18/11 2026",
            "New: Type todo here...",
            "Could not add “Call mum”: The todo service",
            "refused (HTTP 409): objectId already names",
            "another todo. The change was dropped.",
            "To Do",
            "Finished",
        ]))
        #expect(terminal.runs { $0.foreground == .red }.count == 3)
    }

    @Test func spaceOnTheListTicksTheTodoAtOnce() async throws {
        server.commitElsewhere(.created, readme)
        server.commitElsewhere(.created, milk)
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
            "Finished",
            "[x] Buy milk …",
            "[x] Write the README",
        ]), "moved at once, syncing")
        #expect(terminal.runs { $0.attributes.contains(.dim) }.prefix(2) == ["Type todo here...", "[x] Buy milk …"])
        await advance(by: 1, terminal)
        #expect(body(terminal) == framed([
            "18/11 2026",
            "New: Type todo here...",
            "To Do",
            "Finished",
            "[x] Buy milk",
            "[x] Write the README",
        ]), "acknowledged")
        #expect(terminal.reversedText.map { $0.trimmingCharacters(in: .whitespaces) } == ["[x] Buy milk"], "still selected")
    }

    @Test func aTodoTickedOffFollowsItsRowIntoViewInFinished() async throws {
        server.commitElsewhere(.created, readme)
        for n in (1...8).reversed() { server.commitElsewhere(.created, TodoItem(id: Fixture.id(0x100 + n), title: "Todo \(n)", status: .normal)) }
        let (terminal, _) = terminal()
        await advance(by: 1, terminal)
        terminal.press(.tab)
        terminal.press(.home)
        terminal.type(" ")
        await advance(by: 1, terminal)
        #expect(terminal.reversedText.map(trimmed) == ["[x] Todo 1"])
        #expect(terminal.lines.contains { $0.hasPrefix("│[x] Todo 1 ") }, "scrolled to it")
    }

    @Test func aChangeFromAnotherClientShowsAtTheNextRead() async throws {
        let (terminal, _) = terminal()
        await advance(by: 1, terminal)
        server.commitElsewhere(.created, mum)
        await advance(by: 2, terminal)
        #expect(todoRows(terminal) == ["[ ] Call mum"])
        server.commitElsewhere(.deleted, mum)
        await advance(by: 2, terminal)
        #expect(todoRows(terminal) == [])
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
