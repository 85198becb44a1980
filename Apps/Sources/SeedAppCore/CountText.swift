// CountText: a count as an English reader writes it, digits grouped by threes with
// commas (the decimal style of the original apps' number formatters, in English),
// without Foundation, so that a ViewModel module on Ripple alone can use it.
//
//     7 → "7" · 1234 → "1,234" · 29856 → "29,856" · -1234567 → "-1,234,567"

/// Counts written with their digits grouped by threes: `"1,234"`.
///
/// ```swift
/// CountText.grouped(8121)   // "8,121"
/// ```
public enum CountText {
    /// `number` with a comma between each group of three digits from the right.
    public static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return number < 0 ? "-" + result : result
    }
}
