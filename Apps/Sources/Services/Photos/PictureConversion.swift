// Pictures that libpng and libjpeg cannot read, turned into PNG for the import by
// Debian's command-line tools, run as child processes:
//
// | Format | Tool | Package | Used for |
// |---|---|---|---|
// | WebP | `dwebp` | `webp` | most of `gnome-backgrounds` |
// | SVG | `rsvg-convert` | `librsvg2-bin` | the rest of `gnome-backgrounds`, SVGs in `--photos` folders |
//
// The PNG is made only as large as the thumbnails need (``PictureConversion/longSide``
// on the longer side, the aspect ratio kept), in memory, never written to disk. A
// missing tool, a tool that fails or one that takes longer than the timeout is a
// ``PictureConversionError``: the import counts the file as left out and says why.
import Foundation
import ImageFormats
import Synchronization

/// Why a picture could not be converted to PNG.
public enum PictureConversionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The tool is not installed: its name and the Debian package that has it.
    case toolMissing(tool: String, package: String)
    /// The tool failed or did not finish in time.
    case failed(String)

    public var description: String {
        switch self {
        case let .toolMissing(tool, package): "\(tool) is not installed (apt-get install \(package))"
        case let .failed(detail): detail
        }
    }
}

/// Converts WebP and SVG pictures to PNG with `dwebp` and `rsvg-convert`.
///
/// ```swift
/// let conversion = PictureConversion()
/// let png = try conversion.png(path: "/usr/share/backgrounds/gnome/adwaita-l.webp", format: .webp)
/// ```
public struct PictureConversion: Sendable {
    /// The longer side of the PNG made, in pixels: what the largest thumbnail needs.
    public static let longSide = ThumbnailVariant.minimumDecodedLong
    /// The largest PNG accepted from a tool.
    public static let maximumOutputBytes = 64 << 20

    /// `dwebp`'s path, when found.
    public let dwebp: String?
    /// `rsvg-convert`'s path, when found.
    public let rsvgConvert: String?
    /// How long one conversion may take.
    public let timeout: Duration

    /// The tools found on the environment's `PATH` (then the usual folders).
    public init(timeout: Duration = .seconds(30), environment: [String: String] = ProcessInfo.processInfo.environment) {
        let path = environment["PATH"] ?? ""
        self.init(
            dwebp: RsvgConvert.locate("dwebp", path: path), rsvgConvert: RsvgConvert.locate("rsvg-convert", path: path),
            timeout: timeout
        )
    }

    /// The tools at the given paths (`nil`: not installed).
    public init(dwebp: String?, rsvgConvert: String?, timeout: Duration = .seconds(30)) {
        self.dwebp = dwebp
        self.rsvgConvert = rsvgConvert
        self.timeout = timeout
    }

    /// Whether pictures of `format` can be converted here: always for PNG and JPEG
    /// (nothing to do), for WebP and SVG when their tool is installed.
    public func canRead(_ format: ImageFormat) -> Bool {
        switch format {
        case .png, .jpeg: true
        case .webp: dwebp != nil
        case .svg: rsvgConvert != nil
        }
    }

    /// The picture at `path`, of `format` (WebP or SVG), as a PNG whose longer side
    /// is ``longSide`` pixels.
    /// - Throws: ``PictureConversionError``.
    public func png(path: String, format: ImageFormat) throws(PictureConversionError) -> [UInt8] {
        let side = String(Self.longSide)
        switch format {
        case .png, .jpeg:
            throw .failed("\(format.rawValue.uppercased()) needs no conversion")
        case .webp:
            guard let dwebp else { throw .toolMissing(tool: "dwebp", package: "webp") }
            // A 0 keeps the aspect ratio; dwebp writes PNG unless told otherwise.
            return try run(dwebp, ["-quiet", "-resize", side, "0", path, "-o", "-"])
        case .svg:
            guard let rsvgConvert else { throw .toolMissing(tool: "rsvg-convert", package: "librsvg2-bin") }
            // rsvg-convert keeps the aspect ratio when given one side; the longer side
            // is the width for a landscape drawing, which backgrounds are.
            return try run(rsvgConvert, ["--width", side, "--format", "png", path])
        }
    }

    /// A WebP file's own width and height, from its header (the PNG made from it is
    /// smaller); `nil` for a header this does not recognise.
    public static func webpSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard ImageFormat.of(bytes) == .webp, bytes.count >= 30 else { return nil }
        func value(_ range: Range<Int>) -> Int {
            range.reversed().reduce(0) { $0 << 8 | Int(bytes[$1]) }
        }
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8X":   // extended: the canvas, 24 bits each, minus one
            return (value(24..<27) + 1, value(27..<30) + 1)
        case "VP8 ":   // lossy: after the frame tag and its start code, 14 bits each
            guard bytes[23..<26].elementsEqual([0x9D, 0x01, 0x2A]) else { return nil }
            return (value(26..<28) & 0x3FFF, value(28..<30) & 0x3FFF)
        case "VP8L":   // lossless: after the signature byte, 14 bits each, minus one
            guard bytes[20] == 0x2F else { return nil }
            let bits = value(21..<25)
            return ((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
        default:
            return nil
        }
    }

    /// Runs `executable` with `arguments` and returns what it wrote to its standard
    /// output, if it exited with status 0 in time.
    private func run(_ executable: String, _ arguments: [String]) throws(PictureConversionError) -> [UInt8] {
        let name = (executable as NSString).lastPathComponent
        let child: ProcessLaunch.Child
        do {
            child = try ProcessLaunch.start(executable, arguments, capturingOutput: true)
        } catch {
            throw .failed(error.description)
        }
        let pid = child.pid
        let deadline = ChildDeadline(pid: pid)
        let timer = DispatchWorkItem { deadline.expire() }
        let (seconds, attoseconds) = timeout.components
        DispatchQueue.global().asyncAfter(
            deadline: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)), execute: timer
        )
        // Read to the end before waiting: a tool whose output fills the pipe would
        // otherwise wait for a reader forever.
        let (bytes, overflowed) = ProcessLaunch.readAll(child.output!, limit: Self.maximumOutputBytes)
        if overflowed { kill(pid, SIGKILL) }   // not reaped yet: still this child's pid
        let termination = ProcessLaunch.wait(pid, beforeReaping: deadline.end)
        timer.cancel()
        let timedOut = deadline.expired
        guard !overflowed else { throw .failed("\(name) wrote more than \(Self.maximumOutputBytes) bytes") }
        guard !timedOut else { throw .failed("\(name) did not finish within \(timeout)") }
        switch termination {
        case .exited(0): break
        case let .exited(status): throw .failed("\(name) exited with status \(status)")
        case let .signalled(signal): throw .failed("\(name) was stopped by signal \(signal)")
        }
        guard ImageFormat.of(bytes) == .png else { throw .failed("\(name) did not write a PNG") }
        return bytes
    }
}
