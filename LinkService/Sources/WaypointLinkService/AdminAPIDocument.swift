/// The OpenAPI document of the link service's API, served at `/v1/openapi.json`.
///
/// Written by hand beside the routes; `AdminAPITests` checks that its paths and methods are the
/// routes the service answers, each way.
enum AdminAPIDocument {
  static let json = #"""
    {
      "openapi": "3.1.0",
      "info": {"title": "Waypoint link service", "version": "1"},
      "components": {
        "securitySchemes": {"adminKey": {"type": "http", "scheme": "bearer"}},
        "schemas": {
          "Error": {"type": "object", "required": ["error"], "properties": {"error": {"type": "string"}}},
          "NewLink": {
            "type": "object", "required": ["code", "title"],
            "properties": {
              "code": {"type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$"},
              "route": {"type": "string", "description": "A package route's name; or give url."},
              "values": {"type": "object", "additionalProperties": {
                "oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}},
              "url": {"type": "string", "description": "The link's own URL, instead of a route."},
              "title": {"type": "string", "minLength": 1, "maxLength": 300},
              "description": {"type": "string", "maxLength": 1000},
              "image": {"type": "string", "description": "An https URL."},
              "revision": {"type": "integer", "minimum": 1, "description": "Set by the service: 1 when made, one more each time the link is sent elsewhere."}
            }
          },
          "Link": {
            "type": "object",
            "required": ["code", "shortLink", "url", "route", "target", "values", "title"],
            "properties": {
              "code": {"type": "string"}, "shortLink": {"type": "string"}, "url": {"type": "string"},
              "route": {"type": "string"}, "target": {"type": "string"},
              "values": {"type": "object", "additionalProperties": {"type": "string"}},
              "title": {"type": "string"}, "revision": {"type": "integer"}
            }
          },
          "Open": {
            "type": "object", "required": ["id", "code", "revision", "source", "platform", "hour"],
            "properties": {
              "id": {"type": "string", "pattern": "^[0-9a-f]{16,64}$", "description": "Random for each open."},
              "code": {"type": "string"}, "revision": {"type": "integer", "minimum": 1},
              "source": {"type": "string", "pattern": "^[A-Za-z0-9._-]{1,32}$"},
              "platform": {"type": "string", "enum": ["ios", "android", "desktop"]},
              "hour": {"type": "integer", "description": "Hours since 1970 in UTC, within the last three days."}
            }
          },
          "OpenCount": {
            "type": "object", "required": ["day", "code", "source", "platform", "count"],
            "properties": {
              "day": {"type": "string"}, "code": {"type": "string"},
              "revision": {"type": "integer", "description": "Absent for an open through /v1/resolve."},
              "source": {"type": "string", "description": "The door the link came in by, or resolve."},
              "platform": {"type": "string", "enum": ["ios", "android", "desktop"]}, "count": {"type": "integer"}
            }
          },
          "Click": {
            "type": "object", "required": ["day", "code", "route", "platform", "kind", "count"],
            "properties": {
              "day": {"type": "string"}, "code": {"type": "string"}, "route": {"type": "string"},
              "platform": {"type": "string", "enum": ["ios", "android", "desktop"]},
              "kind": {"type": "string", "enum": ["person", "previewer", "bot"]},
              "count": {"type": "integer"}
            }
          },
          "Redeemed": {
            "type": "object", "required": ["code", "url", "route", "target", "values"],
            "properties": {
              "code": {"type": "string"}, "url": {"type": "string"}, "route": {"type": "string"},
              "target": {"type": "string"}, "values": {"type": "object", "additionalProperties": {"type": "string"}},
              "revision": {"type": "integer"}
            }
          }
        },
        "responses": {
          "Unauthorized": {"description": "No admin key, or a wrong one.",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
          "TooMany": {"description": "Over the rate limit of writes and refused keys; see Retry-After.",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
        }
      },
      "paths": {
        "/v1/links": {
          "get": {
            "summary": "Every link.", "security": [{"adminKey": []}],
            "responses": {
              "200": {"description": "The links.", "content": {"application/json": {"schema": {
                "type": "object", "properties": {"links": {"type": "array", "items": {"$ref": "#/components/schemas/Link"}}}}}}},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooMany"}
            }
          },
          "post": {
            "summary": "Makes a link to a package route of the manifest.", "security": [{"adminKey": []}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/NewLink"}}}},
            "responses": {
              "201": {"description": "Made.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Link"}}}},
              "400": {"description": "Not a link.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "401": {"$ref": "#/components/responses/Unauthorized"},
              "409": {"description": "A link has the code, or had it (a removed code is never issued again).", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "413": {"description": "Over 64 KiB.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "422": {"description": "It opens no package route on the site's host.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "429": {"$ref": "#/components/responses/TooMany"}
            }
          }
        },
        "/v1/links/{code}": {
          "parameters": [{"name": "code", "in": "path", "required": true, "schema": {"type": "string"}}],
          "get": {
            "summary": "One link.", "security": [{"adminKey": []}],
            "responses": {
              "200": {"description": "The link.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Link"}}}},
              "401": {"$ref": "#/components/responses/Unauthorized"},
              "404": {"description": "No link has the code.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "429": {"$ref": "#/components/responses/TooMany"}
            }
          },
          "put": {
            "summary": "Changes a link: its preview freely; its destination only with reassign=true, raising its revision.",
            "security": [{"adminKey": []}],
            "parameters": [{"name": "reassign", "in": "query", "required": false, "schema": {"type": "string", "enum": ["true"]}}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/NewLink"}}}},
            "responses": {
              "200": {"description": "Changed.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Link"}}}},
              "400": {"description": "Not a link, or another code.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "401": {"$ref": "#/components/responses/Unauthorized"},
              "404": {"description": "No link has the code.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "409": {"description": "It sends the link elsewhere without reassign=true, or the link changed meanwhile.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "410": {"description": "The code was removed, for good.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "413": {"description": "Over 64 KiB.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "422": {"description": "It opens no package route on the site's host.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "429": {"$ref": "#/components/responses/TooMany"}
            }
          },
          "delete": {
            "summary": "Removes a link, for good: its code is never issued again.", "security": [{"adminKey": []}],
            "responses": {
              "204": {"description": "Removed."},
              "401": {"$ref": "#/components/responses/Unauthorized"},
              "404": {"description": "No link has the code.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "429": {"$ref": "#/components/responses/TooMany"}
            }
          }
        },
        "/v1/clicks": {
          "get": {
            "summary": "What the web saw (clicks by day, link, route, platform and kind) and what the apps opened (opens), apart; no address is kept.",
            "security": [{"adminKey": []}],
            "parameters": [{"name": "code", "in": "query", "required": false, "schema": {"type": "string"}}],
            "responses": {
              "200": {"description": "The counts.", "content": {"application/json": {"schema": {
                "type": "object", "properties": {"clicks": {"type": "array", "items": {"$ref": "#/components/schemas/Click"}},
                  "opens": {"type": "array", "items": {"$ref": "#/components/schemas/OpenCount"}}}}}}},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooMany"}
            }
          }
        },
        "/v1/deferred/redeem": {
          "post": {
            "summary": "Trades a deferred token, once, for the route its link opens.",
            "requestBody": {"required": true, "content": {"application/json": {"schema": {
              "type": "object", "required": ["token"], "properties": {"token": {"type": "string"}}}}}},
            "responses": {
              "200": {"description": "The link.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Redeemed"}}}},
              "400": {"description": "Not a token of this site, or a bad signature.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "404": {"description": "The token's link is gone.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "409": {"description": "Redeemed before.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "410": {"description": "Expired.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
            }
          }
        },
        "/v1/resolve/{code}": {
          "get": {
            "summary": "The link of a code the app's own table lacks, counted as an open in the app; no key.",
            "parameters": [
              {"name": "code", "in": "path", "required": true, "schema": {"type": "string"}},
              {"name": "platform", "in": "query", "required": false, "schema": {"type": "string", "enum": ["ios", "android"]}}
            ],
            "responses": {
              "200": {"description": "The link.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Redeemed"}}}},
              "404": {"description": "No link ever had the code.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
              "410": {"description": "The code's link was removed.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
            }
          }
        },
        "/v1/opens": {
          "post": {
            "summary": "Opens of short links apps resolved from their own tables, each counted once by its id; no key.",
            "requestBody": {"required": true, "content": {"application/json": {"schema": {
              "type": "object", "required": ["opens"], "properties": {"opens": {"type": "array", "maxItems": 500, "items": {"$ref": "#/components/schemas/Open"}}}}}}},
            "responses": {
              "200": {"description": "How many were received and how many were new.", "content": {"application/json": {"schema": {
                "type": "object", "properties": {"received": {"type": "integer"}, "counted": {"type": "integer"}}}}}},
              "400": {"description": "Not a batch of opens, or one open is wrong (named).", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
            }
          }
        },
        "/v1/feed": {
          "get": {
            "summary": "The change feed: every code removed and every link sent elsewhere, signed with the feed key; no key.",
            "responses": {
              "200": {"description": "The signed feed: the feed's JSON in base64 and its signature file.", "content": {"application/json": {"schema": {
                "type": "object", "required": ["feed", "signature"], "properties": {"feed": {"type": "string"}, "signature": {"type": "string"}}}}}}
            }
          }
        },
        "/v1/feed/key": {
          "get": {
            "summary": "The feed key's public key file, for the app to pin.", "security": [{"adminKey": []}],
            "responses": {
              "200": {"description": "The public key file.", "content": {"text/plain": {"schema": {"type": "string"}}}},
              "401": {"$ref": "#/components/responses/Unauthorized"}, "429": {"$ref": "#/components/responses/TooMany"}
            }
          }
        },
        "/v1/openapi.json": {
          "get": {"summary": "This document.", "responses": {"200": {"description": "The document."}}}
        }
      }
    }
    """#
}
