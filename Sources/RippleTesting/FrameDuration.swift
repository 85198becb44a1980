#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Frame lengths: every RippleTesting API that takes a `frameDuration` accepts it as
// `TimeInterval` seconds (with a default of one second) and as a `Duration` (with
// no default, so that a call without `frameDuration:` has one meaning). The
// `Duration` forms convert here and forward to the `TimeInterval` ones.
//
//     scheduler.hotSignal("-a|", frameDuration: .milliseconds(100))   ==   scheduler.hotSignal("-a|", frameDuration: 0.1)

extension Duration {
    /// The duration in seconds, as `TimeInterval`.
    var inSeconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
