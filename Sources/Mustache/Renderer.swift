import Bytes

/// The overrides that parent tags pass, outermost first. A block site takes the outermost
/// override of its name, so the top-level template wins over intermediate parents.
typealias BlockScopes = [[String: BlockNode]]

/// Walks a compiled tree, appending into one buffer of UTF-8 bytes (appending to a `String`
/// costs several times more per piece).
struct Renderer: ~Copyable {
    let library: MustacheLibrary
    var output: ByteBuffer
    /// The context stack; the last value is the innermost.
    private var contexts: [MustacheValue]
    /// What each line of the current template gets prefixed with.
    private var indentation = ""
    /// Indentation due before the next output, set at each source line start.
    private var pendingIndentation: String?
    /// Partials, parents and lambda expansions currently being rendered.
    private var depth = 0
    /// Everything currently being rendered inside something else: sections, blocks,
    /// partials, parents and lambda expansions.
    private var level = 0
    /// Sections that come out the same on every render given the same parts.
    private let shared: MustacheSharedParts?
    /// While a shared section is rendered for the first time: the first context that is its own.
    private var recordingFloor: Int?
    /// Whether the section being recorded read something outside itself and the shared value.
    private var escaped = false

    /// The most `level` can reach. With `MustacheLibrary.depthCeiling` partials each holding
    /// a section this still leaves room; in release builds a level costs well under 1 KB of
    /// stack, so even a 512 KB thread stack is never exhausted.
    static let maxLevel = 500

    init(library: MustacheLibrary, root: MustacheValue, shared: MustacheSharedParts? = nil, capacity: Int = 0) {
        self.library = library
        output = ByteBuffer(capacity: capacity)
        self.shared = shared
        contexts = [root]
        contexts.reserveCapacity(16)
    }

    mutating func render(_ program: Program, blocks: BlockScopes) throws(MustacheError) {
        for index in program.steps.indices {
            switch program.steps[index] {
            case .text(let text):
                write(text)
            case .lineStart:
                pendingIndentation = indentation
            case .variable(let variable):
                try variable.borrowing { node throws(MustacheError) in try interpolate(node, blocks: blocks) }
            case .section(let section):
                try section.borrowing { node throws(MustacheError) in try render(node, blocks: blocks) }
            case .partial(let partial):
                try partial.borrowing { node throws(MustacheError) in try render(node, blocks: blocks) }
            case .block(let block):
                try block.borrowing { node throws(MustacheError) in try render(node, blocks: blocks) }
            }
        }
    }

    // MARK: - Output

    private mutating func write(_ text: String) {
        guard !text.isEmpty else { return }
        // Through its contiguous bytes: appending a string's `utf8` view costs several times more.
        text.withBorrowedUTF8 { write($0) }
    }

