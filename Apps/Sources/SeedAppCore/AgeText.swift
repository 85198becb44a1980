// AgeText: how long ago, as people write it: the largest unit that is at least one,
// rounded down. A live age in a list reads "12 s", then "1 min", "3 h", "2 d", "4 y".
//
//     0–59 s → "N s" · 1–59 min → "N min" · 1–23 h → "N h" · 1–364 d → "N d" · then "N y"
//
// A negative age (a clock set back, a date in the future) reads "0 s": an age never
// counts down below now.

/// An age in seconds written as people read ages: `"12 s"`, `"5 min"`, `"3 h"`,
/// `"2 d"`, `"4 y"`.
///
/// ```swift
/// AgeText.text(seconds: 42)            // "42 s"
/// AgeText.text(seconds: 166_389_865)   // "5 y"
/// ```
public enum AgeText {
    private static let units: [(seconds: Int, name: String)] = [
        (365 * 86_400, "y"), (86_400, "d"), (3_600, "h"), (60, "min"),
    ]

    /// `seconds` in the largest whole unit it reaches, rounded down.
    public static func text(seconds: Int) -> String {
        let age = max(seconds, 0)
        for unit in units where age >= unit.seconds {
            return "\(age / unit.seconds) \(unit.name)"
        }
        return "\(age) s"
    }
}
