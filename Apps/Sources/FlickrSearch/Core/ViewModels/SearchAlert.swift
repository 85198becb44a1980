/// What an alert says, as a ViewModel decides it (the view shows it in a dialog):
/// a title, a message and the button that answers it.
public struct SearchAlert: Sendable, Hashable {
    /// The dialog's title: `"Connection Error"`.
    public var title: String
    /// The sentence in the dialog.
    public var message: String
    /// The one button's text: `"OK"`.
    public var button: String

    /// An alert made of its parts.
    public init(title: String, message: String, button: String = "OK") {
        self.title = title
        self.message = message
        self.button = button
    }
}
