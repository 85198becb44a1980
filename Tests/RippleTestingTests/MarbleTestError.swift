/// An error with a code, for failing test streams.
struct MarbleTestError: Error, Equatable, CustomStringConvertible {
    let code: Int

    var description: String {
        "MarbleTestError(\(code))"
    }
}
