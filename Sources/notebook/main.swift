import Foundation
import NotebookCLI

#if os(Linux)
import CMalloc

// glibc's fast bins make every large allocation (a growing array of pages or nodes) first
// consolidate the small chunks freed before it, and a build frees millions of them.
notebook_disable_fast_bins()
#endif

var terminal = Terminal.process()
let status = NotebookCommandLine.run(Array(CommandLine.arguments.dropFirst()), terminal: &terminal)
// Findings first, then the summary, as a compiler ends with its count of errors.
FileHandle.standardError.write(Data(terminal.stderr.utf8))
FileHandle.standardOutput.write(Data(terminal.stdout.utf8))
exit(status)
