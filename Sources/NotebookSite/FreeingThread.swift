import Foundation
import Synchronization

/// Frees values on a thread of their own, so that the caller does not wait for it.
enum FreeingThread {
    /// Frees `value` on a new thread. Hand over the last references: the value is taken out of
    /// a box that only the new thread empties, so it is freed there whichever thread lets go of
    /// the box last (a value the caller still held when the new thread was done with it would
    /// be freed by the caller).
    static func free<Value: Sendable>(_ value: consuming Value) {
        let box = Box(value)
        Thread.detachNewThread { box.empty() }
    }

    private final class Box<Value: Sendable>: Sendable {
        private let held: Mutex<Value?>

        init(_ value: consuming Value) { held = Mutex(value) }

        /// Takes the value out and drops it, on the calling thread.
        func empty() {
            let value = held.withLock { $0.take() }
            _ = consume value
        }
    }
}
