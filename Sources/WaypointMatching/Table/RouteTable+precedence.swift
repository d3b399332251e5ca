extension RouteTable {
  /// The routes in the order the matcher prefers them: priority, then restriction to a scheme
  /// (then a host), then specificity segment by segment (with every optional group present),
  /// then registration order.
  package var routesInPrecedenceOrder: [Route<Payload>] {
    // Read once: a route keeps its pattern as text (see ``RouteInfo``).
    let patterns = index.patterns
    let order = index.infos.indices.sorted { left, right in
      let (lhs, rhs) = (index.infos[left], index.infos[right])
      if lhs.priority != rhs.priority { return lhs.priority > rhs.priority }
      let (lhsPattern, rhsPattern) = (patterns[left], patterns[right])
      let (left, right) = (lhsPattern.restriction, rhsPattern.restriction)
      if left != right { return left > right }
      let (leftRanks, rightRanks) = (lhsPattern.ranks, rhsPattern.ranks)
      for (l, r) in zip(leftRanks, rightRanks) where l != r { return l > r }
      if leftRanks.count != rightRanks.count { return leftRanks.count > rightRanks.count }
      return lhs.position < rhs.position
    }
    return order.map { Route(index.infos[$0], in: index, payload: payloads[$0]) }
  }
}

extension RoutePattern {
  /// 2 when restricted to a scheme and host, 1 to a scheme, 0 to neither.
  var restriction: Int {
    (scheme == nil ? 0 : 1) + (host == nil ? 0 : 1)
  }

  /// Each segment's rank with every optional group present.
  var ranks: [SegmentRank] {
    segments.map { segment in
      switch segment.kind {
      case .literal: return .literal
      case .parameter(let parameter): return parameter.rank
      case .rest: return .rest
      }
    }
  }
}
