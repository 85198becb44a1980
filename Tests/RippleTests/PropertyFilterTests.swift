import Ripple
import Testing

@Suite struct PropertyFilterTests {
    @Test func filterHoldsInitialUntilAValuePassesThenTheLatestPassingValue() {
        let source = MutableProperty(1)
        let big = source.filter(initial: 0) { $0 > 1 }
        let recorder = Recorder<String>()
        big.producer.start(recorder.observer())
        #expect(big.value == 0)
        source.value = 2
        source.value = 1
        #expect(big.value == 2)
        source.value = 3
        #expect(recorder.entries == ["VALUE 0", "VALUE 2", "VALUE 3"])
    }

    @Test func filterTakesTheCurrentValueAtOnceWhenItPasses() {
        let source = MutableProperty(5)
        let big = source.filter(initial: 0) { $0 > 1 }
        #expect(big.value == 5)
        #expect(events(of: big.producer.take(first: 1)) == ["VALUE 5", "COMPLETED"])
    }

    @Test func skipRepeatsChangesOnlyToADifferentValue() {
        let source = MutableProperty(1)
        let distinct = source.skipRepeats()
        let recorder = Recorder<String>()
        distinct.producer.start(recorder.observer())
        for value in [1, 2, 2, 1] { source.value = value }
        #expect(recorder.entries == ["VALUE 1", "VALUE 2", "VALUE 1"])
        #expect(distinct.value == 1)
    }

    @Test func skipRepeatsWithAnEquivalenceComparesWithTheLastValueLetThrough() {
        let source = MutableProperty("a")
        let distinct = source.skipRepeats { $0.lowercased() == $1.lowercased() }
        let recorder = Recorder<String>()
        distinct.signal.observe(recorder.observer())
        for value in ["A", "b", "B"] { source.value = value }
        #expect(recorder.entries == ["VALUE b"])
        #expect(distinct.value == "b")
    }

    @Test func uniqueValuesLetsEveryValueThroughOnlyTheFirstTime() {
        let source = MutableProperty(1)
        let unique = source.uniqueValues()
        let recorder = Recorder<String>()
        unique.producer.start(recorder.observer())
        for value in [2, 1, 3, 2] { source.value = value }
        #expect(recorder.entries == ["VALUE 1", "VALUE 2", "VALUE 3"])
        #expect(unique.value == 3)
    }

    @Test func uniqueValuesByKeyComparesIdentities() {
        let source = MutableProperty("apple")
        let firstOfEachLetter = source.uniqueValues { $0.first }
        for value in ["avocado", "banana", "blueberry"] { source.value = value }
        #expect(firstOfEachLetter.value == "banana")
    }

    @Test func filteredPropertiesCompleteWhenTheSourceGoesAwayWithoutKeepingIt() {
        let filtered = composed(from: 1, then: 2) { $0.filter(initial: 0) { $0 > 1 } }
        #expect(filtered.events == ["VALUE 0", "VALUE 2", "COMPLETED"])
        #expect(filtered.sourceWasFreed)
        #expect(filtered.composed.value == 2)

        let distinct = composed(from: 1, then: 1) { $0.skipRepeats() }
        #expect(distinct.events == ["VALUE 1", "COMPLETED"])
        #expect(distinct.sourceWasFreed)

        let unique = composed(from: 1, then: 2) { $0.uniqueValues { $0 % 2 } }
        #expect(unique.events == ["VALUE 1", "VALUE 2", "COMPLETED"])
        #expect(unique.sourceWasFreed)
    }
}
