#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Ripple

/// A todo of the let.swift talk's app.
struct TodoItem {
    var title: String
    var isFinished = false
}

/// The talk's backend, in virtual time: every call answers half a second later.
final class TodoModel {
    private var items: [TodoItem] = []
    private let scheduler: TestScheduler

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    func sendTodoAsync(todo: TodoItem, complete: @escaping (Bool) -> Void) {
        scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(0.5)) { [self] in
            items.append(todo)
            complete(true)
        }
    }

    func finishTodoAsync(at index: Int, complete: @escaping (Bool) -> Void) {
        scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(0.5)) { [self] in
            items[index].isFinished = true
            complete(true)
        }
    }

    func getAllModelsAsync(complete: @escaping ([TodoItem]) -> Void) {
        scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(0.5)) { [self] in
            complete(items)
        }
    }
}

/// The talk's `HomeViewModel`, with `MutableProperty` where let.swift had its
/// `Signal`: `update(x)` is `value = x`, `peek()` is `value`.
final class HomeViewModel {
    let todos = MutableProperty<[TodoItem]>([])
    let finishedTodos = MutableProperty<[TodoItem]>([])
    let showIndicator = MutableProperty(false)
    let timeValue: MutableProperty<String>
    private let todoModel: TodoModel

    init(todoModel: TodoModel, today: String) {
        self.todoModel = todoModel
        timeValue = MutableProperty(today)
    }

    func addTodo(content: String, complete: @escaping (Bool) -> Void) {
        showIndicator.value = true
        todoModel.sendTodoAsync(todo: TodoItem(title: content)) { success in
            self.showIndicator.value = false
            complete(success)
            if success { self.updateTodo() }
        }
    }

    func checkedTodo(index: Int) {
        showIndicator.value = true
        todoModel.finishTodoAsync(at: index) { success in
            self.showIndicator.value = false
            if success { self.updateTodo() }
        }
    }

    func updateTodo() {
        todoModel.getAllModelsAsync { items in
            self.todos.value = items.filter { !$0.isFinished }
            self.finishedTodos.value = items.filter(\.isFinished)
        }
    }
}

extension Tour {
    static let fiveMinutes = TourSection(
        title: "Ripple in five minutes: the let.swift Todo app",
        summary: """
        The let.swift talk builds MVVM on one small type. Its calls are one call \
        each on `MutableProperty`: `subscribeNext(hasInitialValue: true)` is \
        `producer.startWithValues`, `subscribeNext` is `signal.observeValues`, \
        `update` is `value =`, `peek` is `value`, `bind(to:keyPath:)` is \
        `object.reactive[keyPath] <~ property`, and a token is a `Disposable`.
        """
    ) { out in
        let scheduler = TestScheduler()
        let viewModel = HomeViewModel(todoModel: TodoModel(scheduler: scheduler), today: "Monday, 23 November")

        // The view controller's setupViews().
        let dateLabel = Label()
        dateLabel.reactive[\.text] <~ viewModel.timeValue
        let finishedToken = viewModel.finishedTodos.signal.observeValues { todos in
            out.print("reload finished section: \(todos.map(\.title))")
        }
        viewModel.todos.signal.observeValues { todos in
            out.print("reload todo section: \(todos.map(\.title))")
        }
        viewModel.showIndicator.producer.startWithValues { isLoading in
            out.print(isLoading ? "activity indicator: start animating" : "activity indicator: stop animating")
        }
        out.print("date label: \(dateLabel.text ?? "")")

        // Each change takes the model half a second, and the reload that follows
        // another half.
        viewModel.addTodo(content: "buy milk") { out.print("added: \($0)") }
        scheduler.advance(by: 1)
        viewModel.addTodo(content: "write tests") { out.print("added: \($0)") }
        scheduler.advance(by: 1)
        viewModel.checkedTodo(index: 0)
        scheduler.advance(by: 1)
        out.print("peek todos: \(viewModel.todos.value.map(\.title))")
        finishedToken?.dispose()
        out.print("unsubscribed from the finished section")
        viewModel.checkedTodo(index: 1)
        scheduler.advance(by: 1)
        viewModel.timeValue.value = "Tuesday, 24 November"
        out.print("date label: \(dateLabel.text ?? "")")
    }
}
