/// Says what each of a task's effect values does, as ``Work`` the ``Store`` runs.
///
/// An interpreter keeps no bookkeeping of its own: the store owns every running task, cancels by
/// id, replaces a run whose id starts again, and knows when all have settled. The interpreter only
/// answers what a `.load` or a `.fetch` is.
///
/// ```swift
/// func work(for effect: GalleryEffect) -> Work<GalleryAction> {
///     switch effect {
///     case .load(let request):
///         .run(id: request.token) { send in await send(.loadFinished(request.token, await load(request))) }
///     case .cancel(let token):
///         .cancel(id: token)
///     }
/// }
/// ```
@MainActor
public protocol EffectInterpreting {
    /// What the work sends back.
    associatedtype Action: Sendable
    /// What the reducer asks for.
    associatedtype Effect

    /// The work `effect` stands for.
    func work(for effect: Effect) -> Work<Action>
}
