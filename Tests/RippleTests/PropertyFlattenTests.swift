import Ripple
import Testing

@Suite struct PropertyFlattenTests {
    @Test func flatMapLatestFollowsTheChosenPropertyOnly() {
        let names = [MutableProperty("a1"), MutableProperty("b1")]
        let selected = MutableProperty(0)
        let name = selected.flatMap(.latest) { names[$0] }
        let recorder = Recorder<String>()
        name.producer.start(recorder.observer())
        names[0].value = "a2"
        selected.value = 1
        names[0].value = "a3"
        names[1].value = "b2"
        #expect(recorder.entries == ["VALUE a1", "VALUE a2", "VALUE b1", "VALUE b2"])
        #expect(name.value == "b2")
    }

    @Test func flattenFollowsThePropertyTheOuterPropertyHolds() {
        let first = MutableProperty(1)
        let second = MutableProperty(2)
        let current = MutableProperty(Property(first))
        let value = current.flatten(.latest)
        #expect(value.value == 1)
        current.value = Property(second)
        second.value = 3
        #expect(value.value == 3)
    }

    @Test func aComposedInnerPropertyNeedsNoOwner() {
        let counts = MutableProperty(1)
        let scale = MutableProperty(10)
        let scaled = scale.flatMap(.latest) { factor in counts.map { $0 * factor } }
        counts.value = 2
        #expect(scaled.value == 20)
        scale.value = 100
        counts.value = 3
        #expect(scaled.value == 300)
    }

    @Test func flatMapCompletesOnceTheOuterAndTheLatestInnerHaveGoneAwayWithoutKeepingThem() {
        var inner: MutableProperty<String>? = MutableProperty("a")
        weak let weakInner = inner
        let name = composed(from: 0, then: 1) { [inner] outer in outer.flatMap(.latest) { _ in inner! } }
        #expect(name.events == ["VALUE a", "VALUE a"])
        #expect(name.sourceWasFreed)
        let recorder = Recorder<String>()
        name.composed.signal.observe(recorder.observer())
        inner?.value = "b"
        inner = nil
        #expect(weakInner == nil)
        #expect(recorder.entries == ["VALUE b", "COMPLETED"])
        #expect(name.composed.value == "b")
    }
}
