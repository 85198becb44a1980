#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// TerminalSessionError: why a terminal session cannot open, in words a user can act
// on. An app's entry point prints it to standard error and exits non-zero
// (`TerminalSession.openOrExit()` does exactly that).

/// Why a ``TerminalSession`` could not open. Its description is a sentence for
/// the user: what is wrong and what to do.
public enum TerminalSessionError: Error, Hashable, CustomStringConvertible {
    /// Standard input is not a terminal (redirected from a file or a pipe, or
    /// closed).
    case inputIsNotATerminal
    /// Standard output is not a terminal (redirected to a file or a pipe).
    case outputIsNotATerminal
    /// The `TERM` environment variable is unset or empty.
    case terminalTypeUnknown
    /// `TERM` is `dumb`: the terminal cannot move the cursor.
    case dumbTerminal
    /// Another session is open in this process.
    case alreadyOpen
    /// A system call failed while setting up the terminal.
    case systemCallFailed(String, errno: Int32)
    /// A setting in the environment cannot be used (its description says which).
    case invalidSetting(String)

    /// What is wrong and what to do, as one sentence.
    public var description: String {
        switch self {
        case .inputIsNotATerminal:
            "standard input is not a terminal: this program reads the keyboard, so run it in a terminal window without redirecting its input"
        case .outputIsNotATerminal:
            "standard output is not a terminal: this program draws a full-screen interface, so run it in a terminal window without redirecting or piping its output"
        case .terminalTypeUnknown:
            "the terminal type is unknown (TERM is not set): set it, for example TERM=xterm-256color"
        case .dumbTerminal:
            "this terminal (TERM=dumb) cannot draw a full-screen interface: run the program in a terminal emulator such as xterm, GNOME Terminal or tmux"
        case .alreadyOpen:
            "a terminal session is already open in this process"
        case let .systemCallFailed(call, errno):
            "could not set up the terminal: \(call) failed (\(String(cString: strerror(errno))))"
        case let .invalidSetting(problem):
            problem
        }
    }
}
