/// The part of a file a request's `Range` header asks for (RFC 9110, section 14): one range of
/// bytes, which audio and video players ask for to seek. Several ranges, another unit or a header
/// that is not one are no range: the whole file is sent, as the RFC allows.
struct ByteRange: Equatable {
    /// The first byte and how many.
    var offset: UInt64
    var length: UInt64

    /// What `header` asks of a file of `size` bytes: a range, nil for the whole file, or
    /// `.unsatisfiable` when it starts past the file's end.
    enum Asked: Equatable {
        case range(ByteRange)
        case unsatisfiable
    }

    static func asked(by header: String?, size: UInt64) -> Asked? {
        // The unit's name is compared without regard to case (`Bytes=0-1`).
        guard let header, header.utf8.count > 6, header.prefix(6).lowercased() == "bytes=" else { return nil }
        let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: " \t")
        guard let dash = spec.firstIndex(of: "-"), !spec.contains(",") else { return nil }
        let first = spec[..<dash], last = spec[spec.index(after: dash)...]
        // A number past any file's size is as large as can be (the end is then the file's).
        func number(_ text: Substring) -> UInt64? {
            guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return UInt64(text) ?? UInt64.max
        }
        if first.isEmpty {
            // The last bytes: `bytes=-500`.
            guard let suffix = number(last) else { return nil }
            guard suffix > 0, size > 0 else { return .unsatisfiable }
            let length = min(suffix, size)
            return .range(ByteRange(offset: size - length, length: length))
        }
        guard let start = number(first) else { return nil }
        let end: UInt64
        if last.isEmpty {
            end = size &- 1
        } else {
            guard let given = number(last), given >= start else { return nil }
            end = min(given, size &- 1)
        }
        guard start < size else { return .unsatisfiable }
        return .range(ByteRange(offset: start, length: end - start + 1))
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in blanks: String) -> Substring {
        var text = self
        while let first = text.first, blanks.contains(first) { text = text.dropFirst() }
        while let last = text.last, blanks.contains(last) { text = text.dropLast() }
        return text
    }
}
