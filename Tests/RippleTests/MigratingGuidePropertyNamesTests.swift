import Foundation
import Ripple
import Testing

// The Migrating from ReactiveSwift article, "Where ReactiveSwift's less common names
// are": the rows on properties, actions and validating properties, each written as a
// porter writes it and checked against the behaviour ReactiveSwift documents for it.
// The one-line comment above each test quotes the row; the other rows are in
// MigratingGuideNamesTests.

@Suite struct MigratingGuidePropertyNamesTests {
    // "`Property.all/any` | the same | A sequence or a variadic list"
    @Test func propertyAllAndAnyTakeASequenceOrAVariadicList() {
        let a = MutableProperty(true)
        let b = MutableProperty(false)
        let all = Property.all([a, b])
        let allListed = Property.all(a, b)
        let any = Property.any([a, b])
        let anyListed = Property.any(a, b)
        #expect([all.value, allListed.value, any.value, anyListed.value] == [false, false, true, true])
        b.value = true
        #expect([all.value, allListed.value, any.value, anyListed.value] == [true, true, true, true])
        a.value = false
        b.value = false
        #expect([all.value, allListed.value, any.value, anyListed.value] == [false, false, false, false])
    }

    /// What `flatten(strategy)` and `flatMap(strategy)` make of a property holding a
    /// first property, then a second, then a third: the values a run of the result
    /// sees while the first changes, is replaced, changes again and goes away, and
    /// the others change.
    private func followed(_ flatten: (MutableProperty<MutableProperty<Int>>) -> Property<Int>) -> [Int] {
        var first: MutableProperty<Int>? = MutableProperty(1)
        let second = MutableProperty(10)
        let third = MutableProperty(100)
        let outer = MutableProperty(first!)
        let flattened = flatten(outer)
        let seen = Recorder<Int>()
        flattened.producer.startWithValues { seen.append($0) }
        first?.value = 2
        outer.value = second
        first?.value = 3
        second.value = 11
        first = nil
        second.value = 12
        outer.value = third
        third.value = 101
        return seen.entries
    }

    // "`property.flatten(strategy)`, `property.flatMap(strategy) { … }` | the same | With every `FlattenStrategy`"
    @Test(arguments: [
        (FlattenStrategy.latest, [1, 2, 10, 11, 12, 100, 101]),
        (.merge, [1, 2, 10, 3, 11, 12, 100, 101]),
        (.concurrent(limit: 3), [1, 2, 10, 3, 11, 12, 100, 101]),
        (.concat, [1, 2, 3, 11, 12]),
        (.concurrent(limit: 1), [1, 2, 3, 11, 12]),
        (.race, [1, 2, 3]),
        (.throttle, [1, 2, 3, 100, 101]),
    ])
    func propertyFlattenAndFlatMapFollowTheStrategy(strategy: FlattenStrategy, expected: [Int]) {
        #expect(followed { $0.flatten(strategy) } == expected)
        #expect(followed { $0.flatMap(strategy) { $0 } } == expected)
    }

    // "`Property(capturing:)` | the same"
    @Test func propertyCapturingKeepsItsSourceAliveAndPropertyInitDoesNot() {
        var source: MutableProperty<Int>? = MutableProperty(1)
        weak let weakSource = source
        let captured = Property(capturing: source!)
        let view = Property(source!)
        source?.value = 2
        source = nil
        #expect(weakSource != nil)
        weakSource?.value = 3
        #expect(captured.value == 3)
        #expect(view.value == 3)
    }

    // "`Property(initial:then:)` | the same"
    @Test func propertyInitialThenStartsWithTheInitialValueAndFollowsTheStream() {
        let fromProducer = Property(initial: 0, then: SignalProducer<Int, Never>(values: 1, 2))
        #expect(fromProducer.value == 2)
        let (signal, input) = Signal<Int, Never>.pipe()
        let fromSignal = Property(initial: 0, then: signal)
        #expect(fromSignal.value == 0)
        input.send(value: 5)
        #expect(fromSignal.value == 5)
    }

