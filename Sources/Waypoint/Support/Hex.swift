/// Bytes written as hexadecimal digits.
package enum Hex {
  /// `bytes` as lowercase hexadecimal, two digits a byte: `[0x0f, 0xa0]` is `"0fa0"`.
  package static func lowercase(_ bytes: some Sequence<UInt8>) -> String {
    bytes.map { byte in
      let hex = String(byte, radix: 16)
      return byte < 16 ? "0" + hex : hex
    }.joined()
  }
}
