import Ripple

// Alert: a modal dialog — a title, a wrapped message and one or more buttons — whose
// answer is the button chosen.
//
// `AlertContent` is a value a ViewModel can produce ("Connection Error", "There was a
// problem reaching Flickr.", ["OK"]) without knowing about views; `Alert` is the
// dialog showing it; `AlertPresenter` is the overlay that shows alerts one at a time
// (`alerts.reactive.present <~ viewModel.errors.map { … }`) and reports each answer.
//
// The dialog is a box with the title in its top edge, the message wrapped to the box
// (at most `preferredMessageWidth` columns, less on a narrow screen; CJK text breaks
// between characters) and centred, a blank row, and the buttons centred on the last
// row. It is modal, so the focus stays among its buttons: Tab, Shift-Tab, Left and
// Right move between them, Enter or Space (or a click) chooses the focused one, Esc
// chooses the cancel button — or the only button, when there is one — and is
// otherwise swallowed, never reaching the screen beneath. The cancel button has the
// focus first, or else the first button. Roles only steer Esc and the first focus:
// buttons look alike.

/// A button of an alert: its title and role.
public struct AlertButton: Sendable, Hashable, ExpressibleByStringLiteral {
    /// What a button means to the alert.
    public enum Role: Sendable, Hashable {
        /// An ordinary answer.
        case `default`
        /// Leaves things as they were: Esc chooses it, and it has the focus first.
        case cancel
        /// Destroys something; only a name for the ViewModel's sake.
        case destructive
    }

    /// The text on the button.
    public var title: String
    /// What the button means.
    public var role: Role

    /// A button titled `title` with `role`.
    public init(_ title: String, role: Role = .default) {
        self.title = title
        self.role = role
    }

    /// A default-role button from its title: `buttons: ["OK"]`.
    public init(stringLiteral title: String) {
        self.init(title)
    }
}

/// What an alert says: a title, a message and the buttons that answer it.
public struct AlertContent: Sendable, Hashable {
    /// The text in the dialog's top edge.
    public var title: String
    /// The text in the dialog, wrapped to its width; `"\n"` starts a line.
    public var message: String
    /// The answers, left to right; at least one.
    public var buttons: [AlertButton]

    /// An alert titled `title` saying `message`, answered with `buttons` (one "OK"
    /// by default).
    ///
    /// - Precondition: `buttons` is not empty.
    public init(title: String, message: String = "", buttons: [AlertButton] = ["OK"]) {
        precondition(!buttons.isEmpty, "an alert needs at least one button")
        self.title = title
        self.message = message
        self.buttons = buttons
    }
}

/// The answer to an alert: which of its buttons the user chose.
public struct AlertChoice: Sendable, Hashable {
    /// The alert answered.
    public let content: AlertContent
    /// The index of the chosen button in `content.buttons`.
    public let index: Int

    /// An answer choosing `content.buttons[index]`.
    public init(content: AlertContent, index: Int) {
        self.content = content
        self.index = index
    }

    /// The chosen button.
    public var button: AlertButton {
        content.buttons[index]
    }
}

/// A modal dialog showing an ``AlertContent``; it reports the button chosen on
/// `reactive.choices`. Usually shown through an ``AlertPresenter``.
@MainActor
public final class Alert: View {
    /// The widest a message line gets, in columns, when the screen allows.
    public static let preferredMessageWidth = 40

    /// What the dialog shows.
    public let content: AlertContent
    /// The dialog's buttons, in the order of `content.buttons`.
    public let buttons: [Button]
    private let choiceSignal = Signal<AlertChoice, Never>.pipe()

    /// A dialog showing `content`.
    public init(_ content: AlertContent) {
        self.content = content
        buttons = content.buttons.map { Button(title: $0.title) }
        super.init()
        isModal = true
        for (index, button) in buttons.enumerated() {
            addSubview(button)
            button.reactive.pressedValues.observeValues { [weak self] in
                MainActor.assumeIsolated { self?.choose(index) }
            }
        }
        let observer = choiceSignal.input
        lifetime.observeEnded { observer.sendCompleted() }
    }

    /// The button that has the focus first: the cancel button, or else the first.
    public var preferredButton: Button {
        buttons[content.buttons.firstIndex { $0.role == .cancel } ?? 0]
    }

    /// Reports the choice of `content.buttons[index]`, as a press on it would.
    public func choose(_ index: Int) {
        precondition(content.buttons.indices.contains(index), "no such alert button")
        choiceSignal.input.send(value: AlertChoice(content: content, index: index))
    }

    /// The index Esc chooses: the cancel button's, or the only button's.
    private var escapeIndex: Int? {
        content.buttons.firstIndex { $0.role == .cancel } ?? (buttons.count == 1 ? 0 : nil)
    }

    /// Esc chooses the cancel (or only) button and is swallowed either way; Left and
    /// Right move the focus between the buttons.
    public override func handleKey(_ event: KeyEvent) -> Bool {
        guard event.modifiers.isEmpty else { return false }
        switch event.key {
        case .escape:
            if let escapeIndex { choose(escapeIndex) }
            return true
        case .left:
            window?.focusPrevious()
            return true
        case .right:
            window?.focusNext()
            return true
        default:
            return false
        }
    }

    private var buttonsWidth: Int {
        buttons.map { $0.sizeThatFits(.zero).columns }.reduce(0, +) + 2 * (buttons.count - 1)
    }

    /// The message's lines at `columns`, none for an empty message.
    private func messageLines(columns: Int) -> [String] {
        content.message.isEmpty ? [] : content.message.wrapped(toColumns: columns)
    }

