import ArgumentParser
import Foundation

/// The `waypoint` command: resolves, lints and prints routes of a manifest, and runs the demo.
@main
struct WaypointCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "waypoint",
    abstract:
      "Resolve URLs against a Waypoint route manifest, lint it, list it, print URLs and typed-link source from it; sign and verify links and manifests.",
    discussion: "Without --manifest, every subcommand uses the bundled example manifest (Examples/routes.json).",
    subcommands: [
      ResolveCommand.self, LintCommand.self, RoutesCommand.self, URLCommand.self, GenerateCommand.self,
      DemoCommand.self,
      KeygenCommand.self, SignCommand.self, VerifyCommand.self, AASACommand.self, GraphCommand.self,
      DoctorCommand.self, AndroidCommand.self, CompileCommand.self, LinksCommand.self,
    ]
  )

  /// Runs the command with the exit codes of the CLI contract: usage and manifest errors exit 2,
  /// not ArgumentParser's 64.
  static func main() async {
    do {
      var command = try parseAsRoot()
      if var asynchronous = command as? any AsyncParsableCommand {
        try await asynchronous.run()
      } else {
        try command.run()
      }
    } catch let failure as CommandFailure {
      if !failure.message.isEmpty { standardError(failure.message) }
      Foundation.exit(failure.status)
    } catch let code as ExitCode {
      Foundation.exit(code.rawValue)
    } catch {
      if exitCode(for: error) == .success { exit(withError: error) }
      standardError(fullMessage(for: error))
      Foundation.exit(CommandFailure.usageStatus)
    }
  }
}

/// A failure the CLI reports with a message and an exit status.
struct CommandFailure: Error {
  let message: String
  let status: Int32

  /// Usage and manifest errors.
  static let usageStatus: Int32 = 2

  static func usage(_ message: String) -> CommandFailure { CommandFailure(message: message, status: usageStatus) }
}

/// Writes a line to standard error.
func standardError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}
