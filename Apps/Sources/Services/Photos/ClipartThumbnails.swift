// The drawings' thumbnails: Flickr's `_m` (240 px) and `_t` (100 px), drawn from
// the SVG on the first request for them, then served from the disk.
//
// - The PNG of a size is drawn by an ``SVGRasterizing`` (``RsvgConvert``: librsvg's
//   `rsvg-convert`, a child process, on a white background, at the size the search
//   answered as `width_m`/`height_m`); the JPEG of that size is the PNG re-encoded.
// - Each file is written to `clipart-thumbnails/<digest>-<m|t>.<png|jpg>` under the
//   data directory, whole and then renamed, so none is drawn twice: not on a later
//   request, not on a later start, and not by two requests at once (the second
//   awaits the first's work).
// - At most ``ClipartThumbnails/maximumConcurrentRenders`` drawings are drawn at
//   once; the others wait their turn without holding a thread.
// - A drawing the tool cannot draw (an error, or no answer within the tool's
//   timeout) gets a plain placeholder, cached as its thumbnail. When the tool is
//   missing, a placeholder answers too, but is not cached (installing the tool
//   fixes the next request), and the first request logs what to install.
import Foundation
import ImageFormats
import Logging
import Synchronization

/// Draws an SVG file as a PNG of a given size.
public protocol SVGRasterizing: Sendable {
    /// A PNG of `width`×`height` pixels of the SVG file at `path`.
    /// - Throws: ``SVGRenderError``.
    func rasterize(path: String, width: Int, height: Int) async throws -> [UInt8]
}

/// Why a drawing could not be drawn.
public enum SVGRenderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The tool is not installed.
    case toolMissing(String)
    /// The tool failed, or did not answer in time.
    case failed(String)

    /// For the log.
    public var description: String {
        switch self {
        case .toolMissing(let detail), .failed(let detail): detail
        }
    }
}

/// The drawings' thumbnail files, drawn on first request.
public final class ClipartThumbnails: Sendable {
    /// The folder's name under the data directory.
    public static let folderName = "clipart-thumbnails"
    /// How many drawings are drawn at once.
    public static let maximumConcurrentRenders = 2

    /// The folder.
    public let directory: URL

    private let rasterizer: any SVGRasterizing
    private let logger: Logger
    private let slots = RenderSlots(ClipartThumbnails.maximumConcurrentRenders)
    private let state = Mutex(State())

    private struct State {
        /// The files being made, by name: a second request awaits the first's.
        var making: [String: Task<Made, any Error>] = [:]
        /// Drawings drawn (successfully or not) since start.
        var renders = 0
        /// Whether the missing tool was logged.
        var loggedMissingTool = false
    }

    /// The cache under a data directory, drawing with `rasterizer`.
    public init(dataDirectory: URL, rasterizer: any SVGRasterizing = RsvgConvert(), logger: Logger) {
        directory = dataDirectory.appendingPathComponent(Self.folderName, isDirectory: true)
        self.rasterizer = rasterizer
        self.logger = logger
    }

    /// How many times a drawing was handed to the rasterizer since start.
    public var renderCount: Int {
        state.withLock { $0.renders }
    }

    /// The file of one variant of a drawing.
    public func url(digest: String, variant: ThumbnailVariant) -> URL {
        directory.appendingPathComponent("\(digest)-\(variant.rawValue)")
    }

    /// The bytes of one Flickr variant of a drawing: from the disk, else drawn now
    /// (and kept). `width`×`height` is the drawing's own size.
    public func thumbnail(path: String, digest: String, variant: ThumbnailVariant, width: Int, height: Int) async throws -> [UInt8] {
        try await made(path: path, digest: digest, variant: variant, width: width, height: height).bytes
    }

    /// A thumbnail's bytes, and whether they were kept on disk (a placeholder for a
    /// missing tool is not).
    private struct Made: Sendable {
        var bytes: [UInt8]
        var kept: Bool
    }

    private func made(path: String, digest: String, variant: ThumbnailVariant, width: Int, height: Int) async throws -> Made {
        let file = url(digest: digest, variant: variant)
        if let bytes = try? Data(contentsOf: file) { return Made(bytes: Array(bytes), kept: true) }
        let key = file.lastPathComponent
        let task: Task<Made, any Error> = state.withLock { state in
            if let running = state.making[key] { return running }
            let task = Task { try await self.make(path: path, digest: digest, variant: variant, width: width, height: height) }
            state.making[key] = task
            return task
        }
        defer { _ = state.withLock { $0.making.removeValue(forKey: key) } }
        return try await task.value
    }

