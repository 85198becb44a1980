/// Turns a value that cannot exist into any type: the transform for the value of a
/// `Never` stream, or for the error of a stream that cannot fail.
@inlinable
func absurd<T>(_ never: Never) -> T {}
