/// Every literal edge of the trie in one open-addressing hash table, keyed by the parent node and
/// the segment's bytes.
///
/// A lookup reads the URL's bytes where they lie; no `String` or `Substring` is made, hashed or
/// retained on the way. A literal of up to 16 bytes (nearly all of them) is stored in its slot, so
/// a lookup touches one slot and no other memory, which keeps large tables fast; longer literals
/// are compared with a pool of bytes. A slot is 32 bytes, two to a cache line, and says what a
/// search needs of the child (``RouteTrie/ChildSummary``), so a step that only passes through the
/// child does not read it. Built tables are sized to be three quarters full (``finish(_:)``).
struct LiteralTable: Sendable {
  // The fields are ordered so a slot takes 32 bytes.
  struct Slot: Sendable {
    /// The literal packed as in ``Key`` when it has at most 16 bytes; else `head` is its offset in the pool.
    var head: UInt64 = 0
    var tail: UInt64 = 0
    /// The child node, or -1 for an empty slot.
    var child: Int32 = -1
    var parent: Int32 = -1
    /// The literal's length in bytes (at most `RoutePattern.maxLength`).
    var storedLength: UInt16 = 0
    /// The high bits of the hash, compared before the bytes.
    var check: UInt16 = 0
    /// What a search learns of the child from the slot, set by ``finish(_:)``.
    var childSummary = RouteTrie.ChildSummary.none

    /// The literal's length in bytes.
    var length: Int { Int(storedLength) }
  }

  /// A segment's bytes, ready to look up: packed into two words when short.
  ///
  /// A text of 8 to 16 bytes is its first and its last eight bytes (they overlap below 16), one
  /// of 4 to 7 its first and last four, a shorter one its first, middle and last byte. With the
  /// length, that determines the text, and it takes two loads instead of a copy.
  struct Key {
    let text: UnsafeBufferPointer<UInt8>
    var head: UInt64 = 0
    var tail: UInt64 = 0
    let hash: UInt64

    @inline(__always)
    init(parent: Int32, _ text: UnsafeBufferPointer<UInt8>) {
      self.text = text
      let count = text.count
      if count <= 16 {
        if let base = text.baseAddress {
          let raw = UnsafeRawPointer(base)
          if count >= 8 {
            head = raw.loadUnaligned(as: UInt64.self)
            tail = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
          } else if count >= 4 {
            head = UInt64(raw.loadUnaligned(as: UInt32.self))
            tail = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
          } else if count > 0 {
            head = UInt64(base[0]) | UInt64(base[count / 2]) << 8 | UInt64(base[count - 1]) << 16
          }
        }
        hash = LiteralTable.shortHash(head: head, tail: tail, parent: parent, count: count)
      } else {
        hash = LiteralTable.hash(parent, text)
      }
    }
  }

  /// The slots, in memory aligned to a cache line (see ``AlignedBuffer``); a hash picks a slot
  /// with ``start(_:)``, and a probe moves to the next one, from the last to the first.
  private var slots = AlignedBuffer(repeating: Slot(), count: 16)
  private(set) var pool: [UInt8] = []
  private(set) var count = 0

  /// How many slots the table has.
  var capacity: Int { slots.count }

  /// A child found by ``child(of:_:)``.
  struct Hit {
    let child: Int32
    let summary: RouteTrie.ChildSummary
  }

  /// The child reached from `parent` over the literal `text`, or `nil`.
  @inline(__always)
  func child(of parent: Int32, _ text: UnsafeBufferPointer<UInt8>) -> Hit? {
    let key = Key(parent: parent, text)
    let check = UInt16(truncatingIfNeeded: key.hash >> 48)
    let base = slots.base
    let capacity = slots.count
    var index = Self.start(key.hash, capacity)
    while true {
      let slot = base + index
      if slot.pointee.child < 0 { return nil }
      if slot.pointee.check == check, slot.pointee.parent == parent, slot.pointee.length == text.count,
        matches(slot.pointee, key)
      {
        return Hit(child: slot.pointee.child, summary: slot.pointee.childSummary)
      }
      index = index + 1 == capacity ? 0 : index + 1
    }
  }

  @inline(__always)
  private func matches(_ slot: Slot, _ key: Key) -> Bool {
    if key.text.count <= 16 { return slot.head == key.head && slot.tail == key.tail }
    return pool.withUnsafeBufferPointer { pool in
      let offset = Int(slot.head)
      for index in 0..<key.text.count where pool[offset + index] != key.text[index] { return false }
      return true
    }
  }

  /// Adds the edge from `parent` over `text` to `child`; the edge must be new.
  mutating func insert(parent: Int32, _ text: UnsafeBufferPointer<UInt8>, child: Int32) {
    // At most three quarters full: a hit probes about two slots on average, in one or two cache lines.
    // A literal lies in a pattern, which the parser keeps to `RoutePattern.maxLength` bytes.
    precondition(text.count <= RoutePattern.maxLength, "a literal is at most RoutePattern.maxLength bytes")
    if (count + 1) * 4 > slots.count * 3 { grow() } else { makeUnique() }
    let key = Key(parent: parent, text)
    var slot = Slot(
      child: child, parent: parent, storedLength: UInt16(text.count), check: UInt16(truncatingIfNeeded: key.hash >> 48))
    if text.count <= 16 {
      slot.head = key.head
      slot.tail = key.tail
    } else {
      slot.head = UInt64(pool.count)
      pool.append(contentsOf: text)
    }
    place(slot, hash: key.hash)
    count += 1
  }

