import Locking
import Networking

/// Thins a download's progress for a screen: nothing while the load is quick (a bar that flashes
/// for a fast picture is noise), then one report per whole percent (the bytes so far when the
/// total is unknown), so a slow picture's bar moves without flooding the screen with redraws.
///
/// ```swift
/// request.progress = ProgressGate.afterAMoment { progress in send(.moved(progress)) }
/// ```
public enum ProgressGate {
    /// The longest a load goes without a bar.
    public static let moment = Duration.milliseconds(300)

    /// `report`, called only once `moment` has passed since this call and the whole percent changed.
    public static func afterAMoment(
        _ moment: Duration = moment, _ report: @escaping @Sendable (TransferProgress) -> Void
    ) -> @Sendable (TransferProgress) -> Void {
        let clock = ContinuousClock()
        let shownFrom = clock.now + moment
        let lastStep = LockedValue(-1)
        return { progress in
            guard clock.now >= shownFrom else { return }
            let step = progress.fraction.map { Int($0 * 100) } ?? progress.received / 1024
            let isNew = lastStep.withLock { last in
                defer { last = step }
                return last != step
            }
            if isNew { report(progress) }
        }
    }
}
