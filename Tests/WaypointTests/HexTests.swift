import Testing
import Waypoint

@Suite("Hex")
struct HexTests {
  @Test("two lowercase digits a byte, a leading zero kept, nothing for no bytes")
  func lowercase() {
    #expect(Hex.lowercase([0x0f, 0xa0, 0x00, 0xff]) == "0fa000ff")
    #expect(Hex.lowercase([UInt8]()) == "")
    #expect(Hex.lowercase(0...255).utf8.count == 512)
  }
}
