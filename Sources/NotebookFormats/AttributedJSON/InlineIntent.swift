/// The bits of `NSInlinePresentationIntent`.
enum InlineIntent {
    static let emphasized = 1
    static let stronglyEmphasized = 2
    static let code = 4
    static let strikethrough = 32
    static let softBreak = 64
    static let lineBreak = 128
    static let inlineHTML = 256
    static let blockHTML = 512
    static let all = emphasized | stronglyEmphasized | code | strikethrough | softBreak | lineBreak | inlineHTML | blockHTML
}
