import Ripple
import Testing

// The samples of the Properties, Actions and Bindings article
// (Ripple.docc/PropertiesActionsAndBindings.md).

enum PropertiesActionsAndBindingsSamples {
    final class ProfileViewModel {
        @MutableProperty var name = ""
        let greeting: Property<String>

        init() {
            greeting = _name.map { "Hello, \($0)" }
        }
    }

    final class Label: ReactiveExtensionsProvider, LifetimeProvider {
        @Lifetime.Owned var lifetime        // one line: bindings end at deinit
        var text: String?
    }
}

private typealias Label = PropertiesActionsAndBindingsSamples.Label

extension Reactive where Base: Label {
    var shoutedText: BindingTarget<String> {
        makeBindingTarget { label, text in label.text = text.uppercased() }
    }
}

extension PropertiesActionsAndBindingsSamples {
    @Suite("Properties, Actions and Bindings")
    struct Tests {
        @Test("producer sends the current value then changes, signal the changes")
        func property() {
            let count = MutableProperty(1)
            var fromProducer: [Int] = []
            var fromSignal: [Int] = []
            count.producer.startWithValues { fromProducer.append($0) }
            count.signal.observeValues { fromSignal.append($0) }
            count.value = 2
            let label = count.map { "\($0) items" }
            // fromProducer == [1, 2], fromSignal == [2], label.value == "2 items"
            #expect(fromProducer == [1, 2])
            #expect(fromSignal == [2])
            #expect(label.value == "2 items")
        }

        @Test("a property wrapper and its projection")
        func wrapper() {
            let viewModel = ProfileViewModel()
            viewModel.name = "Ada"
            #expect(viewModel.greeting.value == "Hello, Ada")
            #expect(viewModel.$name.value == "Ada")
        }

        @Test("an invalid proposal leaves the last valid value")
        func validating() {
            struct TooLong: Error, Equatable {}

            let nickname = ValidatingProperty("") { (proposed: String) -> ValidatingProperty<String, TooLong>.Decision in
                proposed.count <= 8 ? .valid : .invalid(TooLong())
            }
            nickname.value = "ada"
            nickname.value = "augusta ada"
            // nickname.value == "ada", nickname.result.value.isInvalid
            #expect(nickname.value == "ada")
            #expect(nickname.result.value.isInvalid)
        }

        @Test("a key path binding, ended by the label's deinit")
        func binding() {
            let errorText = MutableProperty("Invalid phone number")
            var label: Label? = Label()
            label?.reactive[\.text] <~ errorText          // String into String?
            errorText.value = ""
            #expect(label?.text == "")
            label = nil                                  // the binding ends with the label
            errorText.value = "sent to nobody"
        }

        @Test("a named binding target")
        func namedTarget() {
            let label = Label()
            let title = MutableProperty("inbox")
            label.reactive.shoutedText <~ title
            #expect(label.text == "INBOX")
        }

        @Test("a disabled action refuses to start; an enabled one reports its values")
        func action() {
            struct SendError: Error, Equatable {}

            let phone = MutableProperty("")
            let sendCode = Action<String, Int, SendError>(enabledIf: phone.map { $0.count == 11 }) { number in
                SignalProducer(value: 246810)
            }

            var codes: [Int] = []
            sendCode.values.observeValues { codes.append($0) }

            var refusals = 0
            sendCode.apply("1380013").startWithFailed { if case .disabled = $0 { refusals += 1 } }
            phone.value = "13800138000"
            sendCode.apply(phone.value).start()
            // refusals == 1, codes == [246810]
            #expect(refusals == 1)
            #expect(codes == [246810])
        }
    }
}
