import Foundation

/// Checks a JSON value against the parts of JSON Schema (2020-12) that one schema uses.
///
/// `Schemas/apple-app-site-association.schema.json` uses `type`, `required`, `properties`,
/// `additionalProperties`, `items`, `minItems`, `maxItems`, `pattern`, `$ref` to `#/$defs/…`,
/// `anyOf` and `oneOf`. Any other keyword in the schema is reported, so the check cannot pass by
/// ignoring a rule. `Scripts/cli-smoke.sh` checks the same output with Python's `jsonschema`.
struct JSONSchemaCheck {
  let root: [String: Any]

  static let annotations: Set<String> = ["$schema", "$id", "title", "$comment", "$defs"]
  static let known: Set<String> = [
    "type", "required", "properties", "additionalProperties", "items", "minItems", "maxItems", "pattern", "$ref",
    "anyOf", "oneOf",
  ]

  /// The schema file of the repository.
  static func load(_ relativePath: String) throws -> JSONSchemaCheck {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(relativePath)
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    return JSONSchemaCheck(root: object as? [String: Any] ?? [:])
  }

  /// The problems of `value`, each with its JSON path; empty when it is valid.
  func problems(_ value: Any) -> [String] {
    problems(value, root, at: "$")
  }

  private func problems(_ value: Any, _ schema: [String: Any], at path: String) -> [String] {
    var found: [String] = []
    for key in schema.keys where !Self.known.contains(key) && !Self.annotations.contains(key) {
      found.append("\(path): the schema uses '\(key)', which this check does not know")
    }
    if let reference = schema["$ref"] as? String {
      let name = String(reference.dropFirst("#/$defs/".count))
      guard let definitions = root["$defs"] as? [String: Any], let target = definitions[name] as? [String: Any] else {
        return found + ["\(path): unknown reference \(reference)"]
      }
      found += problems(value, target, at: path)
    }
    if let type = schema["type"] as? String, !Self.value(value, is: type) {
      return found + ["\(path): expected \(type)"]
    }
    if let object = value as? [String: Any] {
      for key in schema["required"] as? [String] ?? [] where object[key] == nil {
        found.append("\(path): '\(key)' is required")
      }
      let properties = schema["properties"] as? [String: Any] ?? [:]
      for (key, item) in object {
        if let property = properties[key] as? [String: Any] {
          found += problems(item, property, at: "\(path).\(key)")
        } else if schema["additionalProperties"] as? Bool == false {
          found.append("\(path): '\(key)' is not allowed")
        } else if let additional = schema["additionalProperties"] as? [String: Any] {
          found += problems(item, additional, at: "\(path).\(key)")
        }
      }
    }
    if let array = value as? [Any] {
      if let minimum = schema["minItems"] as? Int, array.count < minimum {
        found.append("\(path): fewer than \(minimum) items")
      }
      if let maximum = schema["maxItems"] as? Int, array.count > maximum {
        found.append("\(path): more than \(maximum) items")
      }
      if let items = schema["items"] as? [String: Any] {
        for (index, item) in array.enumerated() { found += problems(item, items, at: "\(path)[\(index)]") }
      }
    }
    if let pattern = schema["pattern"] as? String, let text = value as? String {
      if text.range(of: pattern, options: .regularExpression) == nil {
        found.append("\(path): '\(text)' does not match \(pattern)")
      }
    }
    if let choices = schema["anyOf"] as? [[String: Any]],
      !choices.contains(where: { problems(value, $0, at: path).isEmpty })
    {
      found.append("\(path): matches none of anyOf")
    }
    if let choices = schema["oneOf"] as? [[String: Any]],
      choices.filter({ problems(value, $0, at: path).isEmpty }).count != 1
    {
      found.append("\(path): does not match exactly one of oneOf")
    }
    return found
  }

  private static func value(_ value: Any, is type: String) -> Bool {
    switch type {
    case "object": return value is [String: Any]
    case "array": return value is [Any]
    case "string": return value is String
    case "boolean":
      // JSONSerialization gives booleans as numbers of ObjC type `c` (char).
      if let number = value as? NSNumber { return String(cString: number.objCType) == "c" }
      return value is Bool
    default: return false
    }
  }
}
