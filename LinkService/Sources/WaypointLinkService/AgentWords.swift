/// Which of up to 64 lower-case ASCII words occur in a text, ASCII case ignored, found in one
/// pass over the text.
///
/// The words are indexed by their first byte, so each byte of the text tries only the words
/// that start with it: a `User-Agent` of 120 bytes costs 120 table reads and a handful of
/// comparisons, where looking for forty words in turn read the agent forty times and took most of
/// a redirect's time. ``Visitor/init(referenceUserAgent:)`` keeps that plain search, and the
/// tests hold the two to the same answers.
struct AgentWords: Sendable {
  /// The words, lower case, each as bytes.
  let words: [[UInt8]]
  /// For each byte value, the positions in ``words`` of the words that start with it.
  private let starting: [[Int]]

  /// A set of `words`: lower-case ASCII, none empty, at most 64.
  init(_ words: [String]) {
    precondition(words.count <= 64, "AgentWords holds 64 words at most")
    self.words = words.map { Array($0.utf8) }
    var starting = [[Int]](repeating: [], count: 256)
    for (index, word) in self.words.enumerated() {
      precondition(word.first.map { Self.lower($0) == $0 } == true, "a word is lower-case ASCII, not empty")
      starting[Int(word[0])].append(index)
    }
    self.starting = starting
  }

  /// The words found in `text`: bit `i` set when `words[i]` occurs in it.
  func found(in text: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var found: UInt64 = 0
    for start in text.indices {
      for index in starting[Int(Self.lower(text[start]))] where found & (1 << index) == 0 {
        let word = words[index]
        guard start + word.count <= text.count else { continue }
        var offset = 1
        while offset < word.count, Self.lower(text[start + offset]) == word[offset] { offset += 1 }
        if offset == word.count { found |= 1 << index }
      }
    }
    return found
  }

  /// `byte` with ASCII `A`–`Z` made lower case.
  static func lower(_ byte: UInt8) -> UInt8 {
    byte &- 65 < 26 ? byte | 0x20 : byte
  }
}
