"use strict";
const WaypointResolver = (() => {
  const encoder = new TextEncoder();
  // A leading U+FEFF is text, as in Swift, not a byte order mark to drop.
  const strictDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  const lenientDecoder = new TextDecoder("utf-8", { ignoreBOM: true });
  const SLASH = 0x2f, PERCENT = 0x25, HASH = 0x23, QUESTION = 0x3f, PLUS = 0x2b, COLON = 0x3a;

  class LinkError extends Error {
    constructor(code, message) { super(message); this.code = code; }
  }

  const utf8 = (text) => encoder.encode(text);
  const text = (bytes) => lenientDecoder.decode(bytes);
  const isLetter = (b) => (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7a;
  const isDigit = (b) => b >= 0x30 && b <= 0x39;
  const isSchemeByte = (b) => isLetter(b) || isDigit(b) || b === PLUS || b === 0x2d || b === 0x2e;
  const asciiLower = (s) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
  // Data from the manifest is looked up by its own keys only: `constructor` is no route's.
  const own = (object, key) => (Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined);
  // Swift's String ==: canonical equivalence.
  const same = (a, b) => a === b || a.normalize("NFD") === b.normalize("NFD");
  // Swift's String <: Unicode scalar values of the NFC forms.
  function scalarOrder(a, b) {
    const x = Array.from(a.normalize("NFC"), (c) => c.codePointAt(0));
    const y = Array.from(b.normalize("NFC"), (c) => c.codePointAt(0));
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
    return x.length - y.length;
  }
  // Swift's Characters: extended grapheme clusters.
  const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
  const graphemes = (s) => Array.from(graphemeSegmenter.segment(s), (part) => part.segment);
  function hasSuffix(text, suffix) {
    const [whole, end] = [graphemes(text), graphemes(suffix)];
    if (end.length > whole.length) return false;
    return end.every((character, i) => same(whole[whole.length - end.length + i], character));
  }
  function hexValue(b) {
    if (b >= 0x30 && b <= 0x39) return b - 0x30;
    if (b >= 0x61 && b <= 0x66) return b - 0x61 + 10;
    if (b >= 0x41 && b <= 0x46) return b - 0x41 + 10;
    return -1;
  }
  function quoted(url) {
    return utf8(url).length <= 200 ? url : graphemes(url).slice(0, 200).join("") + "\u2026";
  }
  function invalid(url, message) {
    return new LinkError("invalidURL", `invalid URL '${quoted(url)}': ${message}`);
  }

  // PercentCoding.decode: `%XX` escapes (and `+` as a space when asked); throws
  // { escape: offset } or { utf8: true }.
  function percentDecode(bytes, plusAsSpace) {
    if (!bytes.some((b) => b === PERCENT || (plusAsSpace && b === PLUS))) return text(bytes);
    const out = [];
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i];
      if (b === PERCENT) {
        const high = i + 1 < bytes.length ? hexValue(bytes[i + 1]) : -1;
        const low = i + 2 < bytes.length ? hexValue(bytes[i + 2]) : -1;
        if (high < 0 || low < 0) throw { escape: i };
        out.push(high * 16 + low);
        i += 2;
      } else {
        out.push(plusAsSpace && b === PLUS ? 0x20 : b);
      }
    }
    try { return strictDecoder.decode(new Uint8Array(out)); } catch { throw { utf8: true }; }
  }

  // URLParser.parse: the link's scheme, host, segments (decoded, and lowered for literals when
  // matching ignores case), query and fragment, or an invalidURL error naming the rule broken.
  function parse(url, options) {
    const bytes = utf8(url);
    const count = bytes.length;
    if (count > options.maxURLLength) {
      throw invalid(url, `the URL is ${count} bytes, over the maxURLLength limit of ${options.maxURLLength}`);
    }
    let percent = false, fragmentMark = -1, queryMark = -1;
    for (let i = 0; i < count; i++) {
      const b = bytes[i];
      if (b < 0x20 || b === 0x7f) {
        throw invalid(url, `control character 0x${b.toString(16).toUpperCase()} at byte ${i}`);
      }
      if (b === PERCENT) percent = true;
      else if (b === HASH && fragmentMark < 0) fragmentMark = i;
      else if (b === QUESTION && queryMark < 0 && fragmentMark < 0) queryMark = i;
    }
    const slice = (start, end) => bytes.subarray(start, end);
    const decodeOrThrow = (raw, plusAsSpace, where) => {
      try { return percentDecode(raw, plusAsSpace); } catch (failure) {
        if (failure.utf8) throw invalid(url, `the ${where} does not decode to valid UTF-8`);
        const escape = text(raw.subarray(failure.escape, failure.escape + 3));
        throw invalid(url, `invalid percent-escape '${escape}' in the ${where}`);
      }
    };
    const checkLength = (length, index) => {
      if (length > options.maxSegmentLength) {
        throw invalid(url, `path segment ${index + 1} is ${length} bytes, over the maxSegmentLength limit of ${options.maxSegmentLength}`);
      }
    };
    const decodeSegment = (raw, index) => {
      if (!percent) return text(raw);
      const decoded = decodeOrThrow(raw, false, `path segment ${index + 1}`);
      return options.decodePath ? decoded : text(raw);
    };
    const fragmentStart = fragmentMark < 0 ? -1 : fragmentMark + 1;
    const queryEnd = fragmentMark < 0 ? count : fragmentMark;
    const queryStart = queryMark < 0 ? -1 : queryMark + 1;
    const end = queryMark < 0 ? queryEnd : queryMark;
    let scheme = null;
    if (end > 0 && isLetter(bytes[0])) {
      let i = 1;
      while (i < end && isSchemeByte(bytes[i])) i++;
      if (i < end && bytes[i] === COLON) scheme = { end: i, next: i + 1 };
    }
    let authority = null;
    const afterScheme = scheme ? scheme.next : 0;
    if (scheme && afterScheme + 1 < end && bytes[afterScheme] === SLASH && bytes[afterScheme + 1] === SLASH) {
      let i = afterScheme + 2;
      while (i < end && bytes[i] !== SLASH) i++;
      authority = { start: afterScheme + 2, end: i };
    }
    const schemeText = scheme ? text(slice(0, scheme.end)) : null;
    const segments = [];
    let host = null, firstSegmentIsHost = false;
    const pathStart = authority ? authority.end : afterScheme;
    if (authority && authority.end > authority.start) {
      const raw = slice(authority.start, authority.end);
      if (hostIsSegment(schemeText ?? "", options)) {
        checkLength(raw.length, 0);
        segments.push(asciiLower(decodeSegment(raw, 0)));
        firstSegmentIsHost = true;
      } else {
        const hostRaw = utf8(hostPart(text(raw)));
        host = asciiLower(percent ? decodeOrThrow(hostRaw, false, "host") : text(hostRaw));
      }
    }
    let segmentStart = pathStart, pathEnd = end, trailing = false;
    if (segmentStart < end && bytes[segmentStart] === SLASH) segmentStart++;
    if (pathEnd > segmentStart && bytes[pathEnd - 1] === SLASH) {
      trailing = true;
      pathEnd--;
    } else if (segmentStart === end && segmentStart > pathStart && segments.length > 0) {
      trailing = true;
    }
    if (pathEnd > segmentStart) {
      const keepEmpty = options.emptySegments === "keep";
      for (;;) {
        let stop = segmentStart;
        while (stop < pathEnd && bytes[stop] !== SLASH) stop++;
        if (stop > segmentStart || keepEmpty) {
          checkLength(stop - segmentStart, segments.length);
          segments.push(decodeSegment(slice(segmentStart, stop), segments.length));
        }
        if (stop >= pathEnd) break;
        segmentStart = stop + 1;
      }
    }
    const rawQuery = queryStart < 0 ? null : text(slice(queryStart, queryEnd));
    const rawFragment = fragmentStart < 0 ? null : text(slice(fragmentStart, count));
    if (percent) {
      const validateItems = (raw, where) => {
        for (const item of raw.split("&").filter((x) => x.length > 0)) {
          decodeOrThrow(utf8(item), options.plusAsSpace, where);
        }
      };
      if (rawQuery !== null) validateItems(rawQuery, "query");
      if (rawFragment !== null) {
        decodeOrThrow(utf8(rawFragment), false, "fragment");
        if (options.fragmentAsQuery) validateItems(rawFragment, "fragment");
      }
    }
    return {
      string: url, scheme: schemeText, lowercasedScheme: schemeText === null ? null : asciiLower(schemeText),
      host, segments, firstSegmentIsHost, hasTrailingSlash: trailing, rawQuery, rawFragment,
      folded: options.caseSensitive ? segments : segments.map(asciiLower),
    };
  }

  function hostIsSegment(scheme, options) {
    if (options.host === "segment") return true;
    if (options.host === "host") return false;
    const lowered = asciiLower(scheme);
    return lowered !== "http" && lowered !== "https";
  }

  // URLParser.hostPart: without user information and port.
  function hostPart(authority) {
    let host = authority;
    const at = host.lastIndexOf("@");
    if (at >= 0) host = host.slice(at + 1);
    if (host.startsWith("[")) {
      const close = host.indexOf("]");
      return close >= 0 ? host.slice(0, close + 1) : host;
    }
    const colon = host.lastIndexOf(":");
    if (colon >= 0 && /^[0-9]*$/.test(host.slice(colon + 1))) host = host.slice(0, colon);
    return host;
  }

  function queryItems(url, options) {
    const items = [];
    const add = (raw) => {
      for (const item of raw.split("&").filter((x) => x.length > 0)) {
        const equals = item.indexOf("=");
        const name = equals < 0 ? item : item.slice(0, equals);
        const value = equals < 0 ? "" : item.slice(equals + 1);
        const decoded = (s) => { try { return percentDecode(utf8(s), options.plusAsSpace); } catch { return s; } };
        items.push({ name: decoded(name), value: decoded(value) });
      }
    };
    if (url.rawQuery !== null) add(url.rawQuery);
    if (options.fragmentAsQuery && url.rawFragment !== null) add(url.rawFragment);
    return items;
  }

  function fragment(url) {
    if (url.rawFragment === null) return null;
    try { return percentDecode(utf8(url.rawFragment), false); } catch { return url.rawFragment; }
  }

  // The built-in parameter types (ParameterType.int, .double, .float, .uuid, .bool, .string).
  // Double and Float read through C's strtod and strtof: decimal or hexadecimal, stopping at a
  // NUL; a value is accepted when it rounds to a finite number, decided here exactly.
  const DECIMAL = /^[+-]?([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]+))?$/;
  const HEXADECIMAL = /^[+-]?0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?(?:[pP]([+-]?[0-9]+))?$/;
  const SPECIAL = /^[+-]?(inf|infinity|nan(\([0-9A-Za-z_]*\))?)$/i;
  // The least magnitude that rounds to infinity: the largest finite value plus half its ulp.
  const DOUBLE_LIMIT = 2n ** 1024n - 2n ** 970n, FLOAT_LIMIT = 2n ** 128n - 2n ** 103n;
  function finiteNumber(value, limit) {
    const text = value.split("\0")[0];
    if (SPECIAL.test(text)) return false;
    const hex = HEXADECIMAL.exec(text);
    const decimal = hex ? null : DECIMAL.exec(text);
    const parts = hex ?? decimal;
    if (!parts) return false;
    const [whole, fraction] = [parts[1] ?? "", parts[2] ?? ""];
    if (whole.length + fraction.length === 0) return false;
    if (hex && parts[2] === undefined && parts[3] === undefined && whole.length === 0) return false;
    const digits = (whole + fraction).replace(/^0+/, "");
    if (digits.length === 0) return true;
    const mantissa = BigInt((hex ? "0x" : "") + digits);
    const exponent = Number(parts[3] ?? 0);
    if (!Number.isFinite(exponent) || Math.abs(exponent) > 1e6) return exponent < 0;
    if (hex) {
      // mantissa × 2^(exponent − 4·fraction digits) < limit
      const shift = exponent - 4 * fraction.length;
      const bits = mantissa.toString(2).length + shift;
      if (bits > 1100) return false;
      if (bits < 0) return true;
      return shift >= 0 ? mantissa << BigInt(shift) < limit : mantissa < limit << BigInt(-shift);
    }
    // mantissa × 10^(exponent − fraction digits) < limit
    const shift = exponent - fraction.length;
    const magnitude = digits.length + shift;
    if (magnitude > 330) return false;
    if (magnitude < -10) return true;
    return shift >= 0 ? mantissa * 10n ** BigInt(shift) < limit : mantissa < limit * 10n ** BigInt(-shift);
  }
  const INT_MIN = -(2n ** 63n), INT_MAX = 2n ** 63n - 1n;
  const types = {
    int: (v) => /^[+-]?[0-9]+$/.test(v) && BigInt(v) >= INT_MIN && BigInt(v) <= INT_MAX,
    double: (v) => finiteNumber(v, DOUBLE_LIMIT),
    float: (v) => finiteNumber(v, FLOAT_LIMIT),
    uuid: (v) => /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(v),
    bool: (v) => ["true", "false", "1", "0"].includes(asciiLower(v)),
    string: (v) => v.length > 0,
  };

  // A route regex run as LinearRegex runs it: the compiled program simulated over the value's
  // scalars, every thread in step, so no regex takes more than linear time.
  // The page's data made ready once: literal children and regexes by their exact text (a Map
  // compares code units, as the trie compares bytes).
  let regexes = new Map(), shorthandRanges = {}, literalMaps = [];
  const prepared = new WeakMap();
  function prepare(data) {
    if (!prepared.has(data)) {
      prepared.set(data, {
        regexes: new Map(data.regexes.map((regex) => [regex.source, regex])),
        literals: data.table.nodes.map((node) => new Map(node.literals.map((edge) => [edge.text, edge.child]))),
      });
    }
    const ready = prepared.get(data);
    regexes = ready.regexes;
    literalMaps = ready.literals;
    shorthandRanges = data.shorthandRanges;
  }
  const isLineBreak = (c) => (c >= 0x0a && c <= 0x0d) || c === 0x85 || c === 0x2028 || c === 0x2029;
  function shorthand(kind, c) {
    if (c < 0x80) {
      if (kind === "digit") return c >= 0x30 && c <= 0x39;
      if (kind === "word") return ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x5f;
      return c === 0x20 || (c >= 0x09 && c <= 0x0d);
    }
    const ranges = own(shorthandRanges, kind) ?? [];
    let [low, high] = [0, ranges.length - 1];
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (c < ranges[middle][0]) high = middle - 1;
      else if (c > ranges[middle][1]) low = middle + 1;
      else return true;
    }
    return false;
  }
  function inSet(set, c) {
    const found = set.ranges.some(([low, high]) => c >= low && c <= high)
      || set.shorthands.some((entry) => shorthand(entry.kind, c) !== entry.inverted);
    return found !== set.inverted;
  }
  function runRegex(regex, value) {
    const program = regex.program;
    const scalars = Array.from(value, (c) => c.codePointAt(0));
    const stamps = new Int32Array(program.length);
    let stamp = 0;
    const follow = (start, into, atStart, atEnd) => {
      const stack = [start];
      while (stack.length > 0) {
        const pc = stack.pop();
        if (stamps[pc] === stamp) continue;
        stamps[pc] = stamp;
        const [op, a, b] = program[pc];
        if (op === 3) { stack.push(b); stack.push(a); }
        else if (op === 4) stack.push(a);
        else if (op === 5) { if (atStart) stack.push(pc + 1); }
        else if (op === 6) { if (atEnd) stack.push(pc + 1); }
        else into.push(pc);
      }
    };
    stamp = 1;
    let current = [];
    follow(0, current, true, scalars.length === 0);
    for (let i = 0; i < scalars.length; i++) {
      if (current.length === 0) return false;
      const c = scalars[i];
      stamp += 1;
      const next = [];
      for (const pc of current) {
        const [op, a] = program[pc];
        const accepts = op === 0 ? c === a : op === 1 ? inSet(regex.sets[a], c) : op === 2 ? !isLineBreak(c) : false;
        if (accepts) follow(pc + 1, next, false, i + 1 === scalars.length);
      }
      current = next;
    }
    return current.some((pc) => program[pc][0] === 7);
  }

  // ParameterConstraint.accepts; `null` when the page cannot tell (a type the app registers in code).
  function accepts(kind, constraint, value) {
    if (kind === "plain") return true;
    if (kind === "type") { const type = own(types, constraint); return type ? type(value) : null; }
    const regex = regexes.get(constraint);
    return regex ? runRegex(regex, value) : null;
  }

  // PatternParameter.value(in:folded:): the value a parameter edge reads from a segment, or null.
  function parameterValue(edge, segment, folded) {
    const plain = edge.kind === "plain" && edge.prefix === "" && edge.suffix === "";
    if (plain) return segment.length > 0 ? segment : null;
    const bytes = utf8(segment), foldedBytes = utf8(folded);
    const prefix = utf8(edge.prefix), suffix = utf8(edge.suffix);
    if (foldedBytes.length < prefix.length + suffix.length) return null;
    for (let i = 0; i < prefix.length; i++) if (foldedBytes[i] !== prefix[i]) return null;
    for (let i = 1; i <= suffix.length; i++) {
      if (foldedBytes[foldedBytes.length - i] !== suffix[suffix.length - i]) return null;
    }
    const value = text(bytes.subarray(prefix.length, bytes.length - suffix.length));
    if (value.length === 0 && edge.kind === "regex") return accepts(edge.kind, edge.constraint, value) ? value : null;
    return value.length > 0 && accepts(edge.kind, edge.constraint, value) ? value : null;
  }

  // HostAllowList.refuses: a web link to a host off the list reaches only routes naming a host.
  function allows(hosts, host) {
    if (hosts.length === 0) return true;
    const lowered = asciiLower(host);
    return hosts.some((entry) => {
      const e = asciiLower(entry);
      if (!e.startsWith("*.")) return same(e, lowered);
      return utf8(lowered).length > utf8(e).length - 1 && hasSuffix(lowered, e.slice(1));
    });
  }
  function refusesHost(data, url) {
    if (data.hosts.length === 0 || url.scheme === null) return false;
    if (url.lowercasedScheme !== "http" && url.lowercasedScheme !== "https") return false;
    if (url.host !== null) return !allows(data.hosts, url.host);
    if (!url.firstSegmentIsHost || url.segments.length === 0) return true;
    return !allows(data.hosts, hostPart(url.segments[0]));
  }

  // PriorityLayer.forEachRoot: the roots to search, in order.
  function roots(table, url, hostsOnly) {
    const found = [];
    for (const layer of table.layers) {
      const byScheme = url.lowercasedScheme === null ? undefined : own(layer.schemes, url.lowercasedScheme);
      if (byScheme) {
        const host = url.host === null ? undefined : Object.keys(byScheme.hosts).find((key) => same(key, url.host));
        if (host !== undefined) found.push(byScheme.hosts[host]);
        if (!hostsOnly && byScheme.anyHost >= 0) found.push(byScheme.anyHost);
      }
      if (!hostsOnly && layer.anyScheme >= 0) found.push(layer.anyScheme);
    }
    return found;
  }

  // RouteTrie.Search and RouteTable.Candidates: every terminal that matches, best first, each
  // route once (with its best spelling).
  function* terminals(data, url) {
    const table = data.table;
    const count = url.segments.length;
    const slash = data.options.trailingSlash === "strict" && url.hasTrailingSlash;
    const refused = (terminal) => !url.firstSegmentIsHost && table.terminals[terminal].hostOnly;
    const given = new Set();
    for (const root of roots(table, url, refusesHost(data, url))) {
      const frames = [{ node: root, segment: 0, phase: 0 }];
      while (frames.length > 0) {
        const frame = frames[frames.length - 1];
        const phase = frame.phase++;
        const node = table.nodes[frame.node];
        const segment = frame.segment;
        let terminal = -1;
        if (phase === 0) {
          if (segment === count) terminal = slash ? node.slashTerminal : node.terminal;
        } else if (phase === 1) {
          if (segment < count) {
            const child = literalMaps[frame.node].get(url.folded[segment]);
            if (child !== undefined) frames.push({ node: child, segment: segment + 1, phase: 0 });
          }
        } else if (phase - 2 < node.edges.length) {
          const edge = node.edges[phase - 2];
          if (segment < count && parameterValue(edge, url.segments[segment], url.folded[segment]) !== null) {
            frames.push({ node: edge.child, segment: segment + 1, phase: 0 });
          }
        } else if (phase - 2 === node.edges.length) {
          if (segment < count) terminal = slash ? node.restSlashTerminal : node.restTerminal;
        } else {
          frames.pop();
        }
        if (terminal >= 0 && !refused(terminal)) {
          const route = table.terminals[terminal].route;
          if (!given.has(route)) {
            given.add(route);
            yield terminal;
          }
        }
      }
    }
  }

  // PathParameters: each place's value, then a named rest joined with "/".
  function pathParameters(data, url, terminal) {
    const found = data.table.terminals[terminal];
    const values = [];
    for (const place of found.places) {
      const bytes = utf8(url.segments[place.segment]);
      values.push([place.name, text(bytes.subarray(place.prefixLength, bytes.length - place.suffixLength))]);
    }
    const rest = found.restStart === null || found.restStart === undefined ? null : url.segments.slice(found.restStart);
    if (rest !== null && found.restName) values.push([found.restName, rest.join("/")]);
    return { values, rest };
  }

  // DotSegmentPolicy.check, for an external link.
  function dotSegment(url, options) {
    const parts = [url.host, ...url.segments];
    for (const part of parts) {
      if (part === null || !part.includes(".") && !part.includes("%")) continue;
      let candidate = part;
      if (!options.decodePath) { try { candidate = percentDecode(utf8(part), false); } catch { candidate = part; } }
      for (const piece of candidate.split("/").flatMap((x) => x.split("\\"))) {
        if (piece === "." || piece === "..") return piece;
      }
    }
    return null;
  }

  // The link resolved as Router.resolve does: the route, its parameters (path, then defaults),
  // rest, query, fragment and redirect; or the error.
  function resolve(data, link, external) {
    prepare(data);
    const options = data.options;
    let url;
    try { url = parse(link, options); } catch (error) {
      if (error instanceof LinkError) return { url: link, matched: false, error: { code: error.code, message: error.message } };
      throw error;
    }
    if (external) {
      const found = dotSegment(url, options);
      if (found !== null) {
        return {
          url: link, matched: false,
          error: {
            code: "invalidURL",
            message: `'${link}' has a '${found}' path segment; a link from outside the app may not have '.' or '..' segments, literal or percent-encoded, because a value joined into a file path or web address would leave its folder (set RouterBuilder.dotSegments to .keep to allow them)`,
          },
        };
      }
    }
    const query = queryItems(url, options);
    for (const terminal of terminals(data, url)) {
      const route = data.routes[data.table.terminals[terminal].route];
      if (external && route.exposure !== "public") continue;
      const callback = ["x-success", "x-error", "x-cancel"]
        .map((key) => query.find((item) => same(item.name, key)))
        .find((item) => item !== undefined);
      if (callback) {
        return {
          url: link, matched: false, parsed: url,
          error: {
            code: "callbackNotAllowed",
            message: `the callback '${callback.value}' of '${link}' is not on the allow-list; no callback was opened`,
          },
        };
      }
      const path = pathParameters(data, url, terminal);
      const parameters = path.values.map(([name, value]) => [name, value]);
      const names = parameters.map(([name]) => name);
      for (const name of Object.keys(route.defaults).sort(scalarOrder)) {
        if (!names.some((given) => same(given, name))) parameters.push([name, route.defaults[name]]);
      }
      const grouped = [];
      for (const item of query) {
        const existing = grouped.find(([name]) => same(name, item.name));
        if (existing) existing[1].push(item.value); else grouped.push([item.name, [item.value]]);
      }
      return {
        url: link, matched: true, position: route.position, name: route.name ?? null, pattern: route.pattern,
        target: route.target ?? null, parameters, pathParameters: path.values, defaults: route.defaults,
        rest: path.rest, query: grouped, fragment: fragment(url),
        redirect: route.redirectPlan ? fillRedirect(route.redirectPlan, path, url, options) : null,
        parsed: url,
      };
    }
    return {
      url: link, matched: false, parsed: url,
      error: { code: "notFound", message: `no route matches '${link}'` },
    };
  }

  // PercentCoding.encode for a path segment (RFC 3986 pchar minus `+`) or a host.
  function encode(value, component) {
    let out = "";
    for (const b of utf8(value)) {
      const c = String.fromCharCode(b);
      const unreserved = /[A-Za-z0-9\-._~]/.test(c);
      const subDelimiter = "!$&'()*,;=".includes(c);
      const allowed = unreserved || subDelimiter || (component === "segment" ? ":@".includes(c) : "[]".includes(c));
      out += allowed && b < 0x80 ? c : "%" + b.toString(16).toUpperCase().padStart(2, "0");
    }
    return out;
  }

  // RedirectTemplate.fill: the target printed from the link's parameters, query and fragment.
  function fillRedirect(plan, path, url, options) {
    const query = () => queryItems(url, options);
    if (plan.wholeURLItem) {
      const item = query().find((entry) => same(entry.name, plan.wholeURLItem));
      return item && item.value.length > 0 ? item.value : null;
    }
    const byName = (name) => path.values.find(([given]) => same(given, name));
    const values = new Map();
    for (const segment of plan.segments) {
      if (segment.kind === "parameter") {
        const item = own(plan.queryItems, segment.name);
        if (item !== undefined) {
          const found = query().find((entry) => same(entry.name, item));
          if (found) values.set(segment.name, found.value);
        } else if (byName(segment.name)) {
          values.set(segment.name, byName(segment.name)[1]);
        }
      } else if (segment.kind === "rest" && segment.name) {
        if (segment.name === plan.fragmentParameter) {
          const text = fragment(url);
          if (text !== null) values.set(segment.name, text.split("/").filter((x) => x.length > 0));
        } else if (path.rest !== null) {
          values.set(segment.name, path.rest);
        }
      }
    }
    let groups = 0;
    for (let group = 0; group < plan.groupCount; group++) {
      const names = plan.segments.filter((s) => s.group === group && s.name).map((s) => s.name);
      if (names.length > 0 && names.every((name) => values.has(name))) groups |= 1 << group;
    }
    const printSegment = (value) => (plan.decodePath ? encode(value, "segment") : value);
    const printed = [];
    for (const segment of plan.segments) {
      if (segment.group !== null && segment.group !== undefined && ((groups >> segment.group) & 1) === 0) continue;
      if (segment.kind === "literal") { printed.push(printSegment(segment.text)); continue; }
      const value = segment.name ? values.get(segment.name) : undefined;
      if (value === undefined) return null;
      if (segment.kind === "rest") {
        if (!Array.isArray(value) || value.length === 0) return null;
        if (!plan.decodePath && value.some((v) => /[/?#]/.test(v))) return null;
        printed.push(...value.map(printSegment));
        continue;
      }
      if (Array.isArray(value)) return null;
      const ok = value.length === 0
        ? segment.constraintKind !== "plain" && accepts(segment.constraintKind, segment.constraint, "") === true
        : accepts(segment.constraintKind, segment.constraint, value) === true;
      if (!ok) return null;
      if (!plan.decodePath && /[/?#]/.test(value)) return null;
      printed.push(printSegment(segment.prefix) + printSegment(value) + printSegment(segment.suffix));
    }
    let filled = "";
    if (plan.scheme !== null && plan.scheme !== undefined) {
      filled = plan.scheme + "://";
      if (!plan.hostIsSegment) filled += encode(plan.host ?? "", "host") + (printed.length === 0 ? "" : "/");
      if (plan.hostIsSegment && !plan.firstSegmentIsHost && printed.length > 0) filled += "/";
    } else {
      filled = "/";
    }
    filled += printed.join("/");
    if (plan.hasTrailingSlash && printed.length > 0) filled += "/";
    if (url.rawQuery !== null) filled += "?" + url.rawQuery;
    if (!plan.fragmentParameter && url.rawFragment !== null) filled += "#" + url.rawFragment;
    return filled;
  }

  const RANKS = ["rest", "plain", "typed", "regex", "affixed", "literal"];
  function rank(segment) {
    if (segment.kind === "literal") return 5;
    if (segment.kind === "rest") return 0;
    if (segment.prefix || segment.suffix) return 4;
    return { regex: 3, type: 2, plain: 1 }[segment.constraintKind];
  }
  function describe(segment) {
    if (segment.kind === "literal") return `'${segment.text}'`;
    if (segment.kind === "rest") return segment.name ? `*${segment.name}` : "*";
    const body = segment.constraintKind === "regex" ? `:${segment.name}(${segment.constraint})`
      : segment.constraintKind === "type" ? `<${segment.constraint}:${segment.name}>` : `:${segment.name}`;
    return segment.prefix + body + segment.suffix;
  }

  // Why one spelling of a route does not take the link's segments: the first segment it refuses.
  function spellingMismatch(spelling, url, options) {
    const segments = url.segments;
    const hasRest = spelling.length > 0 && spelling[spelling.length - 1].kind === "rest";
    const fixed = hasRest ? spelling.length - 1 : spelling.length;
    for (let i = 0; i < fixed; i++) {
      if (i >= segments.length) return { at: i, reason: `the link ends after ${segments.length} segment(s); segment ${i + 1} must be ${describe(spelling[i])}` };
      const segment = spelling[i];
      if (segment.kind === "literal") {
        const wanted = options.caseSensitive ? segment.text : asciiLower(segment.text);
        const lowered = i === 0 && url.firstSegmentIsHost ? asciiLower(segment.text) : wanted;
        if (url.folded[i] !== wanted && url.folded[i] !== lowered) {
          return { at: i, reason: `segment ${i + 1} is '${segments[i]}', not ${describe(segment)}` };
        }
      } else {
        const edge = { kind: segment.constraintKind, constraint: segment.constraint, prefix: segment.prefix, suffix: segment.suffix };
        if (parameterValue(edge, segments[i], url.folded[i]) === null) {
          const check = edge.kind === "type" && !own(types, edge.constraint) ? " (a type the app registers; the page cannot check it)" : "";
          return { at: i, reason: `segment ${i + 1} '${segments[i]}' is not ${describe(segment)}${check}` };
        }
      }
    }
    if (hasRest && segments.length <= fixed) return { at: fixed, reason: `${describe(spelling[fixed])} needs at least one more segment` };
    if (!hasRest && segments.length > fixed) return { at: fixed, reason: `the link has ${segments.length} segments; the pattern takes ${fixed}` };
    return null;
  }

  // Why `route` does not open the link, or how it loses to the winner.
  function explain(data, route, answer, external) {
    prepare(data);
    const url = answer.parsed;
    if (!url) return answer.error ? answer.error.message : "";
    if (answer.matched && answer.position === route.position) return "opens the link";
    const options = data.options;
    if (route.scheme != null && route.scheme !== url.lowercasedScheme) {
      return url.scheme === null ? `needs the scheme ${route.scheme}:, and the link has none` : `needs the scheme ${route.scheme}:, not ${url.scheme}:`;
    }
    if (route.host != null && route.host !== url.host) {
      return url.host === null ? `needs the host ${route.host}` : `needs the host ${route.host}, not ${url.host}`;
    }
    if (route.host == null && refusesHost(data, url)) {
      return `the host ${url.host ?? url.segments[0] ?? ""} is not on the manifest's host allow-list`;
    }
    let best = null, fits = null;
    for (const spelling of route.spellings) {
      const mismatch = spellingMismatch(spelling.segments, url, options);
      if (mismatch === null) { best = null; fits = spelling; break; }
      if (best === null || mismatch.at > best.at) best = mismatch;
    }
    if (best !== null) return best.reason;
    // A spelling without segments is the root, which has no trailing slash to compare.
    const endsWithSlash = route.hasTrailingSlash && fits.segments.length > 0;
    if (options.trailingSlash === "strict" && url.hasTrailingSlash !== endsWithSlash) {
      return url.hasTrailingSlash ? "the link ends with '/', the pattern does not (trailingSlash: strict)" : "the pattern ends with '/', the link does not (trailingSlash: strict)";
    }
    if (external && route.exposure !== "public") return "matches, but it is internal: a link from outside the app reaches public routes only";
    if (!answer.matched) return answer.error ? `matches, but ${answer.error.message}` : "matches";
    const winner = data.routes[answer.position];
    const label = winner.name ?? winner.pattern;
    if (winner.priority !== route.priority) return `matches too; '${label}' wins with priority ${winner.priority} over ${route.priority}`;
    const restriction = (r) => (r.scheme == null ? 0 : 1) + (r.host == null ? 0 : 1);
    if (restriction(winner) !== restriction(route)) return `matches too; '${label}' wins: it names the link's ${restriction(winner) === 2 ? "scheme and host" : "scheme"}`;
    // Where the two spellings first differ in shape, the search chose: the more specific
    // kind first, and among alike kinds the shape the table met first.
    const fitting = (r) => r.spellings.find((spelling) => spellingMismatch(spelling.segments, url, options) === null);
    const [mine, theirs] = [fitting(route), fitting(winner)];
    const shape = (segment) => JSON.stringify([segment.kind, segment.kind === "literal" ? segment.text : "",
      segment.prefix ?? "", segment.suffix ?? "", segment.constraintKind ?? "", segment.constraint ?? ""]);
    if (mine && theirs) {
      for (let i = 0; i < Math.min(mine.segments.length, theirs.segments.length); i++) {
        const [a, b] = [mine.segments[i], theirs.segments[i]];
        if (shape(a) === shape(b)) continue;
        if (rank(b) > rank(a)) return `matches too; '${label}' is more specific at segment ${i + 1} (${RANKS[rank(b)]} beats ${RANKS[rank(a)]})`;
        if (rank(b) === rank(a)) return `matches too; at segment ${i + 1} ${describe(b)} and ${describe(a)} rank alike, and the search tries ${describe(b)} first: the table met that shape first`;
        return `matches too; the search reaches '${label}' first`;
      }
    }
    return `matches too; '${label}' comes first: it was registered earlier`;
  }

  // RouteRequest.urlValues: what a screen gets, path values first, then each query name's first
  // value, then the defaults, each name once.
  function screenValues(answer) {
    const values = [];
    const add = (name, value) => { if (!values.some(([given]) => same(given, name))) values.push([name, value]); };
    for (const [name, value] of answer.pathParameters) add(name, value);
    for (const [name, items] of answer.query) add(name, items[0]);
    for (const name of Object.keys(answer.defaults).sort(scalarOrder)) add(name, answer.defaults[name]);
    return values;
  }

  return { resolve, explain, screenValues };
})();
