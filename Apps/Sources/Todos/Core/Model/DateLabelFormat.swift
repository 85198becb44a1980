import Foundation

// The date label's format (the original's `"dd/MM yyyy"`), here in Model/ so that the
// ViewModel, which builds on Ripple and SeedAppCore only, can turn its scheduler's
// date into text (Foundation's calendar and time zones: the one import of the Core).

/// Turns a date into the date label's text, `dd/MM yyyy` (`25/11 2026`), in a time
/// zone: the user's by default.
///
/// ```swift
/// DateLabelFormat(timeZone: TimeZone(identifier: "UTC")!).string(from: Date(timeIntervalSince1970: 0))
/// // "01/01 1970"
/// ```
public struct DateLabelFormat: Sendable {
    /// The time zone whose calendar day is shown.
    public var timeZone: TimeZone

    /// The format in `timeZone` (the user's by default).
    public init(timeZone: TimeZone = .current) {
        self.timeZone = timeZone
    }

    /// `dd/MM yyyy` of `date`'s day in the time zone (Gregorian calendar).
    public func string(from date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.day, .month, .year], from: date)
        return Self.pad(parts.day ?? 0, 2) + "/" + Self.pad(parts.month ?? 0, 2) + " " + Self.pad(parts.year ?? 0, 4)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
