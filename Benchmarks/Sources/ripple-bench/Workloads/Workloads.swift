// The list of workloads, W1…W8 and the terminal's T1…T5, sized by the command line.

/// Scales the iteration counts for `--scale` and `--smoke`.
struct Sizing {
    /// The multiplier for iteration counts.
    let factor: Double
    /// Whether this is a smoke run (which also shrinks W7's observer counts).
    let smoke: Bool

    /// `full` iterations scaled, at least `minimum`.
    func iterations(_ full: Int, minimum: Int = 10) -> Int {
        max(Int((Double(full) * factor).rounded()), minimum)
    }
}

/// Builds the workloads.
enum Workloads {
    /// Every workload, in table order.
    static func all(scale: Double, smoke: Bool) -> [Workload] {
        let sizing = Sizing(factor: smoke ? scale / 10_000 : scale, smoke: smoke)
        let residentCounts = smoke ? [10, 100, 1_000] : [10, 1_000, 100_000]
        return [
            syncChain(sizing),
            fanOut(sizing),
            churn(sizing),
            coldStart(sizing),
            closureColdStart(sizing),
            property(sizing),
            propertyProducer(sizing),
            combineLatest(sizing),
            flatMapLatest(sizing),
        ]
            + residentCounts.map { bytesPerSubscription(residents: $0, metric: .bytes) }
            + residentCounts.map { bytesPerSubscription(residents: $0, metric: .heapBytes) }
            + residentCounts.map { subscribeCost(sizing, residents: $0) }
            + [contention(sizing), terminalFullPaint(sizing), terminalLabelChange(sizing)]
            + [listPageScroll(sizing, rows: 1_000, id: "T3a"), listPageScroll(sizing, rows: 100_000, id: "T3b")]
            + [searchTyping(sizing), burstOfSets(sizing)]
            + [photoWallScroll(sizing), photoWallScroll(sizing, photos: 10_000, id: "T6b"),
               photoWallScroll(sizing, photos: 10_000, id: "T6c", prepared: false)]
            + [photoResultsScroll(sizing), photoResultsScroll(sizing, photos: 10_000, id: "T7b"),
               photoResultsScroll(sizing, photos: 10_000, id: "T7c", prepared: false)]
    }
}
