// URLSession.reactive: an HTTP request as a cold producer, one data task per start.
//
//     session.reactive.data(with: request)     start → ------(data, response)|
//     the request fails                        start → ------#URLError
//     disposed while the request is in flight  start → ---!                    (task cancelled)
//
// Each start creates a data task and resumes it; the run's end, whatever its cause
// (disposal, `flatMap(.latest)` switching to a newer request, `take(first:)`, the end
// of a lifetime that bounds the stream), cancels the task, so a request nobody
// waits for any more is abandoned on the wire. Events are sent from the session's
// delegate queue, through the run's signal, which serialises them with a disposal
// on any other thread: a run ends exactly once, and nothing follows its end. No
// lock of this file is held while an observer runs; there is none.

import Foundation
import Ripple
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `session.reactive.data(with:)`: a URL session's requests as producers.
extension URLSession: ReactiveExtensionsProvider {}

/// Requests of a session as producers.
extension Reactive where Base: URLSession {
    /// A producer that, on every start, sends `request` with a new data task of the
    /// session and sends the response's body and metadata, then completes.
    ///
    /// ```swift
    /// let request = URLRequest(url: URL(string: "http://127.0.0.1:8080/todos/list")!)
    /// URLSession.shared.reactive.data(with: request)
    ///     .startWithResult { result in print(result) }   // .success((data, response))
    /// ```
    ///
    /// - Each start is a new request: a producer started twice asks twice.
    /// - Any response counts, whatever its status: a 404 is a value. Check the
    ///   status with ``SignalProducer/validated(statusCodes:)``, or decode with
    ///   `decoded(as:decoder:)`, which checks it.
    /// - The producer fails with the task's `URLError` when the request gets no
    ///   response (the connection is refused or lost, the request times out).
    /// - Disposing the run, or any other end of it (an operator downstream stopping
    ///   it, `flatMap(.latest)` starting the next request), cancels the task. The run
    ///   is interrupted at once, on the disposing thread; the task's completion,
    ///   which follows, is dropped. With FoundationNetworking (Linux) the task is
    ///   cancelled 50 ms later, unless it has answered by then: FoundationNetworking
    ///   traps when a task is cancelled just as it completes.
    /// - A task cancelled by anyone else (`session.invalidateAndCancel()`) interrupts
    ///   the run rather than failing it: the error type never carries
    ///   `URLError.cancelled`.
    ///
    /// Events are sent on the session's delegate queue (a serial queue unless the
    /// session was created with another), so observers must not block it waiting
    /// for another request of the same session. For UI state, put
    /// `observe(on: UIScheduler())` downstream; ViewModels usually receive the
    /// producer through a service protocol and never see the session.
    public func data(with request: URLRequest) -> SignalProducer<(Data, URLResponse), URLError> {
        let session = base
        return SignalProducer { observer, lifetime in
            let answered = Atomic(false)   // Ripple's: shared by the two closures
            let task = session.dataTask(with: request) { data, response, error in
                answered.value = true
                if let error {
                    let urlError = URLError(describing: error)
                    if urlError.code == .cancelled {
                        observer.sendInterrupted()
                    } else {
                        observer.send(error: urlError)
                    }
                } else if let response {
                    observer.send(value: (data ?? Data(), response))
                    observer.sendCompleted()
                } else {
                    observer.send(error: URLError(.badServerResponse))
                }
            }
            // Attached before `resume()`: a run disposed from another thread while it
            // is starting cancels the task, at worst before it sends anything. A task
            // that has answered is not cancelled: the run ends after every answer
            // (inside the completion handler, for a response).
            lifetime.observeEnded {
                #if canImport(FoundationNetworking)
                // FoundationNetworking traps ("a task that is not in the registry")
                // when a task is cancelled as it completes, which a run disposed just
                // as its answer arrives does: cancel a moment later, unless it has
                // answered by then (most answers that are on their way have).
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(URLSession.cancellationGraceMilliseconds)) {
                    if !answered.value, task.state == .running || task.state == .suspended { task.cancel() }
                }
                #else
                if !answered.value { task.cancel() }
                #endif
            }
            task.resume()
        }
    }
}

extension URLSession {
    /// How long after its run ends a task that has not answered is cancelled, where
    /// FoundationNetworking does the networking (see `data(with:)`).
    static let cancellationGraceMilliseconds = 50
}

extension URLError {
    /// The `URLError` that a data task's completion reports as `error`.
    ///
    /// FoundationNetworking reports `URLError`s, but an `NSError` of the URL error
    /// domain does not cast to one on Linux, and a custom `URLProtocol` may fail
    /// with any error: such an error is kept as the underlying error of an
    /// `.unknown` one, with its description.
    init(describing error: any Error) {
        if let urlError = error as? URLError {
            self = urlError
            return
        }
        let nsError = error as NSError
        if nsError.domain == NSURLErrorDomain {
            self.init(URLError.Code(rawValue: nsError.code) ?? .unknown, userInfo: nsError.userInfo)
        } else {
            self.init(.unknown, userInfo: [
                NSUnderlyingErrorKey: nsError,
                NSLocalizedDescriptionKey: String(describing: error),
            ])
        }
    }
}
