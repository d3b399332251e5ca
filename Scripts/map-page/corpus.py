"""Links for comparing the map page's resolver with `waypoint resolve`: each page's examples, then
seeded variations of them that probe what the resolver must read alike (case, slashes, escapes,
limits, typed values, hosts, queries, fragments, schemes)."""

import random

TOKENS = [
    "", "42", "-7", "+5", "007", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
    "1e3", "2.5", ".5", "5.", "0x1p3", "0x10", "0x.8", "inf", "NaN", "1e400", "3.4028236e38", "1_0",
    "true", "FALSE", "yes", "1", "0", "6F9619FF-8B86-D011-B42D-00C04FC964FF",
    "6f9619ff-8b86-d011-b42d-00c04fc964ff", "6F9619FF-8B86-D011-B42D-00C04FC964F", "a", "Sample", "me",
    "ME", "fixed", "note-", "note-x", "x.json", "item-.json", "item-7.json", "ITEM-7.JSON", "v1-x",
    "vv-x", "7.txt", "7.TXT", "%41", "%2F", "%2f", "%zz", "%C3%A9", "%FF", "%e9", "\u00e9", "\u0661\u0662",
    "12", "x", "aaa", ".", "..", "%2E%2E", "%2e", "a%00b", "terms:v2", "terms%3Av2", "a+b", "a%20b",
    "google", "callback", "end", "page", "Users", "users", "Search", "search", "files", "deep", "Home",
    "Lit", "Caps", "any", "enc", "a%0Ab", "\U0001F600", "x" * 45, "%", "\ufeff", "%EF%BB%BF",
    "%EF%BB%BF42", "constructor", "toString", "__proto__", "hasOwnProperty", "5%00x", "0x0p99999",
    "3.4028235677973366e38", "0x1.fffffep127", "1.7976931348623159e308", "nan(1)", "e%CC%81", "%C3%A9",
    "a-b", "a%1Bb", "a%0Bb", "a%C2%85b", "%E4%BA%94", " 1", "1 ", "\u00a0", "\u2028", "\u3000x",
    "..%2F%CC%81x", "..%5C\u0301", "x\u0600%2F..", "caf\u00e9", "cafe\u0301", "caf%C3%A9", "cafe%CC%81",
]
QUERIES = [
    "?a=1", "?a=1&a=2&b", "?x-success=foo", "?x-cancel=", "?to=app://Users/42", "?to=", "?term=hello",
    "?term=%zz", "?q=%2B+x", "?&&", "?a=%C3%A9", "?%FF=1", "?ref=mail#x", "?to=notes://note/7",
    "?%C3%A9=1&e%CC%81=2", "?e%CC%81=x://y", "?constructor=1", "?x-SUCCESS=a", "?%EF%BB%BFa=1",
    "?a=1&\u0301b=2", "?x=1\u0600&x-success=y", "?a=%FF&\u0301b=%zz", "?a=1\u0600&b=2",
]
FRAGMENTS = ["#top", "#a=b", "#docs/a/b", "#%zz", "#", "#x%20y", "#term=t", "#a/%CC%81b", "#a/\u0301b", "#a=1&\u0301b=2"]
SCHEMES = ["app", "APP", "notes", "Notes", "https", "HTTP", "http", "myapp", "x-y.z+1", "1bad"]
HOSTS = [
    "example.com", "EXAMPLE.com", "sub.example.org", "example.org", "evil.com", "notes.example.com",
    "user:pw@example.com:8080", "[::1]:80", "exa%6Dple.com", "example.com:", "Host", "host",
    "%D8%80.example.org", "e%CC%81xample.com", "constructor", "\ufeffexample.com",
]


def split(url):
    """The link as (before the path, path segments, after the path)."""
    cut = len(url)
    for mark in "?#":
        index = url.find(mark)
        if index >= 0:
            cut = min(cut, index)
    head, tail = url[:cut], url[cut:]
    start = head.find("://")
    if start >= 0:
        slash = head.find("/", start + 3)
        prefix, path = (head, "") if slash < 0 else (head[:slash], head[slash:])
    else:
        prefix, path = "", head
    return prefix, path.split("/"), tail


def mutate(url, rng):
    prefix, parts, tail = split(url)
    kind = rng.randrange(15)
    if kind == 0:
        chars = list(url)
        for _ in range(rng.randrange(1, 4)):
            index = rng.randrange(len(chars)) if chars else 0
            if chars:
                chars[index] = chars[index].swapcase()
        return "".join(chars)
    if kind == 1:
        index = rng.randrange(len(parts))
        parts.insert(index, "")
    elif kind == 2:
        parts.append("")
    elif kind == 3 and len(parts) > 1:
        parts.pop()
    elif kind == 4:
        parts.append(rng.choice(TOKENS))
    elif kind in (5, 6):
        index = rng.randrange(len(parts))
        parts[index] = rng.choice(TOKENS)
    elif kind == 7:
        tail = rng.choice(QUERIES) + tail
    elif kind == 8:
        tail = tail.split("#")[0] + rng.choice(FRAGMENTS)
    elif kind == 9:
        if prefix:
            rest = prefix.split("://", 1)[1]
            prefix = rng.choice(SCHEMES) + "://" + rest
        else:
            prefix = rng.choice(SCHEMES) + "://" + rng.choice(HOSTS)
    elif kind == 10:
        prefix = "" if rng.randrange(2) else rng.choice(SCHEMES) + ":"
    elif kind == 11 and prefix:
        prefix = prefix.split("://", 1)[0] + "://" + rng.choice(HOSTS)
    elif kind == 12:
        index = rng.randrange(len(parts))
        parts[index] = parts[index] * rng.choice([2, 20, 80])
    elif kind == 13:
        index = rng.randrange(len(parts))
        parts[index] = "".join("%%%02X" % ord(c) if ord(c) < 128 and rng.randrange(2) else c for c in parts[index])
    else:
        prefix = prefix.split("://", 1)[0] + ":///" if prefix else "//"
    return prefix + "/".join(parts) + tail


def corpus(examples, others, count, seed):
    """`examples`, then `count` variations (of an example, or one time in five of a link from
    `others`), each of one to three mutations, without repeats or line breaks."""
    rng = random.Random(seed)
    links, seen = [], set()
    for link in examples + others:
        if link and link not in seen and "\n" not in link and "\r" not in link:
            seen.add(link)
            links.append(link)
    bases = list(links)
    own = [link for link in bases if link in examples] or bases
    while len(links) < len(bases) + count:
        link = rng.choice(own if rng.randrange(5) else bases)
        for _ in range(rng.randrange(1, 4)):
            link = mutate(link, rng)
        if link and link not in seen and "\n" not in link and "\r" not in link:
            seen.add(link)
            links.append(link)
    return links
