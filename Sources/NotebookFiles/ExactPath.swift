import Bytes

/// A path compared and hashed by its bytes. Strings compare text in two Unicode forms as equal
/// (`café` written with `é` and with `e` and a combining accent), where Linux file systems hold
/// them as two names: a table of files or folders keyed by such paths uses this.
public struct ExactPath: Hashable, Sendable {
    public let text: String

    public init(_ text: String) {
        self.text = text
    }

    public static func == (a: ExactPath, b: ExactPath) -> Bool {
        // In place (a native string's bytes are contiguous): copying either would count a reference.
        a.text.withBorrowedUTF8 { a in
            b.text.withBorrowedUTF8 { b in a.hasSameBytes(as: b) }
        }
    }

    public func hash(into hasher: inout Hasher) {
        text.withBorrowedUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
