import Foundation
import Synchronization

/// Work spread over a fixed number of threads, each taking the next item until none is left.
public enum ParallelWork {
    /// How many threads can run at once on this machine.
    public static var processorCount: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// `transform(index)` for every index below `count`, `workers` at a time; results in order.
    public static func map<R: Sendable>(count: Int, workers: Int, _ transform: @Sendable (Int) -> R) -> [R] {
        // Each result has a place of its own, written by the one worker that takes its index (no
        // lock between workers); the places are read once every worker is done.
        let results = Moved<R>(count: count)
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: min(max(workers, 1), max(count, 1))) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                (results.base + index).initialize(to: transform(index))
            }
        }
        defer { results.base.deallocate() }
        return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            if count > 0 { buffer.baseAddress!.moveInitialize(from: results.base, count: count) }
            initialized = count
        }
    }

    /// `transform(index, item)` for every item, `workers` at a time, each item moved into the
    /// worker that takes it and dropped there: what only the items hold (a note's model, say)
    /// is freed on the workers instead of on the caller's thread afterwards. Pass the items up
    /// (`consume` them) for that; results in order.
    public static func map<T: Sendable, R: Sendable>(
        consuming items: consuming [T], workers: Int, _ transform: @Sendable (Int, consuming T) -> R
    ) -> [R] {
        let count = items.count
        let storage = Moved<T>(count: count)
        if count > 0 { items.withUnsafeBufferPointer { storage.base.initialize(from: $0.baseAddress!, count: count) } }
        items = []
        defer { storage.base.deallocate() }
        return map(count: count, workers: workers) { index in transform(index, (storage.base + index).move()) }
    }

    /// `transform(&item)` for every item of `items`, `workers` at a time, each item changed in
    /// place by the worker that takes it; results in order.
    public static func map<T: Sendable, R: Sendable>(
        updating items: inout [T], workers: Int, _ transform: @Sendable (inout T) -> R
    ) -> [R] {
        items.withUnsafeMutableBufferPointer { buffer in
            let items = Moved<T>(base: buffer.baseAddress)
            return map(count: buffer.count, workers: workers) { index in transform(&items.base[index]) }
        }
    }

    /// Items moved or changed one by one, each by exactly one worker.
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
