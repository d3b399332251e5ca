/// The bytes of a compiled table: what a build step writes so that an app loads its routes
/// without reading JSON, parsing patterns or building a trie (see `RouteManifest.compileTable`).
///
/// Fields are written one after another, little-endian, with no padding: integers as 4 or 8
/// bytes, a string as its UTF-8 length (4 bytes) and bytes. The trie's literal slots are copied
/// whole (``LiteralTable/Slot``, 32 bytes), so an image records the slot size and the byte order
/// of the machine that wrote it and is refused by one that differs.
package enum TableImage {
  /// The format of the images this version writes and reads; an image of another is refused.
  ///
  /// Bumped whenever the bytes a manifest compiles to change, or what they mean: the layout, the
  /// literal table's hash (slots lie where it puts them), the order of parameter edges, host
  /// spellings. A test pins the checksum of one manifest's image, so a change that moves the
  /// bytes fails until this is bumped.
  package static let formatVersion: UInt32 = 1

  /// A 64-bit checksum of `bytes`, for telling a damaged or different file from the one written.
  ///
  /// Four lanes over 8-byte words, each word mixed in by an xor and a multiplication by an odd
  /// constant (a one-to-one step, so a change to any one word always changes its lane), the
  /// lanes' multiplications overlapping; the tail byte by byte; then the lanes folded with the
  /// length and mixed. Not cryptographic: it catches damage and a stale file, not a forged one
  /// (see `RouteManifest.compileTable`).
  package static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let odd: UInt64 = 0x9E37_79B9_7F4A_7C15
    var lanes: (UInt64, UInt64, UInt64, UInt64) = (
      0xCBF2_9CE4_8422_2325, 0x1000_0000_01B3, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9
    )
    var offset = 0
    if let base = bytes.baseAddress {
      while offset + 32 <= bytes.count {
        lanes.0 = (lanes.0 ^ base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* odd
        lanes.1 = (lanes.1 ^ base.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)) &* odd
        lanes.2 = (lanes.2 ^ base.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)) &* odd
        lanes.3 = (lanes.3 ^ base.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)) &* odd
        offset += 32
      }
    }
    var folded =
      LiteralTable.mix(lanes.0) ^ LiteralTable.mix(lanes.1 &+ 1) ^ LiteralTable.mix(lanes.2 &+ 2)
      ^ LiteralTable.mix(lanes.3 &+ 3)
    while offset < bytes.count {
      folded = (folded ^ UInt64(bytes[offset])) &* odd
      offset += 1
    }
    return LiteralTable.mix(folded ^ UInt64(bytes.count))
  }
}

/// Why an image was not read: the first check it failed, in words for a log line.
package struct ImageError: Error, Sendable {
  package let reason: String

  package init(_ reason: String) {
    self.reason = reason
  }
}

