/// A scheduler that wants to know which tasks its wake-ups resume.
protocol ResumptionTracking: AnyObject, Sendable {
    /// A wake-up is about to resume a task suspended in a sleep or a timer.
    func taskWillResume()
    /// A task resumed after ``taskWillResume()`` has returned from the sleep or the
    /// timer's `next()`.
    func taskDidResume()
}
