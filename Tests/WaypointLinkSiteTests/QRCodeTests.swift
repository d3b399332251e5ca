import Testing

@testable import WaypointLinkSite

@Suite("QR codes")
struct QRCodeTests {
  /// The code's modules in the fixtures' form.
  static func rows(_ code: QRCode) -> [String] {
    (0..<code.size).map { y in String((0..<code.size).map { x in code.isDark(x: x, y: y) ? "#" : "." }) }
  }

  @Test("every module matches a reference encoder's, at versions 3, 8 (version information) and 10 (a 16-bit count)")
  func matchesReference() throws {
    for reference in referenceCodes {
      let code = try QRCode(reference.text, mask: reference.mask)
      #expect(code.version == reference.version, "\(reference.text.prefix(40))…")
      let rows = Self.rows(code)
      for (index, (mine, theirs)) in zip(rows, reference.rows).enumerated() where mine != theirs {
        Issue.record("version \(code.version), row \(index): \(mine) is not \(theirs)")
      }
      #expect(rows.count == reference.rows.count)
    }
  }

  @Test("the chosen mask is the one of lowest penalty, and the format information names it")
  func chosenMask() throws {
    let text = "https://notes.example.com/l/welcome"
    let chosen = try QRCode(text)
    let penalties = try (0...7).map { try QRCode(text, mask: $0).penalty }
    #expect(chosen.penalty == penalties.min())
    #expect(penalties[chosen.mask] == penalties.min())
  }

  @Test("Reed-Solomon: the remainder of the standard's example block (ISO/IEC 18004, annex I)")
  func reedSolomon() {
    // "01234567" in numeric mode at 1-M: 16 data codewords, 10 error-correction codewords.
    let data: [UInt8] = [16, 32, 12, 86, 97, 128, 236, 17, 236, 17, 236, 17, 236, 17, 236, 17]
    let remainder = ReedSolomon.remainder(of: data, generator: ReedSolomon.generator(degree: 10))
    #expect(remainder == [165, 36, 212, 193, 237, 54, 199, 135, 44, 85])
  }

  @Test("sizes: the smallest version that holds the text; 213 bytes at most; masks 0 to 7")
  func limits() throws {
    #expect(try QRCode("").version == 1)
    #expect(try QRCode(String(repeating: "a", count: 14)).version == 1)
    #expect(try QRCode(String(repeating: "a", count: 15)).version == 2)
    #expect(try QRCode(String(repeating: "a", count: 213)).version == 10)
    #expect(throws: QRCode.Failure.tooLong(bytes: 214)) { try QRCode(String(repeating: "a", count: 214)) }
    #expect(throws: QRCode.Failure.badMask(8)) { try QRCode("a", mask: 8) }
    #expect(try QRCode("é").version == 1, "UTF-8 bytes")
  }

  @Test("the SVG draws each dark module once, inside a four-module quiet zone")
  func svg() throws {
    let code = try QRCode("https://notes.example.com/l/welcome")
    let svg = code.svg
    let dark = Self.rows(code).joined().filter { $0 == "#" }.count
    #expect(svg.ranges(of: "h1v1h-1z").count == dark)
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 37 37\""))
    #expect(!svg.contains("M0,") && !svg.contains("M3,"), "nothing in the quiet zone")
  }
}
