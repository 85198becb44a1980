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

    // MARK: Every strategy

    @Test func flattenMergeFollowsEveryPropertyChosenSoFar() {
        let a = MutableProperty("a1")
        let b = MutableProperty("b1")
        let current = MutableProperty(Property(a))
        let value = current.flatten(.merge)
        current.value = Property(b)
        #expect(value.value == "b1")
        a.value = "a2"
        #expect(value.value == "a2")
        b.value = "b2"
        #expect(value.value == "b2")
    }

    @Test func flattenConcatFollowsTheNextPropertyOnceTheCurrentOneHasGoneAway() {
        var a: MutableProperty<String>? = MutableProperty("a1")
        let b = MutableProperty("b1")
        let current = MutableProperty(Property(a!))
        let value = current.flatten(.concat)
        current.value = Property(b)
        #expect(value.value == "a1")
        a?.value = "a2"
        b.value = "b2"
        #expect(value.value == "a2")
        a = nil
        #expect(value.value == "b2")
        b.value = "b3"
        #expect(value.value == "b3")
    }

    @Test func flattenConcurrentFollowsUpToItsLimit() {
        let properties = (1...3).map { MutableProperty($0 * 10) }
        let current = MutableProperty(Property(properties[0]))
        let value = current.flatten(.concurrent(limit: 2))
        current.value = Property(properties[1])
        current.value = Property(properties[2])
        #expect(value.value == 20)
        properties[0].value = 11
        #expect(value.value == 11)
        properties[2].value = 31
        #expect(value.value == 11)
    }

    @Test func flattenRaceKeepsTheFirstPropertyWhichHasAValueAtOnce() {
        let a = MutableProperty(1)
        let b = MutableProperty(10)
        let current = MutableProperty(Property(a))
        let value = current.flatten(.race)
        current.value = Property(b)
        #expect(value.value == 1)
        b.value = 11
        a.value = 2
        #expect(value.value == 2)
    }

    @Test func flattenThrottleIgnoresNewPropertiesWhileTheCurrentOneLives() {
        var a: MutableProperty<Int>? = MutableProperty(1)
        let b = MutableProperty(10)
        let c = MutableProperty(100)
        let current = MutableProperty(Property(a!))
        let value = current.flatten(.throttle)
        current.value = Property(b)
        a?.value = 2
        #expect(value.value == 2)
        a = nil
        b.value = 11
        #expect(value.value == 2)
        current.value = Property(c)
        #expect(value.value == 100)
    }

    @Test func everyStrategyCompletesOnceTheOuterAndTheFollowedInnerPropertiesHaveGoneAway() {
        for strategy: FlattenStrategy in [.merge, .concat, .concurrent(limit: 2), .latest, .race, .throttle] {
            var inner: MutableProperty<Int>? = MutableProperty(1)
            var outer: MutableProperty<Property<Int>>? = MutableProperty(Property(inner!))
            let value = outer!.flatten(strategy)
            let recorder = Recorder<String>()
            value.signal.observe(recorder.observer())
            outer = nil
            inner?.value = 2
            inner = nil
            #expect(recorder.entries == ["VALUE 2", "COMPLETED"], "\(strategy)")
            #expect(value.value == 2, "\(strategy)")
        }
    }
}

