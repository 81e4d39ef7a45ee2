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
        // Each result has a place of its own, written by the one worker that takes its index (no
        // lock between workers); the places are read once every worker is done.
        let results = Moved<R>(count: count)
        let other = Moved<A>(count: 1)
        let next = Atomic<Int>(0)
        let pieces = count + 1
        DispatchQueue.concurrentPerform(iterations: min(max(workers, 1), pieces)) { _ in
            while true {
                let piece = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard piece < pieces else { return }
                if piece == 0 {
                    other.base.initialize(to: alongside())
                } else {
                    (results.base + piece - 1).initialize(to: transform(piece - 1))
                }
            }
        }
        defer {
            results.base.deallocate()
            other.base.deallocate()
        }
        let array = Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            if count > 0 { buffer.baseAddress!.moveInitialize(from: results.base, count: count) }
            initialized = count
        }
        return (array, other.base.move())
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
            let items = Moved<T>(base: buffer.baseAddress)
            return map(count: buffer.count, workers: workers, alongside: alongside) { index in transform(index, &items.base[index]) }
        }
    }

    /// Items written or changed one by one, each by exactly one worker.
    private struct Moved<T>: @unchecked Sendable {
        let base: UnsafeMutablePointer<T>

        init(count: Int) {
            base = UnsafeMutablePointer<T>.allocate(capacity: max(count, 1))
        }

        /// The items of a buffer, when it has any (a worker is given an index only if so).
        init(base: UnsafeMutablePointer<T>?) {
            self.base = base ?? UnsafeMutablePointer(bitPattern: MemoryLayout<T>.alignment)!
        }
    }
}