    /// The inner width (inside the border and a column of margin each side) for a
    /// proposal `columns` wide.
    private func innerColumns(for columns: Int) -> Int {
        let message = content.message.split(separator: "\n").map(\.displayWidth).max() ?? 0
        let wanted = max(buttonsWidth, min(message, Self.preferredMessageWidth), content.title.displayWidth + 1)
        return max(min(wanted, columns - 4), 1)
    }

    /// The box around the wrapped message and the button row, no wider than
    /// `proposal`.
    public override func sizeThatFits(_ proposal: Size) -> Size {
        let inner = innerColumns(for: proposal.columns)
        let lines = messageLines(columns: inner).count
        return Size(columns: inner + 4, rows: 2 + (lines > 0 ? lines + 1 : 0) + 1)
    }

    /// Centres the buttons, two columns apart, on the row above the bottom edge.
    public override func layoutSubviews() {
        var column = frame.column + max((frame.columns - buttonsWidth) / 2, 2)
        let row = frame.endRow - 2
        for button in buttons {
            let width = button.sizeThatFits(.zero).columns
            button.frame = Rect(column: column, row: row, columns: width, rows: 1)
            column += width + 2
        }
    }

    /// Clears the box, draws its border with the title, and the message centred.
    public override func draw(in context: inout DrawingContext) {
        context.fill(style: .plain)
        context.drawBorder(title: content.title)
        let inner = context.size.columns - 4
        for (row, line) in messageLines(columns: inner).enumerated() where row + 1 < context.size.rows - 3 {
            let column = 2 + max(inner - line.displayWidth, 0) / 2
            context.put(line, at: Position(column: column, row: row + 1))
        }
    }

    /// The answers given on this dialog.
    var choices: Signal<AlertChoice, Never> {
        choiceSignal.output
    }
}

/// The choices of an alert as a signal.
extension Reactive where Base: Alert {
    /// Each button the user chooses; completes when the dialog is deinitialised.
    @MainActor
    public var choices: Signal<AlertChoice, Never> {
        base.choices
    }
}

/// The overlay that shows alerts, one at a time, each until it is answered: the
/// "alerts" of an app. Attach it to an ``OverlayHost`` (`.center`).
///
/// ```swift
/// let alerts = AlertPresenter()
/// host.addOverlay(alerts, placement: .center)
/// alerts.reactive.present <~ viewModel.connectionErrors.map { _ in
///     AlertContent(title: "Connection Error", message: "There was a problem reaching Flickr.", buttons: ["OK"])
/// }
/// ```
///
/// An alert presented while another shows waits its turn. The first alert remembers
/// the view that had the focus and the last one answered gives it back. Each answer
/// goes to the `completion` given with its alert and on `reactive.choices`, after
/// the alert has gone.
@MainActor
public final class AlertPresenter: View {
    private var waiting: [(content: AlertContent, completion: (@MainActor (AlertChoice) -> Void)?)] = []
    private var completion: (@MainActor (AlertChoice) -> Void)?
    private var coveredFocus: SavedFocus?
    private let choiceSignal = Signal<AlertChoice, Never>.pipe()

    /// The dialog showing, if any.
    public private(set) var alert: Alert?

    /// The alerts waiting for the one showing to be answered, first to show first.
    public var waitingAlerts: [AlertContent] {
        waiting.map(\.content)
    }

    /// A presenter with no alert, hidden.
    public override init() {
        super.init()
        isHidden = true
        let observer = choiceSignal.input
        lifetime.observeEnded { observer.sendCompleted() }
    }

    /// Shows an alert saying `content` — now, or when the alerts before it have been
    /// answered — and calls `completion` with the answer.
    public func present(_ content: AlertContent, completion: (@MainActor (AlertChoice) -> Void)? = nil) {
        waiting.append((content, completion))
        if alert == nil { showNext() }
    }

    private func showNext() {
        guard !waiting.isEmpty else { return }
        let (content, completion) = waiting.removeFirst()
        if coveredFocus == nil { coveredFocus = SavedFocus(window) }
        let alert = Alert(content)
        self.alert = alert
        self.completion = completion
        alert.choices.observeValues { [weak self, weak alert] choice in
            MainActor.assumeIsolated { self?.answered(choice, on: alert) }
        }
        addSubview(alert)
        isHidden = false
        setNeedsLayout()
        window?.focus(alert.preferredButton)
    }

    private func answered(_ choice: AlertChoice, on answeredAlert: Alert?) {
        guard let alert, alert === answeredAlert else { return }
        let completion = self.completion
        alert.removeFromSuperview()
        self.alert = nil
        self.completion = nil
        if waiting.isEmpty {
            isHidden = true
            coveredFocus?.restore(orFocusFirstIn: nil)
            coveredFocus = nil
        } else {
            showNext()
        }
        completion?(choice)
        choiceSignal.input.send(value: choice)
    }

    /// Each answer, after its alert has gone; completes when the presenter is
    /// deinitialised.
    var choices: Signal<AlertChoice, Never> {
        choiceSignal.output
    }
}

/// The binding target that presents alerts.
extension Reactive where Base: AlertPresenter {
    /// Presents each alert: `alerts.reactive.present <~ viewModel.errors.map { … }`.
    public var present: BindingTarget<AlertContent> {
        makeBindingTarget(on: MainActorScheduler()) { $0.present($1) }
    }

    /// Each answer, after its alert has gone; completes when the presenter is
    /// deinitialised.
    @MainActor
    public var choices: Signal<AlertChoice, Never> {
        base.choices
    }
}
