// The process's in-use heap as glibc's malloc counts it, for W7's heap rows: a
// measurement package-benchmark does not make, recorded as a custom metric.

import CHeapUse

/// The process's in-use heap, as malloc itself counts it.
public enum HeapUse {
    /// glibc's in-use bytes (`mallinfo2().uordblks`: the blocks handed out, at
    /// their real size, with malloc's own header); 0 where there is no `mallinfo2`.
    public static func inUseBytes() -> Int {
        Int(ripple_bench_heap_in_use())
    }
}