    private mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty else { return }
        if let pending = pendingIndentation {
            output.append(pending)
            pendingIndentation = nil
        }
        output.append(bytes)
    }

    /// Appends `text` with `& < > " '` escaped for HTML.
    private mutating func writeEscaped(_ text: String) {
        guard !text.isEmpty else { return }
        if let pending = pendingIndentation {
            output.append(pending)
            pendingIndentation = nil
        }
        text.withBorrowedUTF8 { bytes in
            // Runs without a special character are copied whole.
            EscapedBytes.escape(bytes, apostrophe: true) { output.append($0) } entity: { entity in
                output.append(UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
            }
        }
    }

    // MARK: - Lookup

    /// Resolves a dotted name: the first component in the innermost context that has it,
    /// the rest inside that value only.
    private mutating func lookup(_ name: Name) -> MustacheValue? {
        guard let first = name.first else {
            // `.`: the innermost context itself, the whole root when no section is open.
            read(at: contexts.count - 1, name: nil)
            return contexts.last
        }
        switch located(name, first: first) {
        case .at(let value, _): return value.pointee
        case .none: return nil
        case .object: return lookupCopying(name, first: first)
        }
    }

    /// ``locate(_:first:)``, its read noted (``read(at:name:)``); the copying lookup notes its own.
    private mutating func located(_ name: Name, first: String) -> Place {
        let place = locate(name, first: first)
        switch place {
        case .at(_, let index), .none(let index): read(at: index, name: first)
        case .object: break
        }
        return place
    }

    /// Where a name's value is, read in place.
    private enum Place {
        /// The value, and the context its first component was found in. The pointer is good
        /// until the contexts change.
        case at(UnsafePointer<MustacheValue>, index: Int)
        /// No value: the context the first component was found in, -1 for none.
        case none(index: Int)
        /// An object given as a dictionary is on the way, whose values have no place to point at.
        case object
    }

    /// Where `name`'s value is: the contexts, and the fields on the way down a dotted name, are
    /// read in place. A lookup copied the member of each step, a reference count apiece, and
    /// the renderer looks up every variable of every page.
    private func locate(_ name: Name, first: String) -> Place {
        contexts.withUnsafeBufferPointer { stack -> Place in
            guard let base = stack.baseAddress else { return .none(index: -1) }
            var index = stack.count - 1
            while index >= 0 {
                switch Self.member(first, of: base + index) {
                case .none: index -= 1
                case .object: return .object
                case .at(var value, _):
                    // Found here, the name is resolved here alone, even if the rest is missing.
                    for component in name.rest {
                        switch Self.member(component, of: value) {
                        case .at(let member, _): value = member
                        case .none: return .none(index: index)
                        case .object: return .object
                        }
                    }
                    return .at(value, index: index)
                }
            }
            return .none(index: -1)
        }
    }

    /// Where the member `key` of the value at `value` is, when that value is fields (asked of
    /// the value where it is: a `switch` over `pointee` here copied it).
    private static func member(_ key: String, of value: UnsafePointer<MustacheValue>) -> Place {
        switch value.pointee.place(ofMember: key) {
        case .at(let member): .at(member, index: 0)
        case .none: .none(index: 0)
        case .object: .object
        }
    }

    /// The lookup with each step's member copied: for names that pass objects given as
    /// dictionaries.
    private mutating func lookupCopying(_ name: Name, first: String) -> MustacheValue? {
        // The contexts are read in place: copying each one to ask it for a member costs a
        // reference count apiece.
        let (found, index) = contexts.withUnsafeBufferPointer { stack -> (MustacheValue?, Int) in
            var index = stack.count - 1
            while index >= 0 {
                if let value = stack[index][first] { return (value, index) }
                index -= 1
            }
            return (nil, -1)
        }
        read(at: index, name: first)
        guard var value = found else { return nil }
        for component in name.rest {
            guard let member = value[component] else { return nil }
            value = member
        }
        return value
    }

    /// Notes a read in the context at `index` (-1 for a name found nowhere) of the value `name`
    /// there (nil for the context itself): while a part is being kept, a read below its own
    /// contexts, but for the shared value at the root, is a read of the page's.
    private mutating func read(at index: Int, name: String?) {
        guard let floor = recordingFloor, index < floor else { return }
        if index == 0, let name, name == shared?.key { return }
        escaped = true
    }

    // MARK: - Tags

    @inline(never)
    private mutating func interpolate(_ variable: VariableNode, blocks: BlockScopes) throws(MustacheError) {
        // The name located once: most values are strings, written from where they are.
        let value: MustacheValue
        if let first = variable.name.first {
            switch located(variable.name, first: first) {
            case .at(let found, _):
                if case .string(let string) = found.pointee {
                    if variable.escaped { writeEscaped(string) } else { write(string) }
                    return
                }
                value = found.pointee
            case .none:
                return
            case .object:
                guard let copied = lookupCopying(variable.name, first: first) else { return }
                value = copied
            }
        } else {
            guard let context = lookup(variable.name) else { return }
            value = context
        }
        if case .string(let string) = value {
            if variable.escaped { writeEscaped(string) } else { write(string) }
            return
        }
        let text: String
        if case .lambda(let lambda) = value {
            escaped = true
            text = try expand(lambda(nil), name: variable.name.raw, location: variable.location, blocks: blocks)
        } else {
            guard let interpolated = value.interpolatedText else { return }
            text = interpolated
        }
        if variable.escaped { writeEscaped(text) } else { write(text) }
    }

    /// Renders an interpolation lambda's result on its own: a string is a template parsed
    /// with the default delimiters; anything else renders as data.
    @inline(never)
    private mutating func expand(
        _ result: MustacheValue, name: String, location: Location, blocks: BlockScopes
    ) throws(MustacheError) -> String {
        guard case .string(let source) = result else { return result.interpolatedText ?? "" }
        let template = try lambdaTemplate(source, name: name, delimiters: .standard, location: location)
        var savedOutput = ByteBuffer(capacity: 256)
        swap(&output, &savedOutput)
        let saved = (indentation, pendingIndentation)
        indentation = ""
        pendingIndentation = nil
        try nested(location) { renderer throws(MustacheError) in
            try renderer.render(template.fragment.program, blocks: blocks)
        }
        let text = output.string
        swap(&output, &savedOutput)
        (indentation, pendingIndentation) = saved
        return text
    }

    /// Parses what a lambda returned; a parse error is reported at the lambda's tag.
    @inline(never)
    private func lambdaTemplate(_ source: String, name: String, delimiters: Delimiters, location: Location)
        throws(MustacheError) -> MustacheTemplate
    {
        do {
            return try MustacheTemplate(parsing: source, name: "lambda '\(name)'", delimiters: delimiters)
        } catch {
            throw location.error(
                error.kind,
                "lambda '\(name)' returned a template that doesn't parse: \(error.message)"
                    + " (line \(error.line), column \(error.column) of \(source.debugDescription))")
        }
    }

    @inline(never)
    private mutating func render(_ section: SectionNode, blocks: BlockScopes) throws(MustacheError) {
        try enter(section.location)
        defer { level -= 1 }
        let value = lookup(section.name) ?? .null
        if section.inverted {
            if !value.isTruthy { try render(section.program, blocks: blocks) }
            return
        }
        // Only at the top, where the name can only have been found at the root.
        if let shared, contexts.count == 1, section.name.first == shared.key {
            try keeping(ObjectIdentifier(section), { section }, item: nil, in: shared) { renderer throws(MustacheError) in
                try renderer.render(section, value: value, blocks: blocks)
            }
            return
        }
        try render(section, value: value, blocks: blocks)
    }

    private mutating func render(_ section: SectionNode, value: MustacheValue, blocks: BlockScopes) throws(MustacheError) {
        switch value {
        case .array(let items):
            for item in items { try render(section, item: item, blocks: blocks) }
        case .lambda(let lambda):
            try render(section, lambda: lambda, blocks: blocks)
        default:
            guard value.isTruthy else { return }
            try render(section, item: value, blocks: blocks)
        }
    }

    /// One pass of a section with `item` as the innermost context; kept and copied when the item's
    /// fields are shared.
    private mutating func render(_ section: SectionNode, item: MustacheValue, blocks: BlockScopes) throws(MustacheError) {
        if let shared, case .fields(let fields) = item, let key = fields.sharedKey,
            // The shared value is read at the root: no context in between may hide it.
            !contexts.dropFirst().contains(where: { $0[shared.key] != nil })
        {
            try keeping(ObjectIdentifier(section), { section }, item: key, in: shared) { renderer throws(MustacheError) in
                renderer.contexts.append(item)
                try renderer.render(section.program, blocks: blocks)
                renderer.contexts.removeLast()
            }
            return
        }
        contexts.append(item)
        try render(section.program, blocks: blocks)
        contexts.removeLast()
    }

    /// What `body` writes for `node` (a section or a partial tag): copied when `shared` kept it,
    /// otherwise rendered and kept if it read nothing but the contexts from here on and the shared
    /// value. A part that read more is rendered each time from then on, without being watched, so
    /// that the parts inside it can be kept. Inside a part being kept already (a lambda's template
    /// can hold one), `body` just runs: what it reads decides whether the outer part is kept.
    ///
    /// The node is named by its identity, and handed over (`node()`) only when its part is kept:
    /// every page reads the same nodes on every core, and a reference counted for each read
    /// moved the node's count between the cores.
    private mutating func keeping(
        _ identity: ObjectIdentifier, _ node: () -> any AnyObject & Sendable, item: String?, in shared: MustacheSharedParts,
        _ body: (inout Renderer) throws(MustacheError) -> Void
    ) throws(MustacheError) {
        guard recordingFloor == nil else { return try body(&self) }
        let key = MustacheSharedParts.Key(
            node: identity, item: item, indentation: indentation, pendingIndentation: pendingIndentation,
            level: level, depth: depth)
        if let entry = shared.entry(for: key) {
            guard let bytes = entry.bytes else { return try body(&self) }
            output.append(bytes)
            pendingIndentation = entry.pendingAfter
            return
        }
        let start = output.count
        recordingFloor = contexts.count
        escaped = false
        defer { recordingFloor = nil }
        try body(&self)
        let recorded = escaped
        output.withBytes { all in
            shared.keep(
                recorded ? nil : UnsafeBufferPointer(rebasing: all[start...]), pendingAfter: pendingIndentation, of: node(), for: key)
        }
    }

    /// A section lambda: renders the template it returns for the section's raw text.
    @inline(never)
    private mutating func render(_ section: SectionNode, lambda: MustacheLambda, blocks: BlockScopes)
        throws(MustacheError)
    {
        escaped = true
        let result = lambda(section.rawText)
        guard case .string(let source) = result else {
            if let text = result.interpolatedText { write(text) }
            return
        }
        let template = try lambdaTemplate(
            source, name: section.name.raw, delimiters: section.delimiters, location: section.location)
        try nested(section.location) { renderer throws(MustacheError) in
            try renderer.render(template.fragment.program, blocks: blocks)
        }
    }

    @inline(never)
    private mutating func render(_ partial: PartialNode, blocks: BlockScopes) throws(MustacheError) {
        // At the top, a partial that reads nothing but the shared value (a site's header) is kept:
        // the root is the only context, so what it reads is under the shared key or the page's.
        if let shared, contexts.count == 1, partial.overrides == nil, case .fixed = partial.target {
            try keeping(ObjectIdentifier(partial), { partial }, item: nil, in: shared) { renderer throws(MustacheError) in
                try renderer.renderUnkept(partial, blocks: blocks)
            }
            return
        }
        try renderUnkept(partial, blocks: blocks)
    }

    private mutating func renderUnkept(_ partial: PartialNode, blocks: BlockScopes) throws(MustacheError) {
        // A parent's overrides and a partial named by data depend on more than the contexts.
        if partial.overrides != nil { escaped = true }
        let name: String
        switch partial.target {
        case .fixed(let fixed):
            name = fixed
        case .dynamic(let dynamic):
            escaped = true
            guard let value = lookup(dynamic) else { return }
            if case .lambda(let lambda) = value {
                name = try expand(lambda(nil), name: dynamic.raw, location: partial.location, blocks: blocks)
            } else {
                guard let text = value.interpolatedText else { return }
                name = text
            }
        }
        guard let template = library.templates[name] else { return }

        let savedIndentation = indentation
        if let standalone = partial.indentation {
            indentation += standalone
            if template.fragment.startsAtLineStart { pendingIndentation = indentation }
        } else {
            // Inline: indentation applies to the lines of the template holding the tag, not
            // to the lines of the partial (as if the partial's text were pasted in place).
            indentation = ""
        }
        var scopes = blocks
        if let overrides = partial.overrides { scopes.append(overrides) }
        try nested(partial.location, what: "\(partial.overrides == nil ? "partial" : "parent") '\(name)'") { renderer throws(MustacheError) in
            try renderer.render(template.fragment.program, blocks: scopes)
        }
        indentation = savedIndentation
    }

    @inline(never)
    private mutating func render(_ block: BlockNode, blocks: BlockScopes) throws(MustacheError) {
        escaped = true
        try enter(block.location)
        defer { level -= 1 }
        var content = block.content
        var scopes = blocks
        for (index, overrides) in blocks.enumerated() {
            if let override = overrides[block.name] {
                content = override.content
                // The override renders where it was written: in the scopes of the template
                // that passed it, so its own blocks can't resolve to itself.
                scopes = Array(blocks[..<index])
                break
            }
        }
        switch block.placement {
        case .inline:
            try render(content.program, blocks: scopes)
        case .standalone, .lineStart:
            let savedIndentation = indentation
            if block.placement == .standalone || pendingIndentation != nil {
                pendingIndentation = indentation + block.indentation
            } else {
                write(block.indentation)
            }
            indentation += block.indentation
            try render(content.program, blocks: scopes)
            indentation = savedIndentation
        }
    }

    /// Runs `body` one partial/parent/lambda level deeper, failing past the library's limit.
    @inline(never)
    private mutating func nested(
        _ location: Location, what: @autoclosure () -> String = "lambda",
        _ body: (inout Renderer) throws(MustacheError) -> Void
    ) throws(MustacheError) {
        guard depth < library.maxDepth else {
            throw location.error(
                .recursionLimit,
                "\(what()) nested more than \(library.maxDepth) levels deep (partials, parents and lambdas"
                    + " may recurse, but must stop)")
        }
        try enter(location)
        depth += 1
        defer {
            depth -= 1
            level -= 1
        }
        try body(&self)
    }

    /// Goes one level deeper, failing past ``maxLevel``.
    private mutating func enter(_ location: Location) throws(MustacheError) {
        guard level < Renderer.maxLevel else {
            throw location.error(
                .recursionLimit,
                "sections, blocks and partials nested more than \(Renderer.maxLevel) levels deep while rendering")
        }
        level += 1
    }
}
