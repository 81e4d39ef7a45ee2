import CFileSystem
import Glibc

/// The C library's UTF-8 locale, for the functions that read characters by it (`fnmatch`,
/// `wcwidth`): made once, and used by the calling thread only while it reads, so that the
/// process's own locale is left as it is.
public enum UTF8Locale {
    /// `body`'s result with the calling thread in the UTF-8 locale; nil when the C library has
    /// none (`C.UTF-8` is built into glibc from 2.35).
    static func with<Result>(_ body: () -> Result) -> Result? {
        guard let locale else { return nil }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return body()
    }

    /// The columns a terminal that follows the C library's `wcwidth` (as tmux, xterm and VTE do)
    /// shows `scalars` in: none for a mark that combines with the character before, two for an
    /// East Asian wide character, one for most; a control, which has none, counts none. Nil
    /// when there is no UTF-8 locale.
    public static func columns(of scalars: some Sequence<Unicode.Scalar>) -> Int? {
        with { scalars.reduce(0) { $0 + max(Int(notebook_wcwidth($1.value)), 0) } }
    }

    private nonisolated(unsafe) static let locale: locale_t? = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)
}
