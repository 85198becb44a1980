#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// writeAll: every byte to a file descriptor, whatever the kernel takes per call.
//
// `write` may take part of the bytes (a pty's buffer is full), fail with EINTR (a
// signal arrived) or with EAGAIN (someone made the descriptor non-blocking): the
// loop goes on after each, waiting in `poll` for room after EAGAIN. It stops at any
// other error. It allocates nothing and calls only async-signal-safe functions, so
// the signal handlers that restore the terminal use it too.

/// Writes `count` bytes from `bytes` to `descriptor`; false if an error other than
/// EINTR or EAGAIN stopped it.
func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Bool {
    var written = 0
    while written < count {
        let result = write(descriptor, bytes + written, count - written)
        if result > 0 {
            written += result
            continue
        }
        let error = errno
        if result < 0, error == EINTR { continue }
        if result < 0, error == EAGAIN || error == EWOULDBLOCK {
            var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&waiting, 1, -1)
            continue
        }
        return false
    }
    return true
}
