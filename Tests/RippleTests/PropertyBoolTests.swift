import Ripple
import Testing

@Suite struct PropertyBoolTests {
    @Test func negateFollowsTheSourceNegated() {
        let isEmpty = MutableProperty(true)
        let hasItems = isEmpty.negate()
        #expect(hasItems.value == false)
        isEmpty.value = false
        #expect(hasItems.value == true)
    }

    @Test func andIsTrueWhileBothAreTrue() {
        let a = MutableProperty(true)
        let b = MutableProperty(false)
        let both = a.and(b)
        let recorder = Recorder<String>()
        both.producer.start(recorder.observer())
        b.value = true
        a.value = false
        #expect(recorder.entries == ["VALUE false", "VALUE true", "VALUE false"])
    }

    @Test func orIsTrueWhileEitherIsTrue() {
        let a = MutableProperty(false)
        let b = MutableProperty(false)
        let either = a.or(b.map { $0 })
        #expect(either.value == false)
        b.value = true
        #expect(either.value == true)
        a.value = true
        b.value = false
        #expect(either.value == true)
    }

    @Test func allIsTrueWhileEveryInputIsTrue() {
        let inputs = [MutableProperty(true), MutableProperty(false), MutableProperty(true)]
        let all = Property.all(inputs)
        #expect(all.value == false)
        inputs[1].value = true
        #expect(all.value == true)
        #expect(Property.all([Property<Bool>]()).value == true)
    }

    @Test func anyIsTrueWhileSomeInputIsTrue() {
        let inputs = [MutableProperty(false), MutableProperty(false)]
        let any = Property.any(inputs)
        #expect(any.value == false)
        inputs[1].value = true
        #expect(any.value == true)
        #expect(Property.any([Property<Bool>]()).value == false)
    }

    @Test func variadicAllAndAnyTakePropertiesOfDifferentTypes() {
        let agreed = MutableProperty(false)
        let name = MutableProperty("")
        let isNamed = name.map { !$0.isEmpty }
        let all = Property.all(agreed, isNamed, Property(value: true))
        let any = Property.any(agreed, isNamed)
        #expect(all.value == false)
        #expect(any.value == false)
        name.value = "Ripple"
        #expect(all.value == false)
        #expect(any.value == true)
        agreed.value = true
        #expect(all.value == true)
    }

    @Test func boolPropertiesCompleteWhenTheirSourcesGoAwayWithoutKeepingThem() {
        let negated = composed(from: true, then: false) { $0.negate() }
        #expect(negated.events == ["VALUE false", "VALUE true", "COMPLETED"])
        #expect(negated.sourceWasFreed)

        let all = composed(from: true, then: false) { Property.all([$0]) }
        #expect(all.events == ["VALUE true", "VALUE false", "COMPLETED"])
        #expect(all.sourceWasFreed)

        let constant = Property(value: true)
        let both = composed(from: true, then: false) { $0.and(constant) }
        #expect(both.events == ["VALUE true", "VALUE false", "COMPLETED"])
        #expect(both.sourceWasFreed)
    }
}
