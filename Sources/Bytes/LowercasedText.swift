extension String {
    /// `lowercased()`, but the string itself, with nothing copied, when it is ASCII with no
    /// capital letter (a path, a slug, most keys): the standard library makes a new string
    /// either way.
    public var lowercasedKeepingLowercase: String {
        let isLowercaseASCII = withBorrowedUTF8 { bytes in !bytes.contains { $0 >= 0x80 || ($0 >= 0x41 && $0 <= 0x5A) } }
        return isLowercaseASCII ? self : lowercased()
    }
}
