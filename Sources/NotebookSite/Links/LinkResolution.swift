import Foundation
import NotebookModel

/// The "resolve links" step: wikilinks, relative links to notes' files and to files beside the
/// notes become site URLs, broken ones are diagnostics at their place, and backlinks are counted.
struct LinkResolution: Sendable {
    /// The notes with their links rewritten.
    public var notes: [SiteNote]
    /// For each note, the indices of the notes that link to it, in site order.
    public var backlinks: [[Int]]
    public var diagnostics: [Diagnostic]

    /// `knownPaths` are the site's own pages and files that root-relative links (`/tags/x/`)
    /// may name besides notes and the files beside them.
    public init(notes: [SiteNote], files: [String], knownPaths: Set<String> = [], urls: SiteURLs, strict: Bool) {
        self.init(resolver: LinkResolver(notes: notes, files: files, knownPaths: knownPaths, urls: urls), strict: strict)
    }

    /// The links of the resolver's notes resolved.
    init(resolver: LinkResolver, strict: Bool) {
        let notes = resolver.notes
        // Each note is resolved on its own, in parallel; results are gathered in note order.
        // Each worker makes its notes' new site notes, so that copying them happens there too.
        let results = ParallelWork.map(count: notes.count, workers: ProcessInfo.processInfo.activeProcessorCount) { source in
            var walk = Walk(resolver: resolver, source: source, strict: strict)
            var note = notes[source]
            note.note.blocks = walk.blocks(note.note.blocks)
            return (note: note, targets: walk.targets, diagnostics: walk.diagnostics)
        }
        var rewritten: [SiteNote] = []
        rewritten.reserveCapacity(notes.count)
        var linked: [Set<Int>] = Array(repeating: [], count: notes.count)
        var diagnostics: [Diagnostic] = []
        for (source, result) in results.enumerated() {
            rewritten.append(result.note)
            for target in result.targets where target != source { linked[target].insert(source) }
            diagnostics += result.diagnostics
        }
        self.notes = rewritten
        self.backlinks = linked.map { $0.sorted() }
        self.diagnostics = diagnostics
    }

    /// One note's links resolved and rewritten: what it links to, and its broken links.
    struct Walk {
        let resolver: LinkResolver
        let source: Int
        let strict: Bool
        var targets: Set<Int> = []
        var diagnostics: [Diagnostic] = []
        var near: SourceLocation?

        init(resolver: LinkResolver, source: Int, strict: Bool) {
            self.resolver = resolver
            self.source = source
            self.strict = strict
        }

        /// The note's blocks with every link rewritten: only what changes is copied.
        mutating func blocks(_ blocks: [Block]) -> [Block] {
            var blocks = blocks
            Block.rewriteInlines(in: &blocks) { content, near in
                self.near = near
                return inlines(&content)
            }
            return blocks
        }

        /// Rewrites the links of `content` in place; true when any changed.
        mutating func inlines(_ content: inout [Inline]) -> Bool {
            guard let rewritten = rewritten(content) else { return false }
            content = rewritten
            return true
        }

        /// `content` with its links rewritten; nil when none changed. Each inline is read in
        /// place: only what changes is copied.
        mutating func rewritten(_ content: [Inline]) -> [Inline]? {
            var out: [Inline]?
            for index in content.indices {
                let at = content[index].location ?? near
                var kind: Inline.Kind?
                switch content[index].kind {
                case .span(let formatting, let children):
                    var changed: Formatting?
                    if let wikilink = formatting.wikilink, let resolved = resolver.resolve(.wikilink(wikilink), from: source) {
                        var resolvedLink = wikilink
                        resolvedLink.url = url(resolved, at: at, of: .wikilink(wikilink))
                        changed = formatting
                        changed!.wikilink = resolvedLink
                    }
                    if let link = formatting.link, let resolved = resolver.resolve(.link(link.destination), from: source) {
                        var resolvedLink = link
                        resolvedLink.destination = url(resolved, at: at, of: .link(link.destination)) ?? link.destination
                        if changed == nil { changed = formatting }
                        changed!.link = resolvedLink
                    }
                    let newChildren = rewritten(children)
                    if changed != nil || newChildren != nil { kind = .span(changed ?? formatting, newChildren ?? children) }
                case .image(let image):
                    var changed: Image?
                    let reference = LinkReference.image(image.source, embed: image.isEmbed)
                    if let resolved = resolver.resolve(reference, from: source), let url = url(resolved, at: at, of: reference) {
                        changed = image
                        changed!.source = url
                    }
                    if let alternative = rewritten(image.alternative) {
                        if changed == nil { changed = image }
                        changed!.alternative = alternative
                    }
                    if let changed { kind = .image(changed) }
                case .text(let text):
                    // libcmark-gfm leaves a reference to a footnote that is not defined as text.
                    for label in Self.footnoteReferences(in: text) {
                        report(BrokenLink(reason: "no footnote [^\(label)] is defined"), at: at, what: "footnote [^\(label)]")
                    }
                case .softBreak, .lineBreak:
                    break
                }
                if let kind {
                    if out == nil { out = content }
                    out![index].kind = kind
                }
            }
            return out
        }

        /// The site URL of a resolved link, recording the target; a diagnostic when broken.
        mutating func url(_ resolution: Result<LinkIndex.Target, BrokenLink>, at: SourceLocation?, of reference: LinkReference) -> String? {
            switch resolution {
            case .success(let target):
                if case .note(let index, _) = target {
                    targets.insert(index)
                    if let candidates = resolver.ambiguity(of: reference, from: source) {
                        let listed = candidates.map { "'\($0)'" }.joined(separator: ", ")
                        diagnostics.append(
                            Diagnostic(
                                .warning,
                                "ambiguous \(reference.description): \(candidates.count) notes match (\(listed)); "
                                    + "it leads to '\(resolver.notes[index].relativePath)', the nearest",
                                path: resolver.notes[source].path, at: at, code: "link.ambiguous"))
                    }
                }
                return resolver.url(of: target, from: source)
            case .failure(let broken):
                report(broken, at: at, what: reference.description)
                return nil
            }
        }

        mutating func report(_ broken: BrokenLink, at: SourceLocation?, what: String) {
            diagnostics.append(
                Diagnostic(
                    strict ? .error : .warning, "broken \(what): \(broken.reason)", path: resolver.notes[source].path, at: at,
                    code: "link.broken"))
        }

        /// The labels of `[^label]` in text.
        static func footnoteReferences(in text: String) -> [String] {
            // Most text has none: a byte loop says so without Foundation's string search.
            var copy = text
            let hasReference = copy.withUTF8 { bytes in
                guard bytes.count > 1, let base = bytes.baseAddress else { return false }
                // Each `^` found by memchr, then the byte before it checked.
                var at = base + 1
                let end = base + bytes.count
                while at < end, let found = memchr(at, Int32(UInt8(ascii: "^")), end - at) {
                    let caret = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
                    if caret[-1] == UInt8(ascii: "[") { return true }
                    at = caret + 1
                }
                return false
            }
            guard hasReference else { return [] }
            var labels: [String] = []
            var rest = Substring(text)
            while let open = rest.range(of: "[^") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: "]") else { break }
                let label = after[..<close]
                if !label.isEmpty, label.count <= 100, !label.contains(where: { $0.isWhitespace || $0 == "[" }) {
                    labels.append(String(label))
                }
                rest = after[close...]
            }
            return labels
        }
    }
}
