import NotebookModel
import NotebookRender

/// A link as a note writes it, before it is resolved.
enum LinkReference: Hashable, Sendable, CustomStringConvertible {
    case wikilink(WikiLink)
    /// A link's destination.
    case link(String)
    /// An image's source; an embed (`![[name]]`) names its target the way a wikilink does.
    case image(String, embed: Bool)

    /// The link a rendered note's slot is filled from.
    init(_ target: LinkSlot.Target) {
        switch target {
        case .link(let destination): self = .link(destination)
        case .image(let source, let embed): self = .image(source, embed: embed)
        case .wikilink(let wikilink): self = .wikilink(wikilink)
        }
    }

    /// Where in a file the link opens it (`paper.pdf#page=3`, `[[paper.pdf#page=3]]`), as written:
    /// kept on the file's URL. Nil when it names none.
    var fileFragment: String? {
        let fragment: String?
        switch self {
        case .wikilink(let link): fragment = link.heading
        case .image(let name, embed: true): fragment = name.firstIndex(of: "#").map { String(name[name.index(after: $0)...]) }
        case .link(let destination), .image(let destination, embed: false): fragment = LinkIndex.pathAndFragment(destination).fragment
        }
        // A fragment holds no second `#` (`[[paper.pdf#page=3#x]]`).
        return fragment?.isEmpty == false ? fragment?.replacingOccurrences(of: "#", with: "%23") : nil
    }

    public var description: String {
        switch self {
        case .wikilink(let link): "wikilink [[\(link.target)\(link.heading.map { "#" + $0 } ?? "")]]"
        case .link(let destination): "link '\(destination)'"
        case .image(let source, _): "image '\(source)'"
        }
    }
}

/// What one link came to: the URL it was given (nil when broken), the note it leads to, and why
/// it is broken. Two equal outcomes render alike, whatever changed elsewhere in the site.
struct LinkOutcome: Hashable, Sendable {
    public var url: String?
    /// The path under the notes folder of the note linked to.
    public var note: String?
    public var broken: String?
    /// Every note a wikilink's target matches, when more than one does.
    public var ambiguous: [String]? = nil
}

/// Resolves links against a site's notes, files and own pages.
struct LinkResolver: Sendable {
    public let notes: [SiteNote]
    let index: LinkIndex
    let knownPaths: Set<String>
    let urls: SiteURLs

    public init(
        notes: [SiteNote], files: [String], assets: [String] = [], folders: SiteFolders? = nil, knownPaths: Set<String>, urls: SiteURLs
    ) {
        let index = LinkIndex(notes: notes, files: files, assets: assets).with(folders ?? SiteFolders(notes))
        self.init(notes: notes, index: index, knownPaths: knownPaths, urls: urls)
    }

    /// The resolver of `notes` with their link index made already.
    init(notes: [SiteNote], index: LinkIndex, knownPaths: Set<String>, urls: SiteURLs) {
        self.notes = notes
        self.index = index
        self.knownPaths = knownPaths
        self.urls = urls
    }

    /// The resolver of `notes`, the same notes in the same places as this one's (the same paths,
    /// URLs and files), whose notes at `changed` may have other titles and headings.
    func retitling(_ notes: [SiteNote], changed: [Int]) -> LinkResolver {
        LinkResolver(notes: notes, index: index.retitling(notes, changed: changed), knownPaths: knownPaths, urls: urls)
    }

    /// What a link of the note at `source` leads to; nil for a link that is not to this site.
    func resolve(_ reference: LinkReference, from source: Int) -> Result<LinkIndex.Target, BrokenLink>? {
        switch reference {
        case .wikilink(let link): index.resolve(link, from: source)
        case .link(let destination), .image(let destination, embed: false):
            index.resolve(relative: destination, from: source) ?? index.resolve(rooted: destination, knownPaths: knownPaths)
        case .image(let name, embed: true): index.resolve(embedded: name, from: source).target
        }
    }

    /// The paths of every note a wikilink or embed of the note at `source` could name, when it
    /// names more than one.
    func ambiguity(of reference: LinkReference, from source: Int) -> [String]? {
        let target: String
        switch reference {
        // A path from the note's folder names one place.
        case .wikilink(let link) where !link.target.isEmpty && !LinkIndex.isPathFromNote(link.target): target = link.target
        case .image(let name, embed: true): return index.resolve(embedded: name, from: source).ambiguous
        // A Markdown link or image found by its name, as Obsidian finds it.
        case .link(let destination), .image(let destination, embed: false): return index.nameCandidates(relative: destination, from: source)
        default: return nil
        }
        let found = index.candidates(for: target)
        return found.count > 1 ? found.map { notes[$0].relativePath } : nil
    }

    /// The paths of the notes a wikilink names by path or file name, which a note's title or
    /// alias outranks; nil when there are none.
    func outranked(by reference: LinkReference) -> [String]? {
        guard case .wikilink(let link) = reference, !link.target.isEmpty, !LinkIndex.isPathFromNote(link.target) else { return nil }
        let found = index.outranked(for: link.target)
        return found.isEmpty ? nil : found.map { notes[$0].relativePath }
    }

    /// The URL a resolved link is given in the note at `source`.
    func url(of target: LinkIndex.Target, from source: Int) -> String {
        switch target {
        case .note(let index, let anchor):
            let page = index == source && anchor != nil ? "" : urls.link(notes[index].url)
            return page + (anchor.map { "#" + $0 } ?? "")
        case .file(let path): return urls.link(SiteURLs.urlPath(SiteURLs.filePath(path)))
        case .sitePath(let path): return urls.link(path)
        }
    }

    /// The outcome of each of a note's links, as `LinkResolution` would rewrite them.
    public func outcomes(of references: [LinkReference], from source: Int) -> [LinkOutcome?] {
        references.map { reference in
            switch resolve(reference, from: source) {
            case nil: return nil
            case .failure(let broken): return LinkOutcome(url: nil, note: nil, broken: broken.reason)
            case .success(let target):
                var note: String? = nil
                if case .note(let index, _) = target { note = notes[index].relativePath }
                return LinkOutcome(url: url(of: target, from: source), note: note, broken: nil, ambiguous: ambiguity(of: reference, from: source))
            }
        }
    }
}
