import Foundation
import Synchronization

/// Work spread over a fixed number of threads, each taking the next item until none is left.
enum ParallelWork {
    /// `transform(index)` for every index below `count`, `workers` at a time; results in order.
    static func map<R: Sendable>(count: Int, workers: Int, _ transform: @Sendable (Int) -> R) -> [R] {
        let results = Mutex<[R?]>(Array(repeating: nil, count: count))
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: min(max(workers, 1), max(count, 1))) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                let result = transform(index)
                results.withLock { $0[index] = result }
            }
        }
        return results.withLock { $0.map { $0! } }
    }
}
