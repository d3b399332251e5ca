import Foundation
import Testing

@Suite("waypoint resolve")
struct ResolveCommandTests {
  @Test("JSON lines follow the contract exactly, in input order")
  func jsonLines() throws {
    let output = try CLIRunner.run([
      "resolve", "--format", "json", "notes://note/42?tag=a&tag=b#top", "notes://files/a/b%2Fc", "notes://n/7?ref=x",
      "/auth/google",
    ])
    #expect(output.status == 0)
    #expect(
      output.lines == [
        #"{"url":"notes://note/42?tag=a&tag=b#top","matched":true,"name":"note.show","pattern":"notes://note/<int:id>","target":"NoteEditor","parameters":{"id":"42","mode":"read"},"rest":null,"query":{"tag":["a","b"]},"fragment":"top","redirect":null}"#,
        #"{"url":"notes://files/a/b%2Fc","matched":true,"name":"files","pattern":"notes://files/*path","target":"FileBrowser","parameters":{"path":"a/b/c"},"rest":["a","b/c"],"query":{},"fragment":null,"redirect":null}"#,
        #"{"url":"notes://n/7?ref=x","matched":true,"name":"legacy.note","pattern":"notes://n/<int:id>","target":null,"parameters":{"id":"7"},"rest":null,"query":{"ref":["x"]},"fragment":null,"redirect":"notes://note/7?ref=x"}"#,
        #"{"url":"/auth/google","matched":true,"name":"auth.provider","pattern":"/auth/:provider","target":"OAuth","parameters":{"provider":"google"},"rest":null,"query":{},"fragment":null,"redirect":null}"#,
      ])
  }

  @Test("an unmatched or invalid URL is an error object and exit 1")
  func unmatched() throws {
    let output = try CLIRunner.run(["resolve", "--format", "json", "/nowhere", "/x/%zz", "notes://home"])
    #expect(output.status == 1)
    #expect(output.lines.count == 3)
    #expect(
      output.lines[0]
        == #"{"url":"/nowhere","matched":false,"error":{"code":"notFound","message":"no route matches '/nowhere'"}}"#)
    #expect(
      output.lines[1].hasPrefix(
        #"{"url":"/x/%zz","matched":false,"error":{"code":"invalidURL","message":"invalid URL '/x/%zz': invalid percent-escape '%zz'"#
      ))
    #expect(output.lines[2].contains(#""matched":true"#))
  }

  @Test("URLs come from standard input when none are given; blank lines and CRs are skipped")
  func standardInput() throws {
    let output = try CLIRunner.run(["resolve", "--format", "json"], stdin: "notes://home\r\n\n/chart/2.5\n")
    #expect(output.status == 0)
    #expect(output.lines.count == 2)
    #expect(output.lines[0].hasPrefix(#"{"url":"notes://home","matched":true,"name":"home""#))
    #expect(output.lines[1].contains(#""parameters":{"scale":"2.5"}"#))
  }

  @Test("an external origin reaches only public routes; internal ones answer as unknown")
  func externalOrigin() throws {
    let inside = try CLIRunner.run(["resolve", "--format", "json", "/settings/privacy"])
    #expect(inside.status == 0)
    let outside = try CLIRunner.run([
      "resolve", "--format", "json", "--origin", "external", "/settings/privacy", "/settingz/privacy",
    ])
    #expect(outside.status == 1)
    #expect(
      outside.lines[0]
        == #"{"url":"/settings/privacy","matched":false,"error":{"code":"notFound","message":"no route matches '/settings/privacy'"}}"#
    )
    #expect(
      outside.lines[1]
        == #"{"url":"/settingz/privacy","matched":false,"error":{"code":"notFound","message":"no route matches '/settingz/privacy'"}}"#
    )
  }

  @Test("JSON strings are escaped")
  func escaping() throws {
    let output = try CLIRunner.run(["resolve", "--format", "json", #"/settings/a%22b%5Cc%0A"#])
    #expect(output.lines.first?.contains(#""parameters":{"section":"a\"b\\c\n"}"#) == true)
    let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
    #expect((object?["parameters"] as? [String: String])?["section"] == "a\"b\\c\n")
  }

  @Test("text output is for people")
  func text() throws {
    let output = try CLIRunner.run(["resolve", "notes://note/42"])
    #expect(output.status == 0)
    #expect(output.stdout.contains("→ note.show  notes://note/<int:id>"))
    #expect(output.stdout.contains("parameters  id=42  mode=read"))
  }

  @Test("usage and manifest errors exit 2")
  func usageErrors() throws {
    let missing = try CLIRunner.run(["resolve", "--manifest", "/no/such/file.json", "/a"])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("cannot read the manifest '/no/such/file.json'"))
    let broken = try CLIRunner.temporaryFile(#"{"routes": [{"pattern": "/a", "nmae": "x"}]}"#)
    let invalid = try CLIRunner.run(["resolve", "--manifest", broken, "/a"])
    #expect(invalid.status == 2)
    #expect(invalid.stderr.contains("routes[0] field 'nmae': unknown field 'nmae'"))
    #expect(try CLIRunner.run(["resolve", "--format", "yaml", "/a"]).status == 2)
    #expect(try CLIRunner.run(["resolve", "--bogus"]).status == 2)
    #expect(try CLIRunner.run(["frobnicate"]).status == 2)
    #expect(try CLIRunner.run(["--help"]).status == 0)
  }

  @Test("a user manifest with its own options")
  func customManifest() throws {
    let path = try CLIRunner.temporaryFile(
      #"{"options": {"caseSensitive": false, "trailingSlash": "strict"}, "routes": [{"name": "a", "pattern": "/Docs/:page/"}]}"#
    )
    let output = try CLIRunner.run(["resolve", "--manifest", path, "--format", "json", "/DOCS/Intro/", "/docs/intro"])
    #expect(output.status == 1)
    #expect(output.lines[0].contains(#""parameters":{"page":"Intro"}"#))
    #expect(output.lines[1].contains(#""matched":false"#))
  }

  @Test("the text form says where a route's screen goes: tab, column, the screens under it, the presented policy")
  func placement() throws {
    let path = try CLIRunner.temporaryFile(
      #"{"routes": [{"name": "thread", "pattern": "app://thread/<int:id>", "target": "Thread", "tab": "inbox", "#
        + #""column": "secondary", "under": ["Inbox", "Threads"], "presented": "dismiss"}]}"#)
    let output = try CLIRunner.run(["resolve", "--manifest", path, "app://thread/7"])
    #expect(output.status == 0)
    #expect(
      output.lines.contains("    placement   tab inbox, column secondary, under Inbox › Threads, presented dismiss"),
      "\(output.lines)")
  }
}
