/// A QR code of a link (ISO/IEC 18004): its text in byte mode at error-correction level M, in
/// the smallest version from 1 to 10 that holds it (213 bytes at most), with the mask of the
/// lowest penalty; drawn as SVG, offline.
///
/// ```swift
/// let code = try QRCode("https://notes.example.com/l/welcome")
/// try code.svg.write(toFile: "welcome.svg", atomically: true, encoding: .utf8)
/// ```
package struct QRCode: Sendable, Equatable {
  /// The version, 1 to 10: the code is `17 + 4 × version` modules a side.
  package let version: Int
  /// The mask pattern applied to the data, 0 to 7.
  package let mask: Int
  /// The modules a side.
  package var size: Int { 17 + 4 * version }
  /// Whether each module is dark, row by row.
  private var dark: [Bool]
  /// Whether each module belongs to a function pattern (finders, timing, alignment, format and
  /// version information), which the data and the mask leave alone.
  private var function: [Bool]

  /// What cannot be encoded.
  package enum Failure: Error, Equatable, CustomStringConvertible {
    /// The text is longer than version 10 at level M holds.
    case tooLong(bytes: Int)
    /// The mask asked for is not 0 to 7.
    case badMask(Int)

    package var description: String {
      switch self {
      case .tooLong(let bytes): "a QR code here holds 213 bytes at most; this text has \(bytes)"
      case .badMask(let mask): "a mask is 0 to 7, not \(mask)"
      }
    }
  }

  /// Encodes `text`.
  ///
  /// - Parameters:
  ///   - text: What the code says, as UTF-8 bytes.
  ///   - mask: The mask pattern to apply; `nil` (the default) chooses the one of lowest penalty.
  /// - Throws: ``Failure/tooLong(bytes:)`` over 213 bytes, ``Failure/badMask(_:)`` for a mask
  ///   outside 0 to 7.
  package init(_ text: String, mask: Int? = nil) throws(Failure) {
    let bytes = Array(text.utf8)
    guard let version = (1...10).first(where: { Self.capacity(of: $0) >= bytes.count }) else {
      throw .tooLong(bytes: bytes.count)
    }
    if let mask, !(0...7).contains(mask) { throw .badMask(mask) }
    let size = 17 + 4 * version
    let blank = [Bool](repeating: false, count: size * size)
    var unmasked = QRCode(version: version, mask: 0, dark: blank, function: blank)
    unmasked.drawFunctionPatterns()
    unmasked.drawCodewords(Self.codewords(of: bytes, version: version))
    if let mask {
      self = unmasked.applied(mask)
    } else {
      let candidates = (0...7).map { unmasked.applied($0) }
      self = candidates.min { $0.penalty < $1.penalty } ?? candidates[0]
    }
  }

  /// Whether the module at column `x`, row `y` is dark.
  package func isDark(x: Int, y: Int) -> Bool { dark[y * size + x] }

  /// The code as an SVG image: one square path of the dark modules, on white with the four
  /// modules of quiet zone the standard asks for.
  package var svg: String {
    let side = size + 8
    var path = ""
    for y in 0..<size {
      for x in 0..<size where isDark(x: x, y: y) { path += "M\(x + 4),\(y + 4)h1v1h-1z" }
    }
    return """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges">\
      <rect width="\(side)" height="\(side)" fill="#fff"/><path d="\(path)" fill="#000"/></svg>

      """
  }

  // MARK: - Level M, versions 1 to 10

  /// Per version: the error-correction codewords of a block, and the blocks with their data
  /// codewords (ISO/IEC 18004, table 9, level M).
  private static let blocks: [(ecc: Int, data: [Int])] = [
    (10, [16]), (16, [28]), (26, [44]), (18, [32, 32]), (24, [43, 43]), (16, [27, 27, 27, 27]),
    (18, [31, 31, 31, 31]), (22, [38, 38, 39, 39]), (22, [36, 36, 36, 37, 37]), (26, [43, 43, 43, 43, 44]),
  ]

  /// The centres of the alignment patterns on each axis, per version (table E.1).
  private static let alignment: [[Int]] = [
    [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50],
  ]

  /// The bytes `version` holds in byte mode: its data codewords less the mode and count.
  static func capacity(of version: Int) -> Int {
    let data = blocks[version - 1].data.reduce(0, +)
    return data - (version < 10 ? 2 : 3)
  }

  /// The codewords of `bytes` in `version`, data and error correction interleaved by block.
  static func codewords(of bytes: [UInt8], version: Int) -> [UInt8] {
    let layout = blocks[version - 1]
    let dataCount = layout.data.reduce(0, +)
    // Mode 0100 (bytes), the count, the bytes, up to four zero bits, then the pad bytes.
    var bits: [Bool] = []
    func append(_ value: Int, _ count: Int) {
      for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
    }
    append(0b0100, 4)
    append(bytes.count, version < 10 ? 8 : 16)
    for byte in bytes { append(Int(byte), 8) }
    append(0, min(4, dataCount * 8 - bits.count))
    while bits.count % 8 != 0 { bits.append(false) }
    var data: [UInt8] = stride(from: 0, to: bits.count, by: 8).map { start in
      bits[start..<start + 8].reduce(0) { $0 << 1 | ($1 ? 1 : 0) }
    }
    var pad: UInt8 = 0xEC
    while data.count < dataCount {
      data.append(pad)
      pad = pad == 0xEC ? 0x11 : 0xEC
    }
    // Split into blocks, each with its Reed-Solomon remainder; then interleave.
    var split: [[UInt8]] = []
    var start = 0
    for count in layout.data {
      split.append(Array(data[start..<start + count]))
      start += count
    }
    let generator = ReedSolomon.generator(degree: layout.ecc)
    let remainders = split.map { ReedSolomon.remainder(of: $0, generator: generator) }
    var result: [UInt8] = []
    for index in 0..<(layout.data.max() ?? 0) {
      for block in split where index < block.count { result.append(block[index]) }
    }
    for index in 0..<layout.ecc {
      for remainder in remainders { result.append(remainder[index]) }
    }
    return result
  }

  // MARK: - Drawing

  private mutating func set(_ x: Int, _ y: Int, _ isDark: Bool, function isFunction: Bool = true) {
    dark[y * size + x] = isDark
    if isFunction { function[y * size + x] = true }
  }

  /// Finders with their separators, timing patterns, alignment patterns, the dark module, and
  /// the format and version information (the format drawn for mask 0 until the mask is chosen).
  private mutating func drawFunctionPatterns() {
    for index in 0..<size {
      set(6, index, index % 2 == 0)
      set(index, 6, index % 2 == 0)
    }
    for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] {
      for dy in -4...4 {
        for dx in -4...4 where (0..<size).contains(x + dx) && (0..<size).contains(y + dy) {
          let distance = max(abs(dx), abs(dy))
          set(x + dx, y + dy, distance != 2 && distance != 4)
        }
      }
    }
    let centres = Self.alignment[version - 1]
    for (i, y) in centres.enumerated() {
      for (j, x) in centres.enumerated() {
        // Not over the finders.
        if (i == 0 && j == 0) || (i == 0 && j == centres.count - 1) || (i == centres.count - 1 && j == 0) { continue }
        for dy in -2...2 {
          for dx in -2...2 { set(x + dx, y + dy, max(abs(dx), abs(dy)) != 1) }
        }
      }
    }
    drawFormat(mask: 0)
    if version >= 7 {
      var remainder = version
      for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
      let bits = version << 12 | remainder
      for index in 0..<18 {
        let bit = (bits >> index) & 1 == 1
        let a = size - 11 + index % 3
        let b = index / 3
        set(a, b, bit)
        set(b, a, bit)
      }
    }
  }

  /// The 15 format bits (level M, `mask`, BCH-protected) in both copies, and the dark module.
  private mutating func drawFormat(mask: Int) {
    let data = 0b00 << 3 | mask  // level M's two bits are 00
    var remainder = data
    for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
    let bits = (data << 10 | remainder) ^ 0x5412
    func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
    for index in 0...5 { set(8, index, bit(index)) }
    set(8, 7, bit(6))
    set(8, 8, bit(7))
    set(7, 8, bit(8))
    for index in 9..<15 { set(14 - index, 8, bit(index)) }
    for index in 0..<8 { set(size - 1 - index, 8, bit(index)) }
    for index in 8..<15 { set(8, size - 15 + index, bit(index)) }
    set(8, size - 8, true)
  }

  /// The codewords' bits in the zigzag of two-module columns, from the bottom right, skipping
  /// the vertical timing column and every function module.
  private mutating func drawCodewords(_ codewords: [UInt8]) {
    var index = 0
    var right = size - 1
    while right >= 1 {
      if right == 6 { right = 5 }
      for vertical in 0..<size {
        for offset in 0..<2 {
          let x = right - offset
          let upward = (right + 1) & 2 == 0
          let y = upward ? size - 1 - vertical : vertical
          guard !function[y * size + x] else { continue }
          // The remainder bits after the last codeword stay light.
          if index < codewords.count * 8 {
            set(x, y, (codewords[index >> 3] >> (7 - index & 7)) & 1 == 1, function: false)
            index += 1
          }
        }
      }
      right -= 2
    }
  }

  /// This code with `mask` applied to its data modules and named in its format information.
  private func applied(_ mask: Int) -> QRCode {
    var code = self
    for y in 0..<size {
      for x in 0..<size where !function[y * size + x] {
        let flip =
          switch mask {
          case 0: (x + y) % 2 == 0
          case 1: y % 2 == 0
          case 2: x % 3 == 0
          case 3: (x + y) % 3 == 0
          case 4: (x / 3 + y / 2) % 2 == 0
          case 5: x * y % 2 + x * y % 3 == 0
          case 6: (x * y % 2 + x * y % 3) % 2 == 0
          default: ((x + y) % 2 + x * y % 3) % 2 == 0
          }
        if flip { code.dark[y * size + x].toggle() }
      }
    }
    code.drawFormat(mask: mask)
    return QRCode(version: version, mask: mask, dark: code.dark, function: function)
  }

  private init(version: Int, mask: Int, dark: [Bool], function: [Bool]) {
    self.version = version
    self.mask = mask
    self.dark = dark
    self.function = function
  }

  /// The standard's penalty of the drawn code (section 7.8.3): runs of five or more, 2 × 2
  /// blocks, finder-like 1:1:3:1:1 runs beside four light modules, and the dark share's
  /// distance from half.
  var penalty: Int {
    var score = 0
    let lines: [[Bool]] =
      (0..<size).map { y in (0..<size).map { x in isDark(x: x, y: y) } }
      + (0..<size).map { x in (0..<size).map { y in isDark(x: x, y: y) } }
    let finderLike: [Bool] = [true, false, true, true, true, false, true]
    let light = [Bool](repeating: false, count: 4)
    for line in lines {
      var run = 1
      for index in 1...line.count {
        if index < line.count, line[index] == line[index - 1] {
          run += 1
        } else {
          if run >= 5 { score += 3 + run - 5 }
          run = 1
        }
      }
      for start in 0...(line.count - 11) {
        let window = Array(line[start..<start + 11])
        if window == finderLike + light || window == light + finderLike { score += 40 }
      }
    }
    for y in 0..<(size - 1) {
      for x in 0..<(size - 1) {
        let colour = isDark(x: x, y: y)
        if isDark(x: x + 1, y: y) == colour, isDark(x: x, y: y + 1) == colour, isDark(x: x + 1, y: y + 1) == colour {
          score += 3
        }
      }
    }
    let total = size * size
    let darkCount = dark.filter { $0 }.count
    score += ((abs(darkCount * 20 - total * 10) + total - 1) / total - 1) * 10
    return score
  }
}

