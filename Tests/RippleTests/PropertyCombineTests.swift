import Ripple
import Testing

@Suite struct PropertyCombineTests {
    @Test func combineLatestHasTheCurrentValuesAtOnceAndChangesWithEither() {
        let count = MutableProperty(1)
        let name = MutableProperty("a")
        let both = Property.combineLatest(count, name)
        let recorder = Recorder<String>()
        both.producer.startWithValues { recorder.append("\($0.0)\($0.1)") }
        count.value = 2
        name.value = "b"
        #expect(recorder.entries == ["1a", "2a", "2b"])
        #expect(both.value == (2, "b"))
    }

    @Test func instanceCombineLatestAndZipPairThisPropertyWithAnother() {
        let count = MutableProperty(1)
        let name = MutableProperty("a")
        let latest = count.combineLatest(with: name).map { number, letter in "\(number)\(letter)" }
        let zipped = count.zip(with: name).map { number, letter in "\(number)\(letter)" }
        count.value = 2
        #expect(latest.value == "2a")
        #expect(zipped.value == "1a")
        name.value = "b"
        #expect(latest.value == "2b")
        #expect(zipped.value == "2b")
    }

    @Test func combineLatestTakesUpToTenPropertiesOfDifferentTypes() {
        let number = MutableProperty(1)
        let text = Property(value: "t")
        let flag = MutableProperty(false)
        let three = Property.combineLatest(number, text, flag)
        #expect(three.value == (1, "t", false))
        let ten = Property.combineLatest(number, text, flag, number, text, flag, number, text, flag, number)
        number.value = 2
        #expect(ten.value.0 == 2 && ten.value.9 == 2 && ten.value.1 == "t" && ten.value.8 == false)
    }

    @Test func combineLatestOfASequenceGivesTheValuesInOrder() {
        let properties = [MutableProperty(1), MutableProperty(2), MutableProperty(3)]
        let all = Property.combineLatest(properties)
        #expect(all.value == [1, 2, 3])
        properties[1].value = 20
        #expect(all.value == [1, 20, 3])
    }

    @Test func combineLatestOfNoPropertyIsAConstantEmptyArray() {
        let none = Property.combineLatest([MutableProperty<Int>]())
        #expect(none.value == [])
        #expect(events(of: none.producer) == ["VALUE []", "COMPLETED"])
    }

    @Test func combineLatestAndZipOfNoPropertyHoldTheEmptySentinel() {
        let none: [MutableProperty<Int>] = []
        let combined = Property.combineLatest(none, emptySentinel: [0])
        #expect(combined.value == [0])
        #expect(events(of: combined.producer) == ["VALUE [0]", "COMPLETED"])
        #expect(Property.zip(none, emptySentinel: [1, 2]).value == [1, 2])
    }

    @Test func theEmptySentinelIsUnusedWhenThereAreProperties() {
        let inputs = [MutableProperty(1), MutableProperty(2)]
        let combined = Property.combineLatest(inputs, emptySentinel: [0])
        let zipped = Property.zip(inputs, emptySentinel: [0])
        inputs[0].value = 3
        #expect(combined.value == [3, 2])
        #expect(zipped.value == [1, 2])
    }

    @Test func combineLatestCompletesOnceEveryInputHasGoneAwayWithoutKeepingThem() {
        let other = MutableProperty("x")
        let combined = composed(from: 1, then: 2) { Property.combineLatest($0, other) }
        #expect(combined.events == ["VALUE (1, \"x\")", "VALUE (2, \"x\")"])
        #expect(combined.sourceWasFreed)
        let recorder = Recorder<String>()
        combined.composed.producer.start(recorder.observer())
        other.value = "y"
        #expect(combined.composed.value == (2, "y"))
        #expect(recorder.entries == ["VALUE (2, \"x\")", "VALUE (2, \"y\")"])

        let sequence = composed(from: 1, then: 2) { Property.combineLatest([$0]) }
        #expect(sequence.events == ["VALUE [1]", "VALUE [2]", "COMPLETED"])
        #expect(sequence.sourceWasFreed)
    }

    @Test func zipPairsValuesByPositionTheCurrentValuesFirst() {
        let left = MutableProperty(1)
        let right = MutableProperty("a")
        let pairs = Property.zip(left, right)
        let recorder = Recorder<String>()
        pairs.producer.startWithValues { recorder.append("\($0.0)\($0.1)") }
        left.value = 2
        left.value = 3
        right.value = "b"
        #expect(recorder.entries == ["1a", "2b"])
        #expect(pairs.value == (2, "b"))
    }

    @Test func zipOfASequenceGivesTheNthValuesInOrder() {
        let properties = [MutableProperty(1), MutableProperty(2)]
        let zipped = Property.zip(properties)
        properties[0].value = 10
        #expect(zipped.value == [1, 2])
        properties[1].value = 20
        #expect(zipped.value == [10, 20])
        #expect(Property.zip([Property<Int>]()).value == [])
    }

    @Test func zipCompletesOnceAnInputHasGoneAwayAndNothingIsLeftToPair() {
        let other = MutableProperty("x")
        let zipped = composed(from: 1, then: 2) { Property.zip($0, other) }
        #expect(zipped.events == ["VALUE (1, \"x\")"], "2 waits for a partner")
        #expect(zipped.sourceWasFreed)
        let recorder = Recorder<String>()
        zipped.composed.signal.observe(recorder.observer())
        other.value = "y"
        #expect(recorder.entries == ["VALUE (2, \"y\")", "COMPLETED"])
        #expect(zipped.composed.value == (2, "y"))
    }

    @Test func combinePreviousPairsTheCurrentValueWithInitial() {
        let page = MutableProperty(1)
        let moves = page.combinePrevious(0)
        let recorder = Recorder<String>()
        moves.producer.startWithValues { recorder.append("\($0.previous)>\($0.current)") }
        page.value = 2
        page.value = 3
        #expect(recorder.entries == ["0>1", "1>2", "2>3"])
    }

    @Test func combinePreviousWithoutInitialPairsTheCurrentValueWithItself() {
        let page = MutableProperty(1)
        let moves = page.combinePrevious()
        #expect(moves.value == (1, 1))
        page.value = 2
        #expect(moves.value == (1, 2))
    }

    @Test func combinePreviousCompletesWhenTheSourceGoesAwayWithoutKeepingIt() {
        let moves = composed(from: 1, then: 2) { $0.combinePrevious(0) }
        #expect(moves.events == ["VALUE (previous: 0, current: 1)", "VALUE (previous: 1, current: 2)", "COMPLETED"])
        #expect(moves.sourceWasFreed)
    }
}
