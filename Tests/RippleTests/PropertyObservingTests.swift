import Observation
import Ripple
import Testing

@Observable private final class Photo {
    var thumbnail: String?
    var title = "untitled"
}

@Suite struct PropertyObservingTests {
    @Test func observedKeyPathSendsTheCurrentValueAtOnceThenEachChangeOnce() {
        let scheduler = TestScheduler()
        let photo = Photo()
        let recorder = Recorder<String>()
        SignalProducer(observing: photo, \.thumbnail, on: scheduler).start(recorder.observer())
        #expect(recorder.entries == ["VALUE nil"])
        photo.thumbnail = "a"
        #expect(recorder.entries == ["VALUE nil"])
        scheduler.advance()
        photo.thumbnail = "b"
        scheduler.advance()
        scheduler.advance()
        #expect(recorder.entries == ["VALUE nil", "VALUE Optional(\"a\")", "VALUE Optional(\"b\")"])
    }

    @Test func changesMadeBeforeTheSchedulerRunsArriveAsTheLatest() {
        let scheduler = TestScheduler()
        let photo = Photo()
        let property = Property(observing: photo, \.title, on: scheduler)
        let recorder = Recorder<String>()
        property.signal.observeValues { recorder.append($0) }
        photo.title = "draft"
        photo.title = "final"
        scheduler.run()
        #expect(recorder.entries == ["final"])
        #expect(property.value == "final")
    }

    @Test func changesOfOtherKeyPathsAreNotSent() {
        let scheduler = TestScheduler()
        let photo = Photo()
        let recorder = Recorder<String>()
        SignalProducer(observing: photo, \.title, on: scheduler).startWithValues { recorder.append($0) }
        photo.thumbnail = "a"
        scheduler.run()
        #expect(recorder.entries == ["untitled"])
    }

    @Test func observationCompletesWhenTheObjectIsDeinitialised() {
        let scheduler = TestScheduler()
        var photo: Photo? = Photo()
        let recorder = Recorder<String>()
        let property = Property(observing: photo!, \.title, on: scheduler)
        property.producer.start(recorder.observer())
        weak let released = photo
        photo = nil
        #expect(released == nil)
        #expect(recorder.entries == ["VALUE untitled", "COMPLETED"])
        #expect(property.value == "untitled")
    }

    @Test func observationDoesNotKeepTheObjectAlive() {
        let scheduler = TestScheduler()
        var photo: Photo? = Photo()
        weak let released = photo
        let run = SignalProducer(observing: photo!, \.title, on: scheduler).start()
        photo = nil
        #expect(released == nil)
        #expect(run.isDisposed)
    }

    @Test func disposingARunStopsReadingChanges() {
        let scheduler = TestScheduler()
        let photo = Photo()
        let recorder = Recorder<String>()
        let run = SignalProducer(observing: photo, \.title, on: scheduler).start(recorder.observer())
        photo.title = "changed"
        run.dispose()
        scheduler.run()
        photo.title = "again"
        scheduler.run()
        #expect(recorder.entries == ["VALUE untitled", "INTERRUPTED"])
    }
}
