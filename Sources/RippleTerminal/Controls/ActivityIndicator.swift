import Ripple

// ActivityIndicator: a one-cell spinner, animated on a date scheduler.
//
// While `isAnimating`, a repeating timer on the injected scheduler steps through
// `frames`, one per `interval`; stopping disposes of the timer. The scheduler must
// run its work on the main actor (`QueueScheduler.main`, the default, or a
// `TestScheduler` advanced on the main actor) — a frame step checks this. When
// stopped it shows nothing if `hidesWhenStopped` (the default), else the first
// frame; it keeps its one cell either way, so nothing around it moves.

/// A spinner that shows work in progress.
///
/// ```swift
/// let spinner = ActivityIndicator()
/// spinner.reactive.isAnimating <~ viewModel.search.isExecuting
/// ```
@MainActor
public final class ActivityIndicator: View {
    /// The characters shown in turn, each one column wide.
    public let frames: [String]
    /// The time each frame shows.
    public let interval: Duration
    /// The look of the spinner.
    public var style: Style {
        didSet { if style != oldValue { setNeedsDisplay() } }
    }
    /// Whether the spinner is blank when not animating.
    public var hidesWhenStopped = true {
        didSet { if hidesWhenStopped != oldValue { setNeedsDisplay() } }
    }
    /// Whether the spinner is animating.
    public var isAnimating = false {
        didSet {
            guard isAnimating != oldValue else { return }
            isAnimating ? startTimer() : stopTimer()
            setNeedsDisplay()
        }
    }
    /// The index in `frames` of the frame shown.
    public private(set) var frameIndex = 0

    private let scheduler: any DateScheduler
    private var timer: (any Disposable)?

    /// A spinner stepping through `frames` every `interval` on `scheduler`.
    public init(frames: [String] = ["|", "/", "-", "\\"], interval: Duration = .milliseconds(100),
                style: Style = .plain, scheduler: any DateScheduler = QueueScheduler.main) {
        precondition(!frames.isEmpty, "an activity indicator needs at least one frame")
        self.frames = frames
        self.interval = interval
        self.style = style
        self.scheduler = scheduler
        super.init()
    }

    /// One cell.
    public override func sizeThatFits(_ proposal: Size) -> Size {
        Size(columns: 1, rows: 1)
    }

    /// Draws the current frame, or nothing when stopped and hidden.
    public override func draw(in context: inout DrawingContext) {
        guard isAnimating || !hidesWhenStopped else { return }
        context.put(frames[frameIndex], at: Position(column: 0, row: 0), style: style)
    }

    private func startTimer() {
        frameIndex = 0
        timer = SignalProducer.timer(interval: interval, on: scheduler)
            .take(during: lifetime)
            .startWithValues { [weak self] _ in
                MainActor.assumeIsolated { self?.step() }
            }
    }

    private func stopTimer() {
        timer?.dispose()
        timer = nil
        frameIndex = 0
    }

    private func step() {
        frameIndex = (frameIndex + 1) % frames.count
        setNeedsDisplay()
    }
}

/// The binding target of an activity indicator.
extension Reactive where Base: ActivityIndicator {
    /// Starts and stops the animation.
    public var isAnimating: BindingTarget<Bool> {
        makeBindingTarget(on: MainActorScheduler()) { $0.isAnimating = $1 }
    }
}
