#!/usr/bin/env python3
"""Records Tests/WaypointLinkSiteTests/ReferenceCodes.swift from Python's `qrcode` package
(pip install qrcode), an encoder written apart from Waypoint's: byte mode, level M, each text's
mask fixed, so QRCodeTests compares every module of Waypoint's code with it."""
import os
import qrcode
import qrcode.util

TESTS = [
    ("https://notes.example.com/l/welcome", 2),
    ("https://notes.example.com/note/42?ref=share&utm_source=newsletter&utm_medium=email"
     "&utm_campaign=autumn-launch-2026&x=123456", 5),
    ("https://notes.example.com/" + "a" * 180, 7),
]


def modules(text, mask):
    code = qrcode.QRCode(version=None, error_correction=qrcode.constants.ERROR_CORRECT_M, box_size=1, border=0,
                         mask_pattern=mask)
    code.add_data(qrcode.util.QRData(text.encode(), mode=qrcode.util.MODE_8BIT_BYTE))
    code.make(fit=True)
    return code.version, ["".join("#" if dark else "." for dark in row) for row in code.get_matrix()]


out = [
    "// Recorded with Python's `qrcode` package (pip install qrcode), a reference encoder written",
    "// apart from this one: byte mode, level M, the mask fixed, no quiet zone; \"#\" dark, \".\" light.",
    "// Written by `python3 Scripts/link-site/record-qr-fixtures.py`.",
    "",
    "/// A text, the mask, the version the reference chose, and its modules row by row.",
    "let referenceCodes: [(text: String, mask: Int, version: Int, rows: [String])] = [",
]
for text, mask in TESTS:
    version, rows = modules(text, mask)
    out += ["  (", f'    "{text}", {mask}, {version},', "    ["]
    out += [f'      "{row}",' for row in rows]
    out += ["    ]", "  ),"]
out.append("]")
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
with open(os.path.join(root, "Tests", "WaypointLinkSiteTests", "ReferenceCodes.swift"), "w") as fixture:
    fixture.write("\n".join(out) + "\n")
