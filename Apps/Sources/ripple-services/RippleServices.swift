import ArgumentParser
import Foundation
import Hummingbird
import Logging
import Services

/// `ripple-services`: every local backend of the seed apps on one loopback port.
@main
struct RippleServices: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ripple-services",
        abstract: "Serve the seed apps' backends (the Todo service) over SQLite on loopback.",
        discussion: "Stops gracefully on SIGTERM or SIGINT: in-flight requests finish, then the process exits 0."
    )

    @Option(help: "The host to bind.")
    var host = "127.0.0.1"

    @Option(help: "The port to bind; 0 picks a free port (printed at start).")
    var port = 8080

    @Option(help: "The directory of the SQLite files (default: $XDG_DATA_HOME/ripple or ~/.local/share/ripple).")
    var dataDir: String?

    @Option(help: "corrected (default): valid answers where the originals were broken; original: the originals' broken answers.")
    var fidelity = "corrected"

    @Option(help: "The largest request body accepted, in bytes.")
    var maxBodySize = 64 * 1024

    func validate() throws {
        guard Fidelity(rawValue: fidelity) != nil else {
            throw ValidationError("--fidelity must be one of: \(Fidelity.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard (0...65535).contains(port) else {
            throw ValidationError("--port must be between 0 and 65535")
        }
        guard maxBodySize > 0 else {
            throw ValidationError("--max-body-size must be positive")
        }
    }

    func run() async throws {
        let dataDirectory = dataDir.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? ServicesConfiguration.defaultDataDirectory()
        let configuration = ServicesConfiguration(
            host: host,
            port: port,
            dataDirectory: dataDirectory,
            fidelity: Fidelity(rawValue: fidelity) ?? .corrected,
            maxBodySize: maxBodySize
        )
        var logger = Logger(label: "ripple-services")
        logger.logLevel = .notice
        say("ripple-services data directory: \(dataDirectory.path)")
        say("ripple-services fidelity: \(configuration.fidelity.rawValue)")
        let host = self.host
        let app = try ServicesApplication.make(configuration: configuration, logger: logger) { port in
            say("ripple-services listening on \(ServicesConfiguration.baseURL(host: host, port: port))")
        }
        try await app.runService()
        say("ripple-services stopped")
    }
}

/// Prints a line to standard output at once (a pipe would otherwise buffer it).
private func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