    // "(also `Property<Value?>` from a stream of `Value`)"
    @Test func anOptionalPropertyFollowsAStreamOfTheWrappedType() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let selection = Property<Int?>(initial: nil, then: signal)
        #expect(selection.value == nil)
        input.send(value: 4)
        #expect(selection.value == 4)
    }

    // "`Property.combineLatest(_:emptySentinel:)`, `Property.zip(_:emptySentinel:)` | the same"
    @Test func propertyCombineLatestAndZipOfASequenceWithAnEmptySentinel() {
        let a = MutableProperty(1)
        let b = MutableProperty(2)
        let latest = Property.combineLatest([a, b], emptySentinel: [])
        let zipped = Property.zip([a, b], emptySentinel: [])
        #expect(latest.value == [1, 2])
        #expect(zipped.value == [1, 2])
        a.value = 3
        #expect(latest.value == [3, 2])
        #expect(zipped.value == [1, 2])
        b.value = 4
        #expect(latest.value == [3, 4])
        #expect(zipped.value == [3, 4])
    }

    // "`Action(state:execute:)` … with `Input == Void` and a one-argument body | the same"
    @Test func anActionWithoutInputReadsTheLatestStateInItsOneArgumentBody() {
        let draft = MutableProperty("hello")
        let save = Action<Void, String, Never>(state: draft) { text in SignalProducer(value: "saved \(text)") }
        #expect(save.apply().first() == .success("saved hello"))
        draft.value = "world"
        #expect(save.apply().first() == .success("saved world"))
    }

    // "`Action(unwrapping:execute:)` … with `Input == Void` and a one-argument body | the same"
    @Test func anUnwrappingActionWithoutInputIsEnabledWhileTheStateHoldsAValue() {
        let selected = MutableProperty<Int?>(nil)
        let open = Action<Void, String, Never>(unwrapping: selected) { id in SignalProducer(value: "item \(id)") }
        #expect(!open.isEnabled.value)
        #expect(open.apply().first() == .failure(.disabled))
        selected.value = 7
        #expect(open.isEnabled.value)
        #expect(open.apply().first() == .success("item 7"))
    }

    // "`Action(validated:execute:)` with `Input == Void` and a one-argument body | the same"
    @Test func aValidatedActionWithoutInputIsEnabledWhileThePropertyIsValid() {
        let email = ValidatingProperty<String, MigratingFormError>("nobody") { $0.contains("@") ? .valid : .invalid(.mismatch) }
        let subscribe = Action<Void, String, Never>(validated: email) { address in SignalProducer(value: "subscribed \(address)") }
        #expect(!subscribe.isEnabled.value)
        email.value = "someone@example.com"
        #expect(subscribe.isEnabled.value)
        #expect(subscribe.apply().first() == .success("subscribed someone@example.com"))
    }

    // "`ValidatingProperty(_ inner:_:)` | the same | Over a `MutableProperty`": valid proposals are written to it, coerced ones replaced first
    @Test func aValidatingPropertyOverAMutablePropertyWritesValidAndCoercedProposalsToIt() {
        let account = MutableProperty("")
        let validated = ValidatingProperty<String, MigratingFormError>(account) { text in
            text.count > 4 ? .coerced(String(text.prefix(4))) : .valid
        }
        validated.value = "abc"
        #expect(account.value == "abc")
        validated.value = "abcdefg"
        #expect(account.value == "abcd")
        #expect(validated.value == "abcd")
    }

    // "`ValidatingProperty(_ inner:with:_:)` | the same | Over a `MutableProperty`": the last proposal is validated again when the other changes
    @Test func aValidatingPropertyOverAMutablePropertyRevalidatesWhenTheOtherChanges() {
        let password = MutableProperty("secret")
        let confirmationText = MutableProperty("secret")
        let confirmation = ValidatingProperty<String, MigratingFormError>(confirmationText, with: password) { text, password in
            text == password ? .valid : .invalid(.mismatch)
        }
        #expect(confirmation.result.value.error == nil)
        password.value = "changed"
        #expect(confirmation.result.value.error == .mismatch)
        confirmation.value = "changed"
        #expect(confirmation.result.value.error == nil)
        #expect(confirmationText.value == "changed")
    }
}
