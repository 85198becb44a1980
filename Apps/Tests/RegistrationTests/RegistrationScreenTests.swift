import Registration
import RegistrationCore
import RegistrationStubs
import Ripple
import RippleTerminal
import RippleTesting
import Testing

/// The screen in a VirtualTerminal, its ViewModel on a stub service in virtual time
/// (every answer takes a second): each state's screen as text.
@MainActor
@Suite struct RegistrationScreenTests {
    let scheduler = TestScheduler()
    let api: StubUserAPI
    let terminal: VirtualTerminal
    let screen: RegistrationScreen

    init() {
        api = StubUserAPI(scheduler: scheduler)
        screen = RegistrationApp.makeScreen(api: api, scheduler: scheduler)
        terminal = VirtualTerminal(columns: 96, rows: 16, root: screen)
    }

    /// Advances virtual time, then lets the views apply what it produced.
    func advance(by seconds: Double) async {
        await scheduler.advance(by: seconds)
        await terminal.settle()
    }

    /// Compares the screen with `expected`, printing it whole when they differ.
    func expectScreen(_ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(terminal.lines == expected, "the screen:\n\(terminal.snapshot)", sourceLocation: sourceLocation)
    }

    /// The form's half of the screen, row by row: its 40 columns and the gap.
    func formSide() -> [String] {
        terminal.lines.map { String($0.prefix(41)) }
    }

    /// What the Messages pane shows (its rows above the bottom edge and the footer),
    /// joined by spaces as wrapped text reads.
    func messagesPane() -> String {
        terminal.lines.dropFirst(3).dropLast(2).map { line in
            String(line.dropFirst(42).dropLast()).trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Types a valid phone, a password twice and `code`, a field after another.
    func fillForm(code: String) {
        terminal.type("13800138000")
        terminal.press(.tab)
        terminal.type("abc123")
        terminal.press(.tab)
        terminal.type("abc123")
        terminal.press(.tab)
        terminal.type(code)
    }

    @Test func tabFromRegisterGoesBackToThePhoneNotIntoMessages() async {
        fillForm(code: StubUserAPI.code)
        await advance(by: 1)
        terminal.press(.tab)
        terminal.press(.tab)
        let onRegister = screen.form.registerButton.isFocused
        #expect(onRegister)
        terminal.press(.tab)
        await advance(by: 0)
        let (onPhone, onMessages) = (screen.form.phoneField.isFocused, screen.form.messagesView.isFocused)
        #expect(onPhone, "Messages has nothing to scroll: Tab skips it")
        #expect(!onMessages)
        #expect(terminal.runs { $0.attributes.contains(.reverse) }.allSatisfy { !$0.contains("No messages") })
    }

    @Test func theEmptyForm() async {
        await advance(by: 0)
        expectScreen([
            "                                          Registration",
            "────────────────────────────────────────────────────────────────────────────────────────────────",
            "┌ Register ────────────────────────────┐ ┌ Messages ───────────────────────────────────────────┐",
            "│Phone                                 │ │Messages to a valid phone number show here.          │",
            "│11 digits                             │ │                                                     │",
            "│Password                              │ │                                                     │",
            "│a password                            │ │                                                     │",
            "│6–16, two of: letters, digits, symbols│ │                                                     │",
            "│Confirm password                      │ │                                                     │",
            "│the password again                    │ │                                                     │",
            "│Verification code                     │ │                                                     │",
            "│from the SMS              [ Get code ]│ │                                                     │",
            "│                                      │ │                                                     │",
            "│[ Register ]                          │ │                                                     │",
            "└──────────────────────────────────────┘ └─────────────────────────────────────────────────────┘",
            "Tab: next field · Shift-Tab: previous · Esc: menu",
        ])
        #expect(terminal.runs { $0.attributes.contains(.dim) }.contains("[ Get code ]"), "disabled")
        #expect(terminal.runs { $0.attributes.contains(.dim) }.contains("[ Register ]"), "disabled")
    }

    @Test func anInvalidPhoneShowsTheErrorAndKeepsDigitsOnly() async {
        terminal.type("138a0013")
        await advance(by: 0)
        expectScreen([
            "                                          Registration",
            "────────────────────────────────────────────────────────────────────────────────────────────────",
            "┌ Register ────────────────────────────┐ ┌ Messages ───────────────────────────────────────────┐",
            "│Phone                                 │ │Messages to a valid phone number show here.          │",
            "│1380013                               │ │                                                     │",
            "│Password                              │ │                                                     │",
            "│a password                            │ │                                                     │",
            "│6–16, two of: letters, digits, symbols│ │                                                     │",
            "│Confirm password                      │ │                                                     │",
            "│the password again                    │ │                                                     │",
            "│Verification code                     │ │                                                     │",
            "│from the SMS              [ Get code ]│ │                                                     │",
            "│Invalid phone number                  │ │                                                     │",
            "│[ Register ]                          │ │                                                     │",
            "└──────────────────────────────────────┘ └─────────────────────────────────────────────────────┘",
            "Tab: next field · Shift-Tab: previous · Esc: menu",
        ])
        #expect(terminal.runs { $0.attributes.contains(.dim) }.contains("[ Get code ]"))
    }

    @Test func anEditInsideTheTextKeepsTheCursorThereUnlessTheRuleCutsIt() async {
        terminal.type("1380013800")
        for _ in 0..<4 { terminal.press(.left) }
        terminal.type("9")
        await advance(by: 0)
        #expect(terminal.lines[4].hasPrefix("│13800193800 "))
        #expect(terminal.cursor == Position(column: 8, row: 4), "after the 9")
        terminal.type("7")
        await advance(by: 0)
        #expect(terminal.lines[4].hasPrefix("│13800197380 "), "cut to 11")
        #expect(terminal.cursor == Position(column: 12, row: 4), "the cut text was set again: the cursor at its end")
    }

    @Test func countingDownAndTheCodeInMessages() async {
        terminal.type("13800138000")
        await advance(by: 1)
        for _ in 0..<4 { terminal.press(.tab) }
        terminal.press(.enter)
        await advance(by: 1)
        await advance(by: 1)
        await advance(by: 2)
        #expect(formSide() == [
            "                                         ",
            "─────────────────────────────────────────",
            "┌ Register ────────────────────────────┐ ",
            "│Phone                                 │ ",
            "│13800138000                           │ ",
            "│Password                              │ ",
            "│a password                            │ ",
            "│6–16, two of: letters, digits, symbols│ ",
            "│Confirm password                      │ ",
            "│the password again                    │ ",
            "│Verification code                     │ ",
            "│from the SMS                   [ 57s ]│ ",
            "│Invalid password                      │ ",
            "│[ Register ]                          │ ",
            "└──────────────────────────────────────┘ ",
            "Tab: next field · Shift-Tab: previous · E",
        ], "the screen:\n\(terminal.snapshot)")
        #expect(messagesPane() == "01:31:40 [Ripple] Your verification code is 246810. It is valid for 5 minutes; do not share it.")
        #expect(terminal.runs { $0.attributes.contains(.dim) }.contains("[ 57s ]"), "disabled while counting down")
    }

