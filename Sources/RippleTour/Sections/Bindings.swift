import Ripple

extension Tour {
    static let phoneNumberBinding = TourSection(
        title: "Bindings: formatting a phone number",
        summary: """
        `target <~ source` applies every value of the source to the target: labels \
        and buttons follow properties, and the property of valid input follows the \
        text field, cut to 11 digits, with an error message on the side.
        """
    ) { out in
        let errorLabel = Label()
        let sendButton = Button()
        let phoneNumberTextField = TextField()

        let errorText = MutableProperty("")
        let validPhoneNumber = MutableProperty("")

        errorLabel.reactive.text <~ errorText
        sendButton.reactive.isEnabled <~ errorText.map { $0.isEmpty }
        phoneNumberTextField.reactive.text <~ validPhoneNumber

        validPhoneNumber <~ phoneNumberTextField.reactive.continuousTextValues
            .map { text -> String in
                let phoneNumber = String((text ?? "").prefix(11))
                let isValid = phoneNumber.count == 11 && phoneNumber.allSatisfy(\.isNumber)
                errorText.value = isValid ? "" : "Invalid phone number"
                return phoneNumber
            }

        func show(after typed: String) {
            phoneNumberTextField.type(typed)
            out.print("typed \(typed) → field: \(phoneNumberTextField.text ?? ""), error: \"\(errorLabel.text ?? "")\", send enabled: \(sendButton.isEnabled)")
        }
        show(after: "1380013")
        show(after: "138001380001234")
        show(after: "1380013800a")
    }
}
