// Dates of the changelog trailers, and the form Twitter gave them.
//
// A Debian changelog trailer's date is RFC 2822 (`Mon, 02 Jan 2023 13:06:21 +0100`).
// Real changelogs stray from it a little: a one-digit day with two spaces before it,
// a full month name, no weekday, a named zone (`GMT`, `UTC`, `EST`). The parser
// takes those and refuses anything it cannot read to the second. Twitter's
// `created_at` is always in UTC: `EEE MMM dd HH:mm:ss +0000 yyyy` with English
// names (en_US_POSIX). Both are done by hand (civil-date arithmetic and `gmtime_r`)
// rather than with `DateFormatter`: they run once per entry at import and once per
// status in every search answer, and the tests check them against `DateFormatter`.
import Foundation

/// RFC 2822 dates in, Twitter's `created_at` out.
public enum ChangelogDate {
    /// Seconds since 1970-01-01T00:00:00Z of an RFC 2822 date, or `nil` when the
    /// text is not one.
    ///
    /// Accepted: an optional weekday and comma; the day (1 or 2 digits); the month
    /// (its English name or first three letters, any case); a 4-digit year (or a
    /// 2-digit one, RFC 2822's obsolete form: 00–49 is 20xx); `HH:MM` or `HH:MM:SS`;
    /// a zone `±hhmm`, `UT`, `UTC`, `GMT`, `Z` or a North American name (`EST`,
    /// `EDT`, `CST`, `CDT`, `MST`, `MDT`, `PST`, `PDT`). A comment after the zone,
    /// such as `(CET)`, is ignored.
    public static func parse(_ text: some StringProtocol) -> Int64? {
        var tokens = Substring(text).split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })[...]
        if let first = tokens.first, first.allSatisfy(\.isLetter) {
            guard weekdays.contains(where: { first.lowercased().hasPrefix($0) }) else { return nil }
            tokens = tokens.dropFirst()
        }
        guard tokens.count >= 5,
            let day = Int(tokens[tokens.startIndex]),
            let month = month(tokens[tokens.startIndex + 1]),
            let year = year(tokens[tokens.startIndex + 2]),
            let seconds = timeOfDay(tokens[tokens.startIndex + 3]),
            let offset = zoneOffset(tokens[tokens.startIndex + 4])
        else { return nil }
        let rest = tokens.dropFirst(5)
        guard rest.isEmpty || rest.first?.hasPrefix("(") == true else { return nil }
        guard (1...daysIn(month: month, year: year)).contains(day) else { return nil }
        return daysSinceEpoch(year: year, month: month, day: day) * 86_400 + seconds - offset
    }

    /// Twitter's `created_at` for a time: `Mon Jan 02 12:06:21 +0000 2023`, always UTC.
    public static func twitter(_ secondsSince1970: Int64) -> String {
        var seconds = time_t(secondsSince1970)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let weekday = weekdayNames[Int(parts.tm_wday)]
        let month = monthNames[Int(parts.tm_mon)]
        return "\(weekday) \(month) \(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) +0000 \(parts.tm_year + 1900)"
    }

    // MARK: Pieces

    private static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let weekdays = weekdayNames.map { $0.lowercased() }
    private static let months = monthNames.map { $0.lowercased() }

    private static let namedZones: [String: Int64] = [
        "ut": 0, "utc": 0, "gmt": 0, "z": 0,
        "est": -5, "edt": -4, "cst": -6, "cdt": -5, "mst": -7, "mdt": -6, "pst": -8, "pdt": -7,
    ]

    private static func two(_ value: Int32) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    /// 1–12 from `Jan` or `January` (any case).
    private static func month(_ token: Substring) -> Int? {
        let name = token.lowercased()
        guard name.count >= 3, let index = months.firstIndex(where: { name.hasPrefix($0) }) else { return nil }
        let full = ["january", "february", "march", "april", "may", "june", "july", "august",
                    "september", "october", "november", "december"][index]
        guard name.count == 3 || full == name else { return nil }
        return index + 1
    }

    private static func year(_ token: Substring) -> Int? {
        guard token.allSatisfy(\.isASCII), let value = Int(token) else { return nil }
        switch token.count {
        case 4: return value
        case 2: return value < 50 ? 2000 + value : 1900 + value
        default: return nil
        }
    }

    /// Seconds into the day of `HH:MM` or `HH:MM:SS` (a leap second 60 is allowed).
    private static func timeOfDay(_ token: Substring) -> Int64? {
        let parts = token.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
            parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
            let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        let second = parts.count == 3 ? Int(parts[2]) : 0
        guard let second, (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        return Int64(hour * 3600 + minute * 60 + second)
    }

    /// The zone's offset east of UTC, in seconds.
    private static func zoneOffset(_ token: Substring) -> Int64? {
        if let hours = namedZones[token.lowercased()] {
            return hours * 3600
        }
        guard token.count == 5, let sign = token.first, sign == "+" || sign == "-",
            token.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }),
            let hours = Int64(token.dropFirst().prefix(2)), let minutes = Int64(token.suffix(2)),
            hours <= 14, minutes <= 59
        else { return nil }
        let offset = hours * 3600 + minutes * 60
        return sign == "-" ? -offset : offset
    }

    private static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar: the days
    /// of the whole years since 1970 (counting leap days), then of the months before.
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int64 {
        // Leap days before `y`-01-01 counted from year 0.
        func leapDays(before y: Int) -> Int {
            let previous = y - 1
            return previous / 4 - previous / 100 + previous / 400
        }
        var days = (year - 1970) * 365 + leapDays(before: year) - leapDays(before: 1970)
        for earlier in 1..<month {
            days += daysIn(month: earlier, year: year)
        }
        return Int64(days + day - 1)
    }
}
