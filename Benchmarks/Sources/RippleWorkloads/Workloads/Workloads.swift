// The list of workloads, W1…W8 and the terminal's T1…T7.

/// Scales the workloads' operation counts: package-benchmark runs them at 1, the
/// instruction counter at the small scales it compares.
struct Sizing {
    /// The multiplier for operation counts.
    let factor: Double

    /// `full` operations scaled, at least `minimum`.
    func iterations(_ full: Int, minimum: Int = 10) -> Int {
        max(Int((Double(full) * factor).rounded()), minimum)
    }
}

/// Builds the workloads.
public enum Workloads {
    /// The observer counts W7 measures at.
    static let residentCounts = [10, 1_000, 100_000]

    /// Every workload, in table order, each run's operation count multiplied by
    /// `scale` (W2's, W5's and W7's observer counts stay as they are).
    public static func all(scale: Double = 1) -> [Workload] {
        let sizing = Sizing(factor: scale)
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
