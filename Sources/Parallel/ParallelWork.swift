import Foundation
import Synchronization

/// Work spread over a fixed number of threads, each taking the next item until none is left.
public enum ParallelWork {
    /// How many threads can run at once on this machine.
    public static var processorCount: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// `transform(index)` for every index below `count`, `workers` at a time; results in order.
    public static func map<R: Sendable>(count: Int, workers: Int, _ transform: @Sendable (Int) -> R) -> [R] {
        map(count: count, workers: workers, alongside: {}, transform).results
    }

    /// The same, and `alongside` done by one of the workers, the first piece of work any takes:
    /// work of another kind that would otherwise have a thread of its own and be waited for, while
    /// here the other workers go on with the indices and the one that did it joins them after.
    public static func map<R: Sendable, A: Sendable>(
        count: Int, workers: Int, alongside: @Sendable () -> A, _ transform: @Sendable (Int) -> R
    ) -> (results: [R], alongside: A) {
        // Each result has a place of its own in the array, written by the one worker that takes
        // its index (no lock between workers); the array is whole once every worker is done.
        let other = Mutex<A?>(nil)
        let next = Atomic<Int>(0)
        let pieces = count + 1
        let array = [R](unsafeUninitializedCapacity: count) { buffer, initialized in
            let results = Places(buffer)
            DispatchQueue.concurrentPerform(iterations: min(max(workers, 1), pieces)) { _ in
                while true {
                    let piece = next.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard piece < pieces else { return }
                    if piece == 0 {
                        let made = alongside()
                        other.withLock { $0 = made }
                    } else {
                        results.buffer.initializeElement(at: piece - 1, to: transform(piece - 1))
                    }
                }
            }
            initialized = count
        }
        return (array, other.withLock { $0.take()! })
    }

    /// `transform(&item)` for every item of `items`, `workers` at a time, each item changed in
    /// place by the worker that takes it; results in order.
    public static func map<T: Sendable, R: Sendable>(
        updating items: inout [T], workers: Int, _ transform: @Sendable (inout T) -> R
    ) -> [R] {
        map(updating: &items, workers: workers, alongside: {}) { _, item in transform(&item) }.results
    }

    /// `transform(index, &item)` for every item, `workers` at a time, and `alongside` done by one
    /// of the workers (see `map(count:workers:alongside:_:)`). What a worker takes out of an item
    /// (a note's model, say, left empty in its place) is freed on that worker, not on the
    /// caller's thread afterwards.
    public static func map<T: Sendable, R: Sendable, A: Sendable>(
        updating items: inout [T], workers: Int, alongside: @Sendable () -> A, _ transform: @Sendable (Int, inout T) -> R
    ) -> (results: [R], alongside: A) {
        items.withUnsafeMutableBufferPointer { buffer in
            let items = Places(buffer)
            return map(count: buffer.count, workers: workers, alongside: alongside) { index in transform(index, &items.buffer[index]) }
        }
    }
}
