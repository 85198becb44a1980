import Ripple
import Synchronization
import Testing

/// A file that imports Synchronization as well as Ripple: `Atomic(…)` there is the
/// standard library's, and Ripple's is written `Ripple.Atomic`.
@Suite struct AtomicNameTests {
    @Test func withBothModulesImportedAtomicIsTheStandardLibrarysAndRipplesIsQualified() {
        let flag = Atomic(false)
        flag.store(true, ordering: .relaxed)
        let isSet = flag.load(ordering: .relaxed)
        #expect(isSet)

        let shared = Ripple.Atomic(1)
        shared.modify { $0 += 1 }
        #expect(shared.value == 2)
    }
}
