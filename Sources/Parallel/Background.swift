import Foundation
import Synchronization

/// A value worked out on a thread of its own while the caller goes on; ``value`` waits for it.
public final class Background<Value: Sendable>: Sendable {
    private let result = Mutex<Value?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Starts `work` on a new thread.
    public init(_ work: @escaping @Sendable () -> Value) {
        Thread.detachNewThread {
            let value = work()
            self.result.withLock { $0 = value }
            self.done.signal()
        }
    }

    /// The value, once the work is done.
    public var value: Value {
        done.wait()
        done.signal()
        return result.withLock { $0! }
    }
}