    @Test func submittingThenTheConfirmation() async {
        fillForm(code: StubUserAPI.code)
        terminal.press(.tab)
        terminal.press(.tab)
        terminal.press(.enter)
        await advance(by: 0.5)
        expectScreen([
            "                                          Registration",
            "────────────────────────────────────────────────────────────────────────────────────────────────",
            "┌ Register ────────────────────────────┐ ┌ Messages ───────────────────────────────────────────┐",
            "│Phone                                 │ │Messages to a valid phone number show here.          │",
            "│13800138000                           │ │                                                     │",
            "│Password                              │ │                                                     │",
            "│******                                │ │                                                     │",
            "│6–16, two of: letters, digits, symbols│ │                                                     │",
            "│Confirm password                      │ │                                                     │",
            "│******                                │ │                                                     │",
            "│Verification code                     │ │                                                     │",
            "│246810                    [ Get code ]│ │                                                     │",
            "│                                      │ │                                                     │",
            "│[ Register ] /                        │ │                                                     │",
            "└──────────────────────────────────────┘ └─────────────────────────────────────────────────────┘",
            "Tab: next field · Shift-Tab: previous · Enter: press button · Esc: menu",
        ])
        #expect(terminal.runs { $0.attributes.contains(.dim) }.contains { $0.contains("[ Register ]") }, "disabled while it runs")
        await advance(by: 0.5)
        expectScreen([
            "‹ Back                                      Welcome",
            "────────────────────────────────────────────────────────────────────────────────────────────────",
            "┌ Welcome ─────────────────────────────────────────────────────────────────────────────────────┐",
            "│Registered successfully                                                                       │",
            "│Account: 13800138000                                                                          │",
            "│Created: 2026-11-25 01:31:47 UTC                                                              │",
            "│                                                                                              │",
            "│                                                                                              │",
            "│                                                                                              │",
            "│                                                                                              │",
            "│                                                                                              │",
            "│                                                                                              │",
            "│                                                                                              │",
            "│                                   Registered successfully                                    │",
            "└──────────────────────────────────────────────────────────────────────────────────────────────┘",
            "Esc: back to the form",
        ])
        terminal.press(.escape)
        await advance(by: 0)
        #expect(terminal.lines[0].hasSuffix("Registration"), "Esc goes back to the form")
        #expect(terminal.lines[4].hasPrefix("│13800138000 "), "the form as it was")
        #expect(terminal.lines[3].contains("No messages to 13800138000 yet."))
    }

    @Test func aFailedRegistrationToastsTheReason() async {
        api.answerNextRegistration(APIError(code: 40004, info: "Wrong or expired verification code"))
        fillForm(code: "000000")
        terminal.press(.tab)
        terminal.press(.tab)
        terminal.press(.enter)
        await advance(by: 1)
        expectScreen([
            "                                          Registration",
            "────────────────────────────────────────────────────────────────────────────────────────────────",
            "┌ Register ────────────────────────────┐ ┌ Messages ───────────────────────────────────────────┐",
            "│Phone                                 │ │No messages to 13800138000 yet.                      │",
            "│13800138000                           │ │                                                     │",
            "│Password                              │ │                                                     │",
            "│******                                │ │                                                     │",
            "│6–16, two of: letters, digits, symbols│ │                                                     │",
            "│Confirm password                      │ │                                                     │",
            "│******                                │ │                                                     │",
            "│Verification code                     │ │                                                     │",
            "│000000                    [ Get code ]│ │                                                     │",
            "│                                      │ │                                                     │",
            "│[ Register ]                  Wrong or expired verification code                              │",
            "└──────────────────────────────────────┘ └─────────────────────────────────────────────────────┘",
            "Tab: next field · Shift-Tab: previous · Enter: press button · Esc: menu",
        ])
        await advance(by: 3)
        #expect(!terminal.lines.contains { $0.contains("Wrong or expired") }, "the toast went after its 3 s")
    }
}
