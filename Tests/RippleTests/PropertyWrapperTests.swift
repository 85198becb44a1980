import Ripple
import Testing

/// `@MutableProperty` and `@Property` as property wrappers, as ReactiveSwift declares
/// them: `$name` is the property itself; `@MutableProperty` starts from the declared
/// value, `@Property` is given the property it wraps.
@Suite struct PropertyWrapperTests {
    @Test func mutablePropertyWrapperReadsAndWritesThroughTheWrappedProperty() {
        struct Container {
            @MutableProperty var counter = 0
        }
        let container = Container()
        #expect(container.counter == 0)
        container.counter += 1
        #expect(container.counter == 1)
        container.$counter.modify { $0 += 2 }
        #expect(container.counter == 3)
        #expect(container.$counter.value == 3)
    }

    @Test func propertyWrapperIsGivenThePropertyByTheMemberwiseInitialiser() {
        struct Container {
            @Property var counter: Int
        }
        let mutableCounter = MutableProperty(0)
        let container = Container(counter: Property(capturing: mutableCounter))
        #expect(container.counter == 0)
        mutableCounter.value = 1
        #expect(container.counter == 1)
        mutableCounter.modify { $0 += 2 }
        #expect(container.counter == 3)
    }

    @Test func propertyWrapperProjectsThePropertyForObservation() {
        final class Model {
            @Property var title: String
            init(name: MutableProperty<String>) {
                _title = name.map { "Hello, \($0)" }
            }
        }
        let name = MutableProperty("Ann")
        let model = Model(name: name)
        var titles: [String] = []
        model.$title.producer.startWithValues { titles.append($0) }
        name.value = "Bo"
        #expect(titles == ["Hello, Ann", "Hello, Bo"])
        #expect(model.title == "Hello, Bo")
    }
}
