#if os(Linux)
import Glibc
import Testing

/// A TerminalSession for real: the terminal-session-probe runs on a pseudo-terminal,
/// and the test reads what it wrote and the pty's settings after it ended.
@Suite(.serialized) struct TerminalSessionPtyTests {
    /// What a session writes when it opens (alternate screen, hidden cursor,
    /// bracketed paste, mouse) — spelled out here, independently of the library.
    static let enterSequences = ["\u{1B}[?1049h", "\u{1B}[?25l", "\u{1B}[?2004h", "\u{1B}[?1000h", "\u{1B}[?1002h", "\u{1B}[?1006h"]
    /// What undoes them.
    static let restoreSequences = ["\u{1B}[?1049l", "\u{1B}[?25h", "\u{1B}[?2004l", "\u{1B}[?1000l", "\u{1B}[?1002l", "\u{1B}[?1006l"]
    static let marker = "<probe:open 80x24>"

    /// Checks that the session set the terminal up before its marker, restored it
    /// exactly once after, and left the pty's settings as they were.
    func expectSetUpThenRestoredOnce(_ child: PtyChild, sourceLocation: SourceLocation = #_sourceLocation) {
        let text = child.text
        guard let marker = text.firstRange(of: Self.marker) else {
            Issue.record("no marker in \(text.debugDescription)", sourceLocation: sourceLocation)
            return
        }
        let before = text[..<marker.lowerBound]
        let after = text[marker.upperBound...]
        for sequence in Self.enterSequences {
            #expect(before.contains(sequence), "set up: \(sequence.debugDescription)", sourceLocation: sourceLocation)
        }
        for sequence in Self.restoreSequences {
            #expect(after.ranges(of: sequence).count == 1, "restored once: \(sequence.debugDescription) in \(after.debugDescription)", sourceLocation: sourceLocation)
        }
        #expect(child.settings == child.originalSettings, "termios restored", sourceLocation: sourceLocation)
    }

    @Test func closingRestoresTheScreenAndTheSettingsOnce() {
        let child = PtyChild(mode: "close")
        #expect(child.waitForEnding() == .exited(0))
        expectSetUpThenRestoredOnce(child)
        // Output processing is back on: the pty turns the probe's "\n" into "\r\n".
        #expect(child.text.hasSuffix("\u{1B}[?1049l<probe:closed>\r\n"), "normal output after the restore: \(child.text.debugDescription)")
    }

