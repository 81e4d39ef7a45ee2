import Bytes
import Foundation
import NotebookModel
import NotebookRender
import Parallel

/// The "resolve links" step: wikilinks, relative links to notes' files and to files beside the
/// notes become site URLs, broken ones are diagnostics at their place, and backlinks are counted.
///
/// It works on the links each note's body holds (``SiteNote/body``), found when the note was
/// read: the bodies are rendered already, their links left open for the URLs found here.
struct LinkResolution: Sendable {
    /// For each note, the URL each of its links that leads into the site was given.
    public var resolved: [[LinkReference: String]]
    /// For each note, the indices of the notes that link to it, in site order.
    public var backlinks: [[Int]]
    public var diagnostics: [Diagnostic]
    /// The site's folders with pages, when the resolution found them (`SiteChecks.resolve`): the
    /// page plan's index needs them too.
    var folders: SiteFolders?

    /// `knownPaths` are the site's own pages and files that root-relative links (`/tags/x/`)
    /// may name besides notes and the files beside them.
    public init(notes: [SiteNote], files: [String], knownPaths: Set<String> = [], urls: SiteURLs) {
        self.init(resolver: LinkResolver(notes: notes, files: files, knownPaths: knownPaths, urls: urls))
    }

    /// The links of the resolver's notes resolved.
    init(resolver: LinkResolver) {
        let notes = resolver.notes
        // Each note is resolved on its own, in parallel; results are gathered in note order. A
        // walk takes the resolver as an argument rather than holding a copy: a copy would count
        // a reference to each of its shared tables from both cores, once for every note.
        let results = ParallelWork.map(count: notes.count, workers: ProcessInfo.processInfo.activeProcessorCount) { source in
            var walk = Walk(source: source)
            walk.resolve(notes[source].body.links, with: resolver)
            return (targets: walk.targets, urls: walk.urls, diagnostics: walk.findings)
        }
        var resolved: [[LinkReference: String]] = []
        resolved.reserveCapacity(notes.count)
        // Sources are met in increasing order, each naming a target once: every list of
        // backlinks comes out sorted, with no set to gather them in.
        var backlinks: [[Int]] = Array(repeating: [], count: notes.count)
        var diagnostics: [Diagnostic] = []
        for (source, result) in results.enumerated() {
            resolved.append(result.urls)
            for target in result.targets where target != source { backlinks[target].append(source) }
            diagnostics += result.diagnostics
        }
        self.resolved = resolved
        self.backlinks = backlinks
        self.diagnostics = diagnostics
    }

    /// What the resolution of a note meets, in the order it meets them: its links, and what
    /// looks like a reference to a footnote in its text.
    enum Found: Hashable, Sendable {
        case link(LinkReference, at: SourceLocation?)
        /// `[^label]` left as text: libcmark-gfm leaves a reference to a footnote that is not defined so.
        case footnote(String, at: SourceLocation?)
    }

    /// Everything of `blocks` that the resolution meets, in order: a span's wikilink, then its
    /// link, then its content; an image's source, then its description.
    static func found(in blocks: [Block]) -> [Found] {
        var found: [Found] = []
        func visit(_ content: [Inline], near: SourceLocation?) {
            for index in content.indices {
                let at = content[index].location ?? near
                switch content[index].kind {
                case .span(let formatting, let children):
                    if let wikilink = formatting.wikilink { found.append(.link(.wikilink(wikilink), at: at)) }
                    if let link = formatting.link { found.append(.link(.link(link.destination), at: at)) }
                    visit(children, near: near)
                case .image(let image):
                    found.append(.link(.image(image.source, embed: image.isEmbed), at: at))
                    visit(image.alternative, near: near)
                case .text(let text):
                    for label in Walk.footnoteReferences(in: text) { found.append(.footnote(label, at: at)) }
                case .softBreak, .lineBreak:
                    break
                }
            }
        }
        Block.visitInlines(blocks) { content, near in visit(content, near: near) }
        return found
    }

    /// One note's links resolved: what it links to, the URLs its links were given, and its
    /// broken links.
    struct Walk {
        let source: Int
        var targets: Set<Int> = []
        var urls: [LinkReference: String] = [:]
        var diagnostics: [Diagnostic] = []