    private func make(path: String, digest: String, variant: ThumbnailVariant, width: Int, height: Int) async throws -> Made {
        // A request that found no file may start just after another made it.
        if let bytes = try? Data(contentsOf: url(digest: digest, variant: variant)) { return Made(bytes: Array(bytes), kept: true) }
        let (targetWidth, targetHeight) = variant.size(width: width, height: height)
        if variant.format == .jpeg {
            // The JPEG is the PNG of its size, re-encoded.
            let pngVariant: ThumbnailVariant = variant == .mediumJPEG ? .mediumPNG : .thumbnailPNG
            let png = try await made(path: path, digest: digest, variant: pngVariant, width: width, height: height)
            let image = (try? ImageCodec.decode(png.bytes).image) ?? Self.placeholder(width: targetWidth, height: targetHeight)
            let jpeg = try ImageCodec.encodeJPEG(image)
            return png.kept ? Made(bytes: try keep(jpeg, variant: variant, digest: digest), kept: true) : Made(bytes: jpeg, kept: false)
        }
        await slots.acquire()
        let drawn: Result<[UInt8], SVGRenderError>
        do {
            drawn = .success(try await rasterizer.rasterize(path: path, width: targetWidth, height: targetHeight))
        } catch let error as SVGRenderError {
            drawn = .failure(error)
        } catch {
            drawn = .failure(.failed("\(error)"))
        }
        await slots.release()
        state.withLock { $0.renders += 1 }
        switch drawn {
        case .success(let bytes):
            return Made(bytes: try keep(bytes, variant: variant, digest: digest), kept: true)
        case .failure(.toolMissing(let detail)):
            let first = state.withLock { state in
                defer { state.loggedMissingTool = true }
                return !state.loggedMissingTool
            }
            if first {
                logger.error("photos: drawings' thumbnails are placeholders: \(detail) (apt-get install librsvg2-bin)")
            }
            return Made(bytes: try ImageCodec.encodePNG(Self.placeholder(width: targetWidth, height: targetHeight)), kept: false)
        case .failure(.failed(let detail)):
            logger.info("photos: \(path) could not be drawn, a placeholder stands for it: \(detail)")
            let placeholder = try ImageCodec.encodePNG(Self.placeholder(width: targetWidth, height: targetHeight))
            return Made(bytes: try keep(placeholder, variant: variant, digest: digest), kept: true)
        }
    }

    /// Writes a thumbnail whole, then renames it into place; returns its bytes.
    private func keep(_ bytes: [UInt8], variant: ThumbnailVariant, digest: String) throws -> [UInt8] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(bytes).write(to: url(digest: digest, variant: variant), options: [.atomic])
        return bytes
    }

    /// Removes the files of every digest not in `keep`.
    public func prune(keeping keep: Set<String>) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names {
            let digest = name.split(separator: "-", maxSplits: 1).first.map(String.init) ?? name
            if !keep.contains(digest) {
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
            }
        }
    }

    /// A light grey picture: what stands for a drawing that cannot be drawn.
    static func placeholder(width: Int, height: Int) -> RGBImage {
        RGBImage(width: width, height: height, pixels: [UInt8](repeating: 0xE4, count: width * height * 3))
    }
}

/// A counting semaphore for tasks: waiting suspends, it does not block a thread.
actor RenderSlots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ count: Int) {
        free = count
    }

    func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

/// librsvg's `rsvg-convert` (Debian's `librsvg2-bin`), run as a child process.
public struct RsvgConvert: SVGRasterizing {
    /// The tool's path, when found.
    public let executable: String?
    /// How long a drawing may take.
    public let timeout: Duration

    /// The tool found on `PATH` (then `/usr/bin`, `/usr/local/bin`, `/opt/homebrew/bin`).
    public init(timeout: Duration = .seconds(10), environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.timeout = timeout
        executable = Self.locate("rsvg-convert", path: environment["PATH"] ?? "")
    }

    /// The first executable file named `name` in `path`'s folders or the usual ones.
    public static func locate(_ name: String, path: String) -> String? {
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        return folders.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Draws the file on white at exactly `width`×`height`.
    public func rasterize(path: String, width: Int, height: Int) async throws -> [UInt8] {
        guard let executable else { throw SVGRenderError.toolMissing("rsvg-convert is not installed") }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-svg-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: output) }
        let child: ProcessLaunch.Child
        do {
            child = try ProcessLaunch.start(executable, [
                "--width", String(width), "--height", String(height), "--background-color", "white", "--format", "png",
                "--output", output.path, path,
            ], capturingOutput: false)
        } catch {
            throw SVGRenderError.failed(error.description)
        }
        let deadline = ChildDeadline(pid: child.pid)
        let timeout = timeout
        let timer = Task {
            try await Task.sleep(for: timeout)
            deadline.expire()
        }
        let pid = child.pid
        let termination = await withCheckedContinuation { (continuation: CheckedContinuation<ProcessLaunch.Termination, Never>) in
            // waitpid blocks: on a thread of its own, not one of the cooperative pool's.
            Thread {
                continuation.resume(returning: ProcessLaunch.wait(pid, beforeReaping: deadline.end))
            }.start()
        }
        timer.cancel()
        guard !deadline.expired else { throw SVGRenderError.failed("rsvg-convert did not finish within \(timeout)") }
        guard termination == .exited(0) else {
            throw SVGRenderError.failed("rsvg-convert ended with \(termination)")
        }
        guard let bytes = try? Data(contentsOf: output), !bytes.isEmpty else { throw SVGRenderError.failed("rsvg-convert wrote nothing") }
        return Array(bytes)
    }
}
