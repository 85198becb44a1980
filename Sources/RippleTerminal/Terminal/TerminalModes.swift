#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// TerminalModes: what a session changes in the terminal, and how it changes it back.
//
//     enter:   ESC[?1049h  alternate screen (the shell's screen is saved)
//              ESC[?25l    hide the cursor
//              ESC[?2004h  bracketed paste
//              ESC[?1000h ESC[?1002h ESC[?1006h   mouse: clicks, drags, SGR reports
//     restore: the same, switched off in reverse order, with ESC[0m (plain text)
//              before the cursor reappears and the shell's screen comes back.
//
// Raw mode (termios): no echo, no line editing (ICANON), no signals from Ctrl-C,
// Ctrl-\ and Ctrl-Z (ISIG: they arrive as keys), no CR/NL translation on input
// (ICRNL) or processing of output (OPOST), no flow control (IXON), 8-bit
// characters, and VMIN = VTIME = 0: a read returns what is there at once, so the
// Dispatch read source that calls it never blocks.

enum TerminalModes {
    /// The bytes that set up the screen, after raw mode is on.
    static let enter: [UInt8] = Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h".utf8)

    /// The bytes that undo ``enter``.
    static let restore: [UInt8] = Array("\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8)

    /// `original` in raw mode.
    static func raw(from original: termios) -> termios {
        var raw = original
        raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
            controlCharacters[Int(VMIN)] = 0
            controlCharacters[Int(VTIME)] = 0
        }
        return raw
    }
}