  /// Records in every slot its child's summary, as `summary` gives it, and sizes the table to be
  /// three quarters full (left as it is when that is within an eighth of its size: moving every
  /// slot again, in an order no cache follows, would cost more than the space it saves); call
  /// once, after the last insert.
  mutating func finish(_ summary: (Int32) -> RouteTrie.ChildSummary) {
    let fitted = Swift.max(16, count + count / 3 + 1)
    if slots.count < fitted || slots.count - fitted > fitted / 8 { resize(to: fitted) }
    summarize(summary)
  }

  /// Records in every slot its child's summary, as `summary` gives it.
  mutating func summarize(_ summary: (Int32) -> RouteTrie.ChildSummary) {
    makeUnique()
    let base = slots.base
    for index in 0..<slots.count where base[index].child >= 0 {
      base[index].childSummary = summary(base[index].child)
    }
  }

  /// An empty table of 16 slots.
  init() {}

  /// A table from the slots and pool a compiled table holds (see `RouteIndex+image.swift`),
  /// which checked them; its summaries are set by ``summarize(_:)``.
  init(slots: AlignedBuffer<Slot>, pool: [UInt8], count: Int) {
    self.slots = slots
    self.pool = pool
    self.count = count
  }

  /// The slots as they lie, for writing a compiled table.
  var storedSlots: AlignedBuffer<Slot> { slots }

  /// How many slots a lookup of each stored edge reads, on average (1 when every edge is in its
  /// first slot): what the tests hold the hash and the load to.
  var averageProbeLength: Double {
    let base = slots.base
    var total = 0
    for index in 0..<slots.count where base[index].child >= 0 {
      let start = Self.start(rehash(base[index]), slots.count)
      total += (index - start + slots.count) % slots.count + 1
    }
    return count == 0 ? 0 : Double(total) / Double(count)
  }

  /// The slot a probe for `hash` starts at, among `capacity`: the hash's low 48 bits scaled to
  /// the capacity, which need not be a power of two (its top 16 bits are the slot's `check`).
  @inline(__always)
  static func start(_ hash: UInt64, _ capacity: Int) -> Int {
    Int(truncatingIfNeeded: (hash << 16).multipliedFullWidth(by: UInt64(capacity)).high)
  }

  /// Puts `slot` in the first free place from its hash on; the buffer must be uniquely referenced.
  private func place(_ slot: Slot, hash: UInt64) {
    let base = slots.base
    let capacity = slots.count
    var index = Self.start(hash, capacity)
    while base[index].child >= 0 { index = index + 1 == capacity ? 0 : index + 1 }
    base[index] = slot
  }

  /// Makes room for `edges` edges at most three quarters full, so adding them does not grow the table.
  mutating func reserveCapacity(_ edges: Int) {
    let needed = edges + edges / 3 + 1
    if needed > slots.count { resize(to: needed) }
  }

  private mutating func grow() {
    resize(to: slots.count * 2)
  }

  /// Moves every slot to a new buffer of `capacity` slots, which must hold them.
  private mutating func resize(to capacity: Int) {
    let old = slots
    slots = AlignedBuffer(repeating: Slot(), count: capacity)
    for index in 0..<old.count where old.base[index].child >= 0 {
      place(old.base[index], hash: rehash(old.base[index]))
    }
  }

  /// Copies the slots before a change if another table shares them, so tables stay values.
  private mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&slots) { slots = AlignedBuffer(copying: slots) }
  }

  /// The hash of a stored slot's key.
  private func rehash(_ slot: Slot) -> UInt64 {
    if slot.length <= 16 {
      return Self.shortHash(head: slot.head, tail: slot.tail, parent: slot.parent, count: slot.length)
    }
    return pool.withUnsafeBufferPointer { pool in
      Self.hash(slot.parent, UnsafeBufferPointer(rebasing: pool[Int(slot.head)..<Int(slot.head) + slot.length]))
    }
  }

  /// The hash of a text of at most 16 bytes, from its two packed words.
  @inline(__always)
  static func shortHash(head: UInt64, tail: UInt64, parent: Int32, count: Int) -> UInt64 {
    mix(
      (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F)
        ^ (UInt64(UInt32(bitPattern: parent)) << 32 | UInt64(count)))
  }

  /// FNV-1a over the parent and the text, eight bytes at a time, then mixed.
  static func hash(_ parent: Int32, _ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let prime: UInt64 = 0x100_0000_01B3
    var hash = (0xCBF2_9CE4_8422_2325 ^ UInt64(UInt32(bitPattern: parent))) &* prime
    var index = 0
    if let base = text.baseAddress {
      let raw = UnsafeRawPointer(base)
      while index + 8 <= text.count {
        hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* prime
        hash ^= hash >> 29
        index += 8
      }
    }
    while index < text.count {
      hash = (hash ^ UInt64(text[index])) &* prime
      index += 1
    }
    return mix(hash ^ UInt64(text.count))
  }

  /// A 64-bit finalizer (MurmurHash3's), so that every input bit reaches the low bits used as the index.
  @inline(__always)
  static func mix(_ value: UInt64) -> UInt64 {
    var hash = value
    hash ^= hash >> 33
    hash = hash &* 0xFF51_AFD7_ED55_8CCD
    hash ^= hash >> 33
    hash = hash &* 0xC4CE_B9FE_1A85_EC53
    return hash ^ (hash >> 33)
  }
}
