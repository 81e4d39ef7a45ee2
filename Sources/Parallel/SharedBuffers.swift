extension ParallelWork {
    /// An array's elements that workers only read, such as a sort's keys, for as long as the
    /// array lives (from `withUnsafeBufferPointer`): reading one in place counts no reference to
    /// what it holds, where a copy out of the array would.
    public struct Borrowed<T>: @unchecked Sendable {
        public let buffer: UnsafeBufferPointer<T>

        public init(_ buffer: UnsafeBufferPointer<T>) {
            self.buffer = buffer
        }
    }

    /// An array's places that workers fill or change, each place by the one worker that takes its
    /// index, for as long as the array lives (from `withUnsafeMutableBufferPointer`): a map's
    /// results, a second result put in its own array as it is made, items changed in place.
    public struct Places<T>: @unchecked Sendable {
        public let buffer: UnsafeMutableBufferPointer<T>

        public init(_ buffer: UnsafeMutableBufferPointer<T>) {
            self.buffer = buffer
        }
    }
}
