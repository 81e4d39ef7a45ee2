import Foundation
import NotebookCLI

#if os(Linux)
import CMalloc

// Asked once, so that the executable keeps jemalloc, and with it jemalloc's malloc and free.
var version: UnsafePointer<CChar>? = nil
var size = MemoryLayout<UnsafePointer<CChar>?>.size
_ = mallctl("version", &version, &size, nil, 0)
#endif

var terminal = Terminal.process()
let status = NotebookCommandLine.run(Array(CommandLine.arguments.dropFirst()), terminal: &terminal)
// Findings first, then the summary, as a compiler ends with its count of errors.
FileHandle.standardError.write(Data(terminal.stderr.utf8))
FileHandle.standardOutput.write(Data(terminal.stdout.utf8))
exit(status)