        init(source: Int) {
            self.source = source
        }

        /// The note's link findings with its warnings of one kind past the first hundred folded
        /// into one, as its other findings are (a note of 100,000 broken links printed them all).
        var findings: [Diagnostic] { diagnostics.foldingRepeatedWarnings() }

        /// Resolves what the note's resolution meets, in order, with `resolver`.
        mutating func resolve(_ found: [Found], with resolver: LinkResolver) {
            for item in found {
                switch item {
                case .link(let reference, let at):
                    guard let resolution = resolver.resolve(reference, from: source) else { continue }
                    if let url = url(resolution, at: at, of: reference, with: resolver) { urls[reference] = url }
                case .footnote(let label, let at):
                    report(BrokenLink(reason: "no footnote [^\(label)] is defined"), at: at, what: "footnote [^\(label)]", with: resolver)
                }
            }
        }

        /// The site URL of a resolved link, recording the target; a diagnostic when broken, and
        /// ``LinkSlot/broken`` when it leads nowhere at all, so that the page marks it.
        mutating func url(
            _ resolution: Result<LinkIndex.Target, BrokenLink>, at: SourceLocation?, of reference: LinkReference, with resolver: LinkResolver
        ) -> String? {
            switch resolution {
            case .success(let target):
                // A file found by its name among several (an embed's, a Markdown link's or image's).
                let namesAFile: Bool = {
                    switch (reference, target) {
                    case (.wikilink, _), (_, .note): false
                    default: true
                    }
                }()
                if namesAFile, let candidates = resolver.ambiguity(of: reference, from: source) {
                    let listed = candidates.map { "'\($0)'" }.joined(separator: ", ")
                    diagnostics.append(
                        Diagnostic(
                            .warning,
                            "ambiguous \(reference.description): \(candidates.count) files have that name (\(listed)); it shows the nearest",
                            path: resolver.notes[source].path, at: at, code: "link.ambiguous"))
                }
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
                    if let files = resolver.outranked(by: reference) {
                        let listed = files.map { "'\($0)'" }.joined(separator: ", ")
                        diagnostics.append(
                            Diagnostic(
                                .warning,
                                "\(reference.description) leads to '\(resolver.notes[index].relativePath)', whose title or alias it is, "
                                    + "not to \(listed), whose file name it is; [[\(files[0])]] leads to the file",
                                path: resolver.notes[source].path, at: at, code: "link.outranked"))
                    }
                }
                let url = resolver.url(of: target, from: source)
                // A file opens where the link says (a document's page); a note's heading is its anchor.
                var isFile = false
                switch target {
                case .file: isFile = true
                // A file of the site's assets that an embed names (a site path otherwise keeps its own fragment).
                case .sitePath: if case .image(_, embed: true) = reference { isFile = true }
                case .note: break
                }
                guard isFile, let fragment = reference.fileFragment, !url.contains("#") else { return url }
                return url + "#" + fragment
            case .failure(let broken):
                report(broken, at: at, what: reference.description, with: resolver)
                // Another note's page; a heading the note itself lacks leads nowhere on it. An embed
                // of a part the note lacks shows nothing of it (the whole note is not that part).
                var embeds = false
                if case .wikilink(let wikilink) = reference { embeds = wikilink.isEmbed }
                if let page = broken.page, page != source, !embeds { return resolver.url(of: .note(page, anchor: nil), from: source) }
                return broken.leadsNowhere ? LinkSlot.broken : nil
            }
        }

        mutating func report(_ broken: BrokenLink, at: SourceLocation?, what: String, with resolver: LinkResolver) {
            diagnostics.append(
                Diagnostic(
                    .warning, "broken \(what): \(broken.reason)", path: resolver.notes[source].path, at: at,
                    code: "link.broken"))
        }

        /// The labels of `[^label]` in text.
        static func footnoteReferences(in text: String) -> [String] {
            // Most text has none: a byte loop says so without Foundation's string search.
            let hasReference = text.withBorrowedUTF8 { bytes in
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
