#if canImport(Runtime)
import Runtime
#endif

// Where a leak check's observers were attached: the call stack, captured at each
// attach inside a check (only there: outside a leak check nothing is captured), and
// resolved to the first frame of the user's code only when a report names the
// observers that are still attached.

/// The call stack of one attach, resolved on demand to the user's call that made it
/// (`observe…`, `start…`, `<~`, or the operator whose signal attached to its source).
struct AttachmentSite: @unchecked Sendable {  // immutable after capture
    #if canImport(Runtime)
    private let backtrace: Backtrace?
    #endif

    /// The call stack of the calling thread.
    static func capture() -> AttachmentSite {
        #if canImport(Runtime)
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return AttachmentSite(backtrace: try? Backtrace.capture(limit: 24, top: 0, images: ProcessImages.map))
        }
        return AttachmentSite(backtrace: nil)
        #else
        return AttachmentSite()
        #endif
    }

    /// `Folder/File.swift:line` of the innermost frame outside Ripple and
    /// RippleTesting (the user's call), or `nil` if the stack has no such frame with
    /// a source location (a build without debug information).
    func userLocation() -> String? {
        #if canImport(Runtime)
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            guard let frames = backtrace?.symbolicated(options: [.showSourceLocations, .useSymbolCache])?.frames else { return nil }
            for frame in frames {
                guard let location = frame.symbol?.sourceLocation, location.line > 0,
                      !Self.isLibraryPath(location.path) else { continue }
                return "\(Self.shortened(location.path)):\(location.line)"
            }
        }
        #endif
        return nil
    }

    #if canImport(Runtime)
    /// The images loaded in the process, listed once. Given to every capture: on
    /// Linux, a capture without them lists the images itself, reading the start of
    /// every mapping in `/proc/self/maps`, and a mapping that another thread unmaps
    /// meanwhile (a thread's stack, a file) crashes the process with a bad pointer
    /// dereference. Listed once, that window is one capture's, not every attach's.
    /// The code that attaches (the tests, the app, Ripple) is loaded at the start.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    private enum ProcessImages {
        static let map = ImageMap.capture()
    }
    #endif

    /// Whether `path` is a file of Ripple itself or of RippleTesting, or generated.
    private static func isLibraryPath(_ path: String) -> Bool {
        path.isEmpty || path.hasPrefix("<") || path.contains("/Sources/Ripple/") || path.contains("/Sources/RippleTesting/")
    }

    /// The last two components of `path`, as `#fileID` names a file in SwiftPM's
    /// layout (`SearchTests/SearchTests.swift`).
    private static func shortened(_ path: String) -> String {
        path.split(separator: "/").suffix(2).joined(separator: "/")
    }
}