/// Writes an image's fields in order (see ``TableImage``).
///
/// Texts are written once each, in a table of their own (``strings``), and a field names its
/// text by number (``text(_:)``): most of a table's texts repeat (parameter names, affixes,
/// targets, tabs), and a reader then makes each `String` once.
package struct ImageWriter {
  package private(set) var bytes: [UInt8] = []
  /// Every text ``text(_:)`` was given, in the order first given.
  package private(set) var strings: [String] = []
  // By their bytes, not by `String` equality, which would merge canonically equivalent texts.
  private var numbers: [[UInt8]: UInt32] = [:]

  package init() {}

  /// A text, by its number in ``strings``.
  package mutating func text(_ value: String) {
    let key = Array(value.utf8)
    if let number = numbers[key] {
      uint32(number)
    } else {
      let number = UInt32(strings.count)
      numbers[key] = number
      strings.append(value)
      uint32(number)
    }
  }

  /// A text or none (`UInt32.max`).
  package mutating func optionalText(_ value: String?) {
    if let value { text(value) } else { uint32(.max) }
  }

  /// The table of texts: their count, then each as ``string(_:)`` writes it.
  package mutating func stringTable(_ strings: [String]) {
    uint32(UInt32(strings.count))
    for string in strings { self.string(string) }
  }

  package mutating func uint32(_ value: UInt32) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  package mutating func uint64(_ value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  package mutating func int32(_ value: Int32) {
    uint32(UInt32(bitPattern: value))
  }

  /// Any `Int`, as 8 bytes.
  package mutating func int(_ value: Int) {
    uint64(UInt64(bitPattern: Int64(value)))
  }

  package mutating func bool(_ value: Bool) {
    bytes.append(value ? 1 : 0)
  }

  package mutating func byte(_ value: UInt8) {
    bytes.append(value)
  }

  package mutating func string(_ value: String) {
    var text = value
    text.withUTF8 { utf8 in
      uint32(UInt32(utf8.count))
      bytes.append(contentsOf: utf8)
    }
  }

  package mutating func raw(_ buffer: UnsafeRawBufferPointer) {
    bytes.append(contentsOf: buffer)
  }

  /// Overwrites 8 bytes at `offset` (a field written before its value was known).
  package mutating func patch(_ value: UInt64, at offset: Int) {
    withUnsafeBytes(of: value.littleEndian) { field in
      for index in 0..<8 { bytes[offset + index] = field[index] }
    }
  }
}

/// Reads an image's fields in order, every read checked against the bytes left: a short or
/// damaged image throws ``ImageError``, never reads past its end.
package struct ImageReader {
  private let bytes: UnsafeRawBufferPointer
  package private(set) var offset: Int
  /// The texts ``text()`` names, read by ``readStringTable()``.
  private var strings: [String] = []

  /// Reads `bytes` from `offset`; the bytes must outlive the reader.
  package init(_ bytes: UnsafeRawBufferPointer, from offset: Int = 0) {
    self.bytes = bytes
    self.offset = offset
  }

  package var remaining: Int { bytes.count - offset }

  private mutating func take(_ count: Int) throws(ImageError) -> Int {
    guard count >= 0, count <= remaining else { throw ImageError("the compiled table ends early") }
    defer { offset += count }
    return offset
  }

  package mutating func uint32() throws(ImageError) -> UInt32 {
    let start = try take(4)
    return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt32.self))
  }

  package mutating func uint64() throws(ImageError) -> UInt64 {
    let start = try take(8)
    return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self))
  }

  package mutating func int32() throws(ImageError) -> Int32 {
    Int32(bitPattern: try uint32())
  }

  package mutating func int() throws(ImageError) -> Int {
    let value = Int64(bitPattern: try uint64())
    guard let fitted = Int(exactly: value) else { throw ImageError("a number of the compiled table is out of range") }
    return fitted
  }

  package mutating func byte() throws(ImageError) -> UInt8 {
    bytes[try take(1)]
  }

  package mutating func bool() throws(ImageError) -> Bool {
    switch try byte() {
    case 0: return false
    case 1: return true
    default: throw ImageError("a flag of the compiled table is neither 0 nor 1")
    }
  }

  /// A count of things each at least `size` bytes long: no more than the bytes left could hold,
  /// so a damaged count cannot ask for a huge allocation.
  package mutating func count(each size: Int) throws(ImageError) -> Int {
    let count = Int(try uint32())
    guard count * Swift.max(size, 1) <= remaining else {
      throw ImageError("a count of the compiled table is too large")
    }
    return count
  }

  package mutating func string() throws(ImageError) -> String {
    let count = Int(try uint32())
    let start = try take(count)
    return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<start + count]), as: UTF8.self)
  }

  /// Reads the table of texts that ``text()`` names (see ``ImageWriter/stringTable(_:)``).
  package mutating func readStringTable() throws(ImageError) {
    let count = try self.count(each: 4)
    strings.reserveCapacity(count)
    for _ in 0..<count { strings.append(try string()) }
  }

  /// A text, by its number in the table.
  package mutating func text() throws(ImageError) -> String {
    let number = Int(try uint32())
    guard number < strings.count else { throw ImageError("a text of the compiled table is damaged") }
    return strings[number]
  }

  /// A text or none.
  package mutating func optionalText() throws(ImageError) -> String? {
    let number = try uint32()
    if number == .max { return nil }
    guard Int(number) < strings.count else { throw ImageError("a text of the compiled table is damaged") }
    return strings[Int(number)]
  }

  /// The number of a text, for a reader that keeps what it made of each text (see ``text()``).
  package mutating func textNumber() throws(ImageError) -> Int? {
    let number = try uint32()
    if number == .max { return nil }
    guard Int(number) < strings.count else { throw ImageError("a text of the compiled table is damaged") }
    return Int(number)
  }

  /// The text of a number ``textNumber()`` returned.
  package func text(numbered number: Int) -> String { strings[number] }

  /// How many texts the table holds.
  package var textCount: Int { strings.count }

  /// The next `count` bytes, where they lie.
  package mutating func raw(_ count: Int) throws(ImageError) -> UnsafeRawBufferPointer {
    let start = try take(count)
    return UnsafeRawBufferPointer(rebasing: bytes[start..<start + count])
  }
}
