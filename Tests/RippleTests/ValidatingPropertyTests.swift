import Ripple
import Testing

@Suite struct ValidatingPropertyTests {
    enum FormError: Error, Equatable {
        case empty, tooLong, accountFormat, passwordLength, mismatch
    }

    typealias Validated = ValidatingProperty<String, FormError>

    static func nonEmpty(_ text: String) -> Validated.Decision {
        text.isEmpty ? .invalid(.empty) : .valid
    }

    @Test func anInvalidProposalLeavesTheValueItsChangesAndItsBindingsAtTheLastValidValue() {
        let name = Validated("a", Self.nonEmpty)
        let recorder = Recorder<String>()
        name.signal.observe(recorder.observer("signal "))
        name.producer.start(recorder.observer("producer "))
        name.result.signal.observeValues { recorder.append("result \($0)") }
        let (typed, input) = Signal<String, Never>.pipe()
        name <~ typed
        name.value = ""
        #expect(name.value == "a")
        input.send(value: "")
        #expect(name.value == "a")
        input.send(value: "b")
        #expect(name.value == "b")
        #expect(recorder.entries == [
            "producer VALUE a",
            "result invalid(\"\", RippleTests.ValidatingPropertyTests.FormError.empty)",
            "result invalid(\"\", RippleTests.ValidatingPropertyTests.FormError.empty)",
            "result valid(\"b\")", "signal VALUE b", "producer VALUE b",
        ])
        name.value = ""
        let late = Recorder<String>()
        name.producer.startWithValues { late.append($0) }
        #expect(late.entries == ["b"], "a new run starts from the last valid value")
    }

    @Test func theInitialValueIsValidatedToo() {
        let name = Validated("", Self.nonEmpty)
        #expect(name.value == "")
        #expect(name.result.value == .invalid("", .empty))
    }

    @Test func aValidValueIsStoredAsProposed() {
        let name = Validated("", Self.nonEmpty)
        name.value = "Ripple"
        #expect(name.value == "Ripple")
        #expect(name.result.value == .valid("Ripple"))
        #expect(!name.result.value.isInvalid && name.result.value.error == nil)
    }

    @Test func anInvalidProposalIsReportedWithItsErrorWhileTheValueStaysValid() {
        let name = Validated("a", Self.nonEmpty)
        name.value = ""
        #expect(name.value == "a")
        #expect(name.result.value.isInvalid)
        #expect(name.result.value.error == .empty)
        #expect(name.result.value.value == "")
    }

    @Test func aCoercedValueReplacesTheProposal() {
        let code = Validated("") { $0.count > 3 ? .coerced(String($0.prefix(3)), .tooLong) : .valid }
        code.value = "abcdef"
        #expect(code.value == "abc")
        #expect(code.result.value == .coerced(replacement: "abc", proposed: "abcdef", error: .tooLong))
        #expect(!code.result.value.isInvalid && code.result.value.error == .tooLong)
    }

    @Test func resultChangesBeforeObserversOfTheValueHearOfIt() {
        let name = Validated("", Self.nonEmpty)
        let recorder = Recorder<String>()
        name.producer.startWithValues { recorder.append("value \($0) \(name.result.value.isInvalid ? "invalid" : "valid")") }
        name.result.signal.observeValues { recorder.append("result \($0.value)") }
        name.value = "a"
        name.value = ""
        name.value = "b"
        #expect(recorder.entries == ["value  invalid", "result a", "value a valid", "result ", "result b", "value b valid"])
    }

    @Test func modifyValidatesTheModifiedValue() {
        let name = Validated("ab", Self.nonEmpty)
        let count = name.modify { text -> Int in
            text.removeAll()
            return text.count
        }
        #expect(count == 0)
        #expect(name.result.value == .invalid("", .empty))
        #expect(name.withValue { $0 == "ab" })
        name.modify { $0.removeLast() }
        #expect(name.value == "a", "modified from the last valid value")
    }

    @Test func aBindingProposesEveryValue() {
        let name = Validated("x", Self.nonEmpty)
        let (typed, input) = Signal<String, Never>.pipe()
        name <~ typed
        input.send(value: "")
        #expect(name.result.value.error == .empty)
        input.send(value: "y")
        #expect(name.result.value == .valid("y"))
    }

    @Test func theLastProposalIsValidatedAgainWhenTheOtherPropertyChanges() {
        let password = MutableProperty("secret")
        let confirmation = Validated("", with: password) { $0 == $1 ? .valid : .invalid(.mismatch) }
        confirmation.value = "secret"
        #expect(confirmation.result.value == .valid("secret"))
        password.value = "changed"
        #expect(confirmation.result.value == .invalid("secret", .mismatch))
        password.value = "secret"
        #expect(confirmation.result.value == .valid("secret"))
    }

    @Test func aCoercedProposalIsCoercedAgainFromWhatWasProposed() {
        let limit = MutableProperty(3)
        let text = ValidatingProperty<String, FormError>("abcdef", with: limit) { text, limit in
            text.count > limit ? .coerced(String(text.prefix(limit)), .tooLong) : .valid
        }
        #expect(text.value == "abc")
        limit.value = 5
        #expect(text.value == "abcde")
        limit.value = 10
        #expect(text.result.value == .valid("abcdef"))
    }

    @Test func validatingAgainstAnotherPropertyDoesNotKeepItAlive() {
        var other: MutableProperty<String>? = MutableProperty("a")
        weak let weakOther = other
        let same = Validated("a", with: other!) { $0 == $1 ? .valid : .invalid(.mismatch) }
        other?.value = "b"
        other = nil
        #expect(weakOther == nil)
        #expect(same.result.value.isInvalid)
        same.value = "b"
        #expect(same.result.value == .valid("b"), "validated against the other property's last value")
    }

    @Test func deinitialisingCompletesEverythingAndEndsTheLifetime() {
        let recorder = Recorder<String>()
        var name: Validated? = Validated("a", Self.nonEmpty)
        weak let weakName = name
        let result = name!.result
        name?.signal.observe(recorder.observer("signal "))
        name?.producer.start(recorder.observer("producer "))
        result.signal.observe(recorder.observer("result "))
        name?.lifetime.observeEnded { recorder.append("lifetime ended") }
        name = nil
        #expect(weakName == nil)
        #expect(recorder.entries == [
            "producer VALUE a", "result COMPLETED", "signal COMPLETED", "producer COMPLETED", "lifetime ended",
        ])
        #expect(result.value == .valid("a"))
    }

    // MARK: Over an existing MutableProperty

    @Test func overAPropertyAValidProposalIsWrittenToItAndAnInvalidOneIsNot() {
        let name = MutableProperty("a")
        let validated = Validated(name, Self.nonEmpty)
        let recorder = Recorder<String>()
        name.signal.observeValues { recorder.append("name \($0)") }
        validated.result.signal.observeValues { recorder.append("result \($0)") }
        validated.value = ""
        #expect(name.value == "a")
        validated.value = "b"
        #expect(name.value == "b")
        #expect(validated.value == "b")
        #expect(recorder.entries == [
            "result invalid(\"\", RippleTests.ValidatingPropertyTests.FormError.empty)",
            "result valid(\"b\")", "name b",
        ])
    }

    @Test func overAPropertyItsCurrentValueIsValidatedFirstAndACoercedOneReplaced() {
        let empty = MutableProperty("")
        #expect(Validated(empty, Self.nonEmpty).result.value == .invalid("", .empty))
        #expect(empty.value == "")
        let long = MutableProperty("abcdef")
        let short = Validated(long) { $0.count > 3 ? .coerced(String($0.prefix(3)), .tooLong) : .valid }
        #expect(long.value == "abc")
        #expect(short.value == "abc")
        #expect(short.result.value == .coerced(replacement: "abc", proposed: "abcdef", error: .tooLong))
    }

    @Test func overAPropertyADirectChangeIsValidatedOnArrivalAndKept() {
        let name = MutableProperty("a")
        let validated = Validated(name, Self.nonEmpty)
        let values = Recorder<String>()
        validated.signal.observeValues { values.append($0) }
        name.value = ""
        #expect(validated.value == "", "a direct change stays, as in ReactiveSwift")
        #expect(validated.result.value == .invalid("", .empty))
        name.value = "c"
        #expect(validated.result.value == .valid("c"))
        #expect(values.entries == ["", "c"])
    }

    @Test func overAPropertyEveryChangeIsValidatedOnceWhateverItsOrigin() {
        let validations = Counter()
        let name = MutableProperty("a")
        let validated = Validated(name) { text in
            validations.value += 1
            return Self.nonEmpty(text)
        }
        #expect(validations.value == 1)
        validated.value = "b"
        name.value = "c"
        validated.modify { $0 += "d" }
        #expect(validations.value == 4)
        #expect(name.value == "cd")
    }

    @Test func overAPropertyAProposalFromInsideItsObserverIsValidatedInOrder() {
        let name = MutableProperty("a")
        let validated = Validated(name, Self.nonEmpty)
        let seen = Recorder<String>()
        name.signal.observeValues { value in
            seen.append(value)
            if value == "b" { validated.value = "c" }
        }
        validated.value = "b"
        #expect(seen.entries == ["b", "c"])
        #expect(validated.result.value == .valid("c"))
        name.value = ""
        #expect(validated.result.value == .invalid("", .empty), "the write-backs were skipped, not the direct change")
    }

    @Test func overAPropertyItKeepsThePropertyAliveAndLetsItGoWhenDeinitialised() {
        var name: MutableProperty<String>? = MutableProperty("a")
        weak let weakName = name
        var validated: Validated? = Validated(name!, Self.nonEmpty)
        name = nil
        #expect(weakName != nil)
        let recorder = Recorder<String>()
        validated?.lifetime.observeEnded { recorder.append("lifetime ended") }
        validated?.signal.observe(recorder.observer("signal "))
        validated = nil
        #expect(weakName == nil)
        #expect(recorder.entries == ["signal COMPLETED", "lifetime ended"])
    }

    @Test func aPropertyThatOutlivesItsValidatingViewIsNoLongerValidated() {
        let name = MutableProperty("a")
        var validated: Validated? = Validated(name, Self.nonEmpty)
        let result = validated!.result
        let recorder = Recorder<String>()
        result.signal.observe(recorder.observer())
        validated = nil
        name.value = ""
        #expect(recorder.entries == ["COMPLETED"])
        #expect(result.value == .valid("a"))
    }

    @Test func overAPropertyWithAnotherTheLastProposalIsValidatedAgain() {
        let password = MutableProperty("secret")
        let confirmation = MutableProperty("")
        let confirmed = Validated(confirmation, with: password) { $0 == $1 ? .valid : .invalid(.mismatch) }
        confirmed.value = "secret"
        #expect(confirmation.value == "secret")
        password.value = "other"
        #expect(confirmed.result.value == .invalid("secret", .mismatch))
        password.value = "secret"
        #expect(confirmed.result.value == .valid("secret"))
    }

    @Test func registrationFormEnablesSubmitOnlyWhenEveryFieldIsValid() {
        let account = Validated("") { text in
            if text.count > 11 { return .coerced(String(text.prefix(11)), .tooLong) }
            return text.count == 11 && text.allSatisfy(\.isNumber) ? .valid : .invalid(.accountFormat)
        }
        let password = Validated("") { (6...16).contains($0.count) ? .valid : .invalid(.passwordLength) }
        let confirmation = Validated("", with: password) { $0 == $1 ? .valid : .invalid(.mismatch) }
        let canSubmit = Property.all([account.result, password.result, confirmation.result].map { $0.map { !$0.isInvalid } })

        let (accountField, accountInput) = Signal<String, Never>.pipe()
        account <~ accountField
        accountInput.send(value: "1380013800099")
        #expect(account.value == "13800138000")
        password.value = "hunter22"
        #expect(canSubmit.value == false)
        confirmation.value = "hunter22"
        #expect(canSubmit.value == true)
        password.value = "hunter2"
        #expect(confirmation.result.value.error == .mismatch)
        #expect(canSubmit.value == false)
        accountInput.send(value: "1380013800a")
        confirmation.value = "hunter2"
        #expect(account.result.value.error == .accountFormat)
        #expect(canSubmit.value == false)
    }
}
