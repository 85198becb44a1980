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

var statusPath = "/var/lib/dpkg/status"
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--status":
        guard let path = arguments.popFirst() else {
            fputs("ripple-terminal-sample: --status needs a file\n\n" + usage, stderr)
            exit(2)
        }
        statusPath = path
    case "-h", "--help":
        print(usage, terminator: "")
        exit(0)
    default:
        fputs("ripple-terminal-sample: unknown argument '\(argument)'\n\n" + usage, stderr)
        exit(2)
    }
}

let catalog = DpkgCatalog(path: statusPath)
TerminalApp.run { _ in
    PackageSearchScreen(viewModel: PackageSearchViewModel(catalog: catalog))
}
