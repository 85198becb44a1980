// ripple-terminal-sample: RippleTerminal's sample app — search the packages
// installed on this machine, full screen in the terminal.
//
//     swift run ripple-terminal-sample                 # dpkg's database
//     swift run ripple-terminal-sample --status FILE   # another status file

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import RippleTerminal
import TerminalSample

let usage = """
    usage: ripple-terminal-sample [--status FILE]

    Searches the packages installed on this machine (dpkg's status database,
    /var/lib/dpkg/status, or FILE), full screen. Type to filter, Tab to move between
    the field, the list and the Reload button, arrows to select, Esc to clear the
    search, Ctrl-Z to suspend, Ctrl-C to quit.

    """

/// Prints `message` and the usage to standard error and exits with status 2.
func refuse(_ message: String) -> Never {
    let text = Array("ripple-terminal-sample: \(message)\n\n\(usage)".utf8)
    _ = text.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(2)
}

var statusPath = "/var/lib/dpkg/status"
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--status":
        guard let path = arguments.popFirst() else { refuse("--status needs a file") }
        statusPath = path
    case "-h", "--help":
        print(usage, terminator: "")
        exit(0)
    default:
        refuse("unknown argument '\(argument)'")
    }
}

let catalog = DpkgCatalog(path: statusPath)
TerminalApp.run { _ in
    PackageSearchScreen(viewModel: PackageSearchViewModel(catalog: catalog))
}
