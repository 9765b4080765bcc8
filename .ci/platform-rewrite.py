#!/usr/bin/env python3
"""Copies Swift sources as one Apple platform's compiler would see them, for .ci/platform-typecheck.

On Linux the compiler evaluates `os(...)` for Linux and ignores availability for other platforms,
so code that compiles here can still fail in Xcode. This rewrites a copy so that Linux's compiler
enforces one platform's rules:

- in `#if` and `#elseif` lines, `os(P)` is `true` for the chosen platform and `false` for any
  other (Linux included);
- `@available(P, unavailable…)` for the chosen platform (and, with --extension,
  `@available(PApplicationExtension, unavailable…)`) becomes `@available(*, unavailable…)`: a use
  outside code that is itself unavailable there is then an error, as in Xcode.

The transcription of Apple's interfaces (.ci/apple-sdk) carries Apple's availability in Apple's
own spelling, and goes through the same rewrite.

    platform-rewrite.py PLATFORM [--extension] SOURCE_DIR DEST_DIR [PATH…]

PATHs (relative to SOURCE_DIR) are copied; .swift files are rewritten, others copied as they are.
"""
import os
import re
import shutil
import sys

PLATFORMS = ["iOS", "macOS", "tvOS", "watchOS", "visionOS"]


def rewrite(text, platform, extension):
    def condition(line):
        return re.sub(
            r"\bos\((\w+)\)",
            lambda m: "true" if m.group(1) == platform else "false",
            line,
        )

    names = {platform}
    if extension:
        names.add(platform + "ApplicationExtension")

    def availability(match):
        return "@available(*, unavailable" if match.group(1) in names else match.group(0)

    out = []
    for line in text.splitlines(keepends=True):
        if re.match(r"\s*#(if|elseif)\b", line):
            line = condition(line)
        line = re.sub(r"@available\(\s*(\w+)\s*,\s*unavailable", availability, line)
        out.append(line)
    return "".join(out)


def main(arguments):
    extension = "--extension" in arguments
    arguments = [a for a in arguments if a != "--extension"]
    if len(arguments) < 3 or arguments[0] not in PLATFORMS:
        sys.exit(__doc__)
    platform, source, dest, paths = arguments[0], arguments[1], arguments[2], arguments[3:]
    for path in paths:
        origin = os.path.join(source, path)
        target = os.path.join(dest, path)
        os.makedirs(os.path.dirname(target) or ".", exist_ok=True)
        if path.endswith(".swift"):
            with open(origin, encoding="utf-8") as file:
                text = file.read()
            with open(target, "w", encoding="utf-8") as file:
                file.write(rewrite(text, platform, extension))
        else:
            shutil.copyfile(origin, target)


main(sys.argv[1:])
