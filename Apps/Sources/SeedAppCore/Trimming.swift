// What the apps do with typed text before a rule looks at it: leading and trailing
// white space (spaces, tabs, line breaks, and the other Unicode white space) go.

extension StringProtocol {
    /// The text without leading and trailing white space: `"  zlib \t"` → `"zlib"`.
    public var trimmingWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
