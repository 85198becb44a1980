// terminal-session-probe: a child process for RippleTerminalTests' Pty suite.
//
// It opens a TerminalSession (or, when the terminal cannot be taken over, prints why
// to standard error and exits 1, as `openOrExit` does), writes the marker
// "<probe:open WxH>", then does what its argument says:
//
//     close         close the session, write "<probe:closed>", exit 0
//     exit          exit 0 without closing (the atexit handler restores)
//     wait          wait on the main queue until a signal ends the process
//     precondition  fail a precondition (the process traps)
//     echo          write "<event:DESCRIPTION>" for each input event and
//                   "<size:WxH>" for each size change; close and exit 0 on "q"
//     app           (no session of its own, no marker) run a TerminalApp: a title, a
//                   text field and a label counting its characters; Ctrl-C quits

#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import Dispatch
import Ripple
import RippleTerminal

let mode = CommandLine.arguments.dropFirst().first ?? "close"

if mode == "app" {
    let field = TextField(placeholder: "type here")
    let count = Label("0 characters")
    count.reactive.text <~ field.reactive.continuousTextValues.map { "\($0.count) characters" }
    TerminalApp.run(root: Stack(.vertical, [Label("probe app"), field, count]))
}

let terminal = TerminalSession.openOrExit()
terminal.write("<probe:open \(terminal.size.value)>\r\n")

switch mode {
case "close":
    terminal.close()
    print("<probe:closed>")
    exit(0)
case "exit":
    exit(0)
case "precondition":
    precondition(mode.isEmpty, "the probe fails on purpose")
case "echo":
    terminal.size.signal.observeValues { size in
        terminal.write("<size:\(size)>\r\n")
    }
    terminal.input.observeValues { event in
        terminal.write("<event:\(event)>\r\n")
        if event == .key(KeyEvent(.character("q"))) {
            terminal.close()
            exit(0)
        }
    }
    dispatchMain()
default:
    dispatchMain()
}
