#if canImport(Glibc)
import AppsTestSupport
import Foundation
import Glibc
import Services
import Testing

@Suite("ProcessLaunch: the tools the services start")
struct ProcessLaunchTests {
    /// A descriptor opened without close-on-exec, as a write by other code may be.
    private func inheritableDescriptor(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o755)
        try #require(descriptor >= 0)
        return descriptor
    }

    @Test("a started tool gets no descriptor of this process beyond its standard three")
    func noDescriptorIsInherited() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let descriptor = try inheritableDescriptor(directory.url.appendingPathComponent("open-here").path)
        defer { close(descriptor) }
        let child = try ProcessLaunch.start(
            "/bin/sh",
            ["-c", "for fd in 1 2 \(descriptor); do [ -e /proc/self/fd/$fd ] && echo open $fd || echo closed $fd; done"],
            capturingOutput: true
        )
        let (bytes, _) = ProcessLaunch.readAll(try #require(child.output), limit: 1 << 16)
        #expect(ProcessLaunch.wait(child.pid) == .exited(0))
        #expect(String(decoding: bytes, as: UTF8.self) == "open 1\nopen 2\nclosed \(descriptor)\n")
    }

    @Test("a script written while a long-running tool was started still runs once written")
    func aScriptWrittenDuringAnotherStartRuns() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let script = directory.url.appendingPathComponent("tool").path
        let descriptor = try inheritableDescriptor(script)
        let sleeper = try ProcessLaunch.start("/bin/sleep", ["30"], capturingOutput: false)
        defer {
            kill(sleeper.pid, SIGKILL)
            _ = ProcessLaunch.wait(sleeper.pid)
        }
        let body = Array("#!/bin/sh\necho ran\n".utf8)
        #expect(body.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == body.count)
        close(descriptor)
        // Had the sleeper inherited the descriptor, the script would stay open for
        // writing as long as it sleeps, and starting it would fail: "Text file busy".
        let child = try ProcessLaunch.start(script, [], capturingOutput: true)
        let (bytes, _) = ProcessLaunch.readAll(try #require(child.output), limit: 1 << 16)
        #expect(ProcessLaunch.wait(child.pid) == .exited(0))
        #expect(String(decoding: bytes, as: UTF8.self) == "ran\n")
    }
}
#endif
