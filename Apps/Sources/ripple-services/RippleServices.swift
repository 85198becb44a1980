import ArgumentParser
import ConsoleOutput
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import Services
import Synchronization

/// `ripple-services`: every local backend of the seed apps on one loopback port.
@main
struct RippleServices: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ripple-services",
        abstract: "Serve the seed apps' backends (the Todo, tweet, user and photo services) over SQLite on loopback.",
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

    @Option(help: ArgumentHelp(
        "The tweet service's changelogs: a directory laid out like /usr/share/doc, or 'bundled'.",
        discussion: "Default: /usr/share/doc when it has Debian changelogs, else the bundled corpus.",
        valueName: "dir"
    ))
    var tweetsCorpus: String?

    @Option(help: ArgumentHelp(
        "A folder of PNG, JPEG, WebP and SVG images for the photo service (repeatable), or 'bundled'.",
        discussion: "Default: the wallpapers under /usr/share/wallpapers and /usr/share/backgrounds, else the bundled images.",
        valueName: "dir"
    ))
    var photos: [String] = []

    @Option(help: ArgumentHelp(
        "A folder of SVG drawings filed in category folders, for the Flickr search, or 'none'.",
        discussion: "Default: /usr/share/openclipart/svg (Debian's openclipart-svg) without --photos; none when it is missing.",
        valueName: "dir"
    ))
    var clipart: String?

    @Option(help: ArgumentHelp(
        "PBKDF2-HMAC-SHA256's iteration count for new passwords.",
        discussion: "Stored with each password, so a later change leaves existing ones readable."
    ))
    var passwordIterations = PasswordHash.defaultIterations

    @Option(help: ArgumentHelp(
        "Latency and failure injection per route, from a JSON file (Apps/docs/Chaos.md shows its form).",
        valueName: "file"
    ))
    var chaos: String?

    @Option(help: ArgumentHelp(
        "The seed of chaos's random draws (turns chaos on, with no route settings unless --chaos gives some).",
        discussion: "Default: the file's \"seed\", else one picked at start and printed."
    ))
    var chaosSeed: UInt64?

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
        if let tweetsCorpus, tweetsCorpus != "bundled" {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: tweetsCorpus, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("--tweets-corpus must be a directory or 'bundled'")
            }
        }
        for folder in photos where folder != "bundled" {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("--photos must be a directory or 'bundled': \(folder)")
            }
        }
        if let clipart, clipart != "none" {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: clipart, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("--clipart must be a directory or 'none': \(clipart)")
            }
        }
        if photos.contains("bundled"), photos.count > 1 {
            throw ValidationError("--photos bundled cannot be given with folders")
        }
        guard (1...PasswordHash.maximumIterations).contains(passwordIterations) else {
            throw ValidationError("--password-iterations must be between 1 and \(PasswordHash.maximumIterations)")
        }
        _ = try chaosConfiguration()
    }

    private var photoCorpus: PhotoCorpus {
        let drawings: ClipartCorpus? = switch clipart {
        // `--photos` serves those pictures alone, unless `--clipart` adds drawings.
        case nil: photos.isEmpty ? .machine : nil
        case "none": nil
        case let folder?: ClipartCorpus(directory: URL(fileURLWithPath: folder, isDirectory: true))
        }
        let photographs: PhotoCorpus =
            if photos.isEmpty { .automatic } else if photos == ["bundled"] { .bundled } else {
                .directories(photos.map { URL(fileURLWithPath: $0, isDirectory: true) })
            }
        return photographs.withClipart(drawings)
    }

    /// The chaos settings: the file's, with `--chaos-seed` over its seed; `nil` when
    /// neither option is given.
    private func chaosConfiguration() throws -> ChaosConfiguration? {
        guard chaos != nil || chaosSeed != nil else { return nil }
        var configuration = try ChaosConfiguration()
        if let chaos {
            do {
                configuration = try ChaosConfiguration.load(from: URL(fileURLWithPath: chaos))
            } catch let error as ChaosSettingsError {
                throw ValidationError("--chaos \(chaos): \(error.message)")
            }
        }
        if let chaosSeed {
            configuration.seed = chaosSeed
        }
        return configuration
    }

    private var corpus: TweetCorpus {
        switch tweetsCorpus {
        case nil: .automatic
        case "bundled": .bundled
        case let path?: .directory(URL(fileURLWithPath: path, isDirectory: true))
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
            maxBodySize: maxBodySize,
            tweetCorpus: corpus,
            photoCorpus: photoCorpus,
            passwordIterations: passwordIterations,
            chaos: try chaosConfiguration()
        )
        var logger = Logger(label: "ripple-services")
        logger.logLevel = .notice
        say("ripple-services data directory: \(dataDirectory.path)")
        say("ripple-services fidelity: \(configuration.fidelity.rawValue)")
        let services = try ServicesApplication.open(configuration, logger: logger)
        let tweets = services.tweets
        let count = tweets.index.changelogCount
        say("ripple-services tweets corpus: \(tweets.index.corpus.source.description), \(count) changelog file\(count == 1 ? "" : "s")")
        say("ripple-services twitter app credentials: \(dataDirectory.appendingPathComponent(TwitterAppCredentials.fileName).path)"
            + (tweets.createdCredentials ? " (new)" : ""))
        switch (tweets.index.status, tweets.index.isImporting) {
        case (.ready(let corpus), false):
            say("ripple-services tweets: \(describe(corpus))")
        case (.failed(let reason), _):
            say("ripple-services tweets: no index, searches answer 503: \(reason)")
        case (.ready, true):
            say("ripple-services tweets: the changelogs changed, importing again in the background; searches use the previous index meanwhile")
        case (.importing, _):
            say("ripple-services tweets: importing in the background; searches answer 503 until the index is built")
        }
        if tweets.index.isImporting {
            Task {
                if let corpus = await tweets.index.waitUntilIdle(), case .ready = tweets.index.status {
                    say("ripple-services tweets: \(describe(corpus))")
                }
            }
        }
        let library = services.photos.library
        let files = library.scan.candidates.count
        say("ripple-services photos corpus: \(library.scan.description), \(files) image file\(files == 1 ? "" : "s")"
            + (library.scan.note.map { " (\($0))" } ?? ""))
        if let drawings = library.clipartScan {
            say("ripple-services clipart corpus: \(drawings.directory), "
                + (drawings.exists ? "\(drawings.files.count) drawings (\(drawings.links) links)" : "missing: the Flickr search has no drawings"))
        }
        let collections = library.collections
        say("ripple-services 500px serves \(collections.wall); flickr serves \(collections.search)")
        if let install = collections.installCommand {
            say("ripple-services for the full collections: \(install)")
        }
        say("ripple-services flickr app key: \(dataDirectory.appendingPathComponent(FlickrAppCredentials.fileName).path)"
            + (services.photos.createdFlickrCredentials ? " (new)" : ""))
        switch (library.status, library.isImporting) {
        case (.ready(let corpus), false):
            say("ripple-services photos: \(describePhotos(corpus))")
        case (.failed(let reason), _):
            say("ripple-services photos: none, the photo routes answer 503: \(reason)")
        case (.ready, true):
            say("ripple-services photos: the images changed, importing again in the background; the previous photos answer meanwhile")
        case (.importing, _):
            say("ripple-services photos: importing in the background; the photo routes answer 503 until it ends")
        }
        if library.isImporting {
            Task {
                if let corpus = await library.waitUntilIdle(), case .ready = library.status {
                    say("ripple-services photos: \(describePhotos(corpus))")
                }
            }
        }
        say("ripple-services users: \(services.users.store.path), passwords PBKDF2-HMAC-SHA256 × \(passwordIterations)")
        if let engine = services.chaos {
            let routes = engine.configuration.routes.count
            say("ripple-services chaos: \(chaos ?? "no file") (\(routes) route setting\(routes == 1 ? "" : "s")), seed \(engine.seed);"
                + " X-Ripple-Chaos headers are honoured")
        } else {
            say("ripple-services chaos: off")
        }
        let host = self.host
        let listened = Atomic<Bool>(false)
        let server = ServicesServer(services: services, configuration: configuration, logger: logger) { port in
            let base = ServicesConfiguration.baseURL(host: host, port: port)
            if !listened.exchange(true, ordering: .relaxed) {
                say("ripple-services sms outbox: \(base)/sms-outbox (codes are also logged)")
            }
            say("ripple-services listening on \(base)")
        }
        let group = ServiceGroup(
            configuration: .init(services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        )
        try await group.run()
        say("ripple-services stopped")
    }
}

/// `29841 tweets from 9496 entries of 358 packages (imported in 3.1 s)`.
private func describe(_ corpus: CorpusSummary) -> String {
    let stats = corpus.stats
    return "\(stats.tweets) tweets from \(stats.entries) entries of \(stats.packages) packages"
        + " by \(stats.maintainers) maintainers (imported in \(String(format: "%.1f", stats.seconds)) s)"
}

/// Prints a line to standard output at once; ends quietly if the reader went away.
private func say(_ line: String) {
    StandardOutput.writeLine(line)
}