/// Reed-Solomon error correction over GF(256) with the QR code's polynomial
/// x⁸ + x⁴ + x³ + x² + 1 (0x11D).
enum ReedSolomon {
  /// The product of two field elements.
  static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
    var result = 0
    var a = Int(a)
    var b = Int(b)
    while b > 0 {
      if b & 1 == 1 { result ^= a }
      a <<= 1
      if a & 0x100 != 0 { a ^= 0x11D }
      b >>= 1
    }
    return UInt8(result)
  }

  /// The generator polynomial (x − α⁰)(x − α¹)…(x − α^(degree−1)), its coefficients highest
  /// power first, the leading 1 left out.
  static func generator(degree: Int) -> [UInt8] {
    var coefficients = [UInt8](repeating: 0, count: degree)
    coefficients[degree - 1] = 1
    var root: UInt8 = 1
    for _ in 0..<degree {
      for index in 0..<degree {
        coefficients[index] = multiply(coefficients[index], root)
        if index + 1 < degree { coefficients[index] ^= coefficients[index + 1] }
      }
      root = multiply(root, 0x02)
    }
    return coefficients
  }

  /// The remainder of `data` × x^degree divided by `generator`: the block's error-correction
  /// codewords.
  static func remainder(of data: [UInt8], generator: [UInt8]) -> [UInt8] {
    var result = [UInt8](repeating: 0, count: generator.count)
    for byte in data {
      let factor = byte ^ result[0]
      result.removeFirst()
      result.append(0)
      for index in 0..<generator.count { result[index] ^= multiply(generator[index], factor) }
    }
    return result
  }
}
