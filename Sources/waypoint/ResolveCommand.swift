import ArgumentParser
import Waypoint

/// `waypoint resolve`: matches URLs against the manifest.
struct ResolveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "resolve",
    abstract: "Match URLs against the manifest.",
    discussion: """
      Reads URLs from standard input, one per line, when none are given. Exits 0 when every URL \
      matched, 1 when any did not, 2 for a usage or manifest error.
      """
  )

  enum OriginOption: String, ExpressibleByArgument, CaseIterable {
    case `internal`, external
  }

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, json
  }

  @OptionGroup var manifest: ManifestOptions

  @Option(help: "Where the links come from: an external link reaches only public routes.")
  var origin: OriginOption = .internal

  @Option(help: "text for people, json for one object per URL per line.")
  var format: Format = .text

  @Argument(help: "The URLs to resolve.")
  var urls: [String] = []

  func run() throws {
    let router = try manifest.router()
    let origin: Origin = self.origin == .external ? .external() : .internal
    var allMatched = true
    func resolve(_ url: String) {
      let resolution = router.resolve(url, origin: origin)
      if resolution.route == nil { allMatched = false }
      switch format {
      case .json: print(ResolutionOutput.json(resolution).rendered)
      case .text: print(([url] + ResolutionOutput.lines(resolution).map { "  " + $0 }).joined(separator: "\n"))
      }
    }
    if urls.isEmpty {
      while let line = readLine(strippingNewline: true) {
        let url = line.hasSuffix("\r") ? String(line.dropLast()) : line
        if !url.isEmpty { resolve(url) }
      }
    } else {
      urls.forEach(resolve)
    }
    if !allMatched { throw ExitCode(1) }
  }
}
