#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// StandardOutput: how the command-line programs print. Each line goes out at once
// (a pipe would otherwise hold it in a buffer), and a reader that went away ends the
// program quietly, as it ends `cat`: `ripple-apps | head -5` prints five lines and
// stops, with no error and no crash report.
//
// The servers inside these programs make the process ignore SIGPIPE (a client that
// hangs up must not kill a server), so a write to a closed pipe fails with EPIPE
// instead of ending the process; Foundation's `FileHandle.write(_:)` turns that
// failure into a crash. Here EPIPE puts SIGPIPE back to its default action and raises
// it: the process ends as a shell expects of a pipeline's writer (status 141).

/// Writes the command-line programs' output.
///
/// ```swift
/// StandardOutput.writeLine("ripple-services: listening on http://127.0.0.1:8080")
/// ```
public enum StandardOutput {
    /// Writes `line` and a line break to standard output at once; ends the process
    /// quietly if the reader has gone away.
    public static func writeLine(_ line: String) {
        write(line + "\n")
    }

    /// Writes `text` to standard output at once; ends the process quietly if the
    /// reader has gone away. Other write errors (a full disk) drop the text.
    public static func write(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                systemWrite(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written >= 0 {
                offset += written
            } else if errno == EINTR {
                continue
            } else if errno == EPIPE {
                endForClosedPipe()
            } else {
                return
            }
        }
    }

    /// Ends the process as SIGPIPE's default action does.
    private static func endForClosedPipe() -> Never {
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
        _exit(128 + SIGPIPE)
    }

    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }
}
