import Foundation
import NotebookCLI

var terminal = Terminal.process()
let status = NotebookCommandLine.run(Array(CommandLine.arguments.dropFirst()), terminal: &terminal)
FileHandle.standardOutput.write(Data(terminal.stdout.utf8))
FileHandle.standardError.write(Data(terminal.stderr.utf8))
exit(status)