    @Test func exitingWithoutClosingRestoresAtExit() {
        let child = PtyChild(mode: "exit")
        #expect(child.waitForEnding() == .exited(0))
        expectSetUpThenRestoredOnce(child)
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aTerminatingSignalRestoresThenEndsTheProcessWithThatSignal(signal: Int32) {
        let child = PtyChild(mode: "wait")
        #expect(child.read(until: Self.marker))
        kill(child.pid, signal)
        #expect(child.waitForEnding() == .signaled(signal))
        expectSetUpThenRestoredOnce(child)
    }

    @Test func aFailedPreconditionRestoresThenTheProcessTrapsAndItsMessageShowsOnTheShellsScreen() {
        let child = PtyChild(mode: "precondition")
        let ending = child.waitForEnding()
        #expect([.signaled(SIGILL), .signaled(SIGTRAP), .signaled(SIGABRT)].contains(ending), "\(ending)")
        expectSetUpThenRestoredOnce(child)
        // Written to standard error on the alternate screen, shown after leaving it.
        let text = child.text
        let leave = text.ranges(of: "\u{1B}[?1049l").last
        let message = text.ranges(of: "the probe fails on purpose").last
        #expect(leave != nil && message != nil && leave!.upperBound <= message!.lowerBound, "\(text.debugDescription)")
    }

    @Test func controlZSuspendsTheAppToTheShellAndItRepaintsWhenContinued() {
        let child = PtyChild(mode: "app")
        #expect(child.read(untilScreenShows: "probe app"))
        child.type("\u{1A}")
        #expect(child.waitForStop(), "stopped by SIGTSTP")
        #expect(child.text.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"), "the shell's screen back before stopping")
        #expect(child.settings == child.originalSettings, "the shell's settings while suspended")
        let before = child.output.count
        kill(child.pid, SIGCONT)
        #expect(child.read(until: "0 characters", after: before))
        // Everything is painted again after the alternate screen comes back.
        let repaint = String(decoding: child.output[before...], as: UTF8.self)
        #expect(repaint.contains("probe app") && repaint.contains("type here"), "\(repaint.debugDescription)")
        #expect(child.settings != child.originalSettings, "raw mode again")
        child.type("x\u{03}")
        #expect(child.waitForEnding() == .exited(0))
        #expect(child.settings == child.originalSettings)
    }

    @Test func aTerminalAppDrawsTypesResizesAndQuitsOnControlC() {
        let child = PtyChild(mode: "app")
        #expect(child.read(untilScreenShows: "probe app"))
        child.type("héllo 世界")
        #expect(child.read(untilScreenShows: "8 characters"))
        #expect(child.screen.lines.prefix(3) == ["probe app", "héllo 世界", "8 characters"])
        child.resize(columns: 100, rows: 30)
        child.type("!")
        #expect(child.read(untilScreenShows: "9 characters"))
        #expect(child.screen.columns == 100 && child.screen.rows == 30)
        child.type("\u{03}")
        #expect(child.waitForEnding() == .exited(0))
        // The app shows the cursor in the focused field, so only the others are counted.
        for sequence in Self.restoreSequences where sequence != "\u{1B}[?25h" {
            #expect(child.text.ranges(of: sequence).count == 1, "restored once: \(sequence.debugDescription)")
        }
        #expect(child.text.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"), "the shell's screen back last")
        #expect(child.settings == child.originalSettings)
    }

    @Test func rawModeDeliversKeysAsTheyAreTypedAndSizeChanges() {
        let child = PtyChild(mode: "echo")
        #expect(child.read(until: Self.marker))
        child.type("a\u{03}\u{1B}[1;5C\r")
        #expect(child.read(until: "<event:enter>"))
        child.type("\u{1B}")
        #expect(child.read(until: "<event:esc>"), "a lone ESC is flushed after the quiet time")
        child.type("\u{1B}[200~one\rtwo\u{1B}[201~")
        #expect(child.read(until: "<event:paste(7 chars)>"))
        child.resize(columns: 100, rows: 30)
        #expect(child.read(until: "<size:100x30>"))
        child.type("q")
        #expect(child.waitForEnding() == .exited(0))
        let events = child.text.split(separator: "\r\n").filter { $0.hasPrefix("<event:") }
        #expect(events == ["<event:a>", "<event:ctrl-c>", "<event:ctrl-right>", "<event:enter>", "<event:esc>", "<event:paste(7 chars)>", "<event:q>"])
        #expect(!child.text.contains("^C"), "no echo")
        expectSetUpThenRestoredOnce(child)
    }

    @Test func withOutputOnAPipeItRefusesClearlyAndWritesNothing() {
        let child = PtyChild(mode: "close", pipedOutput: true)
        let output = PtyChild.readToEnd(child.outputPipe!)
        let error = String(decoding: PtyChild.readToEnd(child.errorPipe!), as: UTF8.self)
        #expect(child.waitForEnding() == .exited(1))
        #expect(output.isEmpty)
        #expect(error == "terminal-session-probe: standard output is not a terminal: this program draws a full-screen interface, so run it in a terminal window without redirecting or piping its output\n")
        #expect(child.output.isEmpty)
        #expect(child.settings == child.originalSettings)
    }

    @Test(arguments: [
        (["TERM": "dumb"], "this terminal (TERM=dumb) cannot draw"),
        ([:], "the terminal type is unknown (TERM is not set)"),
    ])
    func anUnusableTerminalTypeIsRefusedWithoutAnEscapeSequence(environment: [String: String], message: String) {
        let child = PtyChild(mode: "close", environment: environment)
        #expect(child.waitForEnding() == .exited(1))
        #expect(child.text.hasPrefix("terminal-session-probe: \(message)"), "\(child.text.debugDescription)")
        #expect(!child.output.contains(0x1B))
        #expect(child.settings == child.originalSettings)
    }
}
#endif
