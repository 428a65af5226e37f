/// A backend written with async/await; it gets the callback form of ``PhoneLookupAPI`` for free.
///
/// The request is a `Task`: cancelling the handle cancels the task (which closes a connection at
/// once), and the callback hops to the main actor and is skipped if the task was cancelled.
public protocol AsyncLookupBackend: PhoneLookupAPI {
    /// The result strings for `number`, or the error that stopped the lookup.
    func answer(for number: PhoneNumber) async throws -> [String]
}

extension AsyncLookupBackend {
    public func lookUp(_ number: PhoneNumber, completion: @escaping LookupCompletion) -> LookupRequest {
        let task = Task {
            let outcome: Result<[String], any Error>
            do { outcome = .success(try await answer(for: number)) } catch { outcome = .failure(error) }
            await MainActor.run {
                guard !Task.isCancelled else { return }
                switch outcome {
                case .success(let results): completion(results, nil)
                case .failure(let error): completion(nil, error)
                }
            }
        }
        return LookupRequest { task.cancel() }
    }
}
