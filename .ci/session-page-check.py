"""Checks of a session recording's page, as Chromium rendered it (see .ci/session-page-check).

  dom FILE STEP CASE BEFORE AFTER   the DOM after load with #step=STEP: the summary, the list's
                                    rows, the selected step's title and its diff's − and + lines
  screenshot FILE WIDTH HEIGHT      the PNG's size, not blank, the timeline's colours drawn
  load FILE ACTIONS MILLISECONDS    a page of ACTIONS actions rendered within MILLISECONDS
  test FILE SOURCE                  the page's "Test" panel shows SOURCE, byte for byte
"""
import html
import re
import struct
import sys
import zlib


def fail(message):
    print(f"session page check: {message}", file=sys.stderr)
    sys.exit(1)


def element_text(dom, element_id):
    match = re.search(rf'<(\w+)[^>]* id="{element_id}"[^>]*>(.*?)</\1>', dom, re.S)
    if not match:
        fail(f'the page has no element "#{element_id}"')
    return html.unescape(re.sub(r"<[^>]+>", "", match.group(2)))


def check_dom(path, step, case_name, before, after):
    dom = open(path, encoding="utf-8").read()
    if 'data-ready="true"' not in dom:
        fail("the page's script did not finish (no data-ready on <body>)")
    summary = element_text(dom, "summary")
    counts = re.match(r"(\d+) actions, (\d+) effects in (\d+) lanes", summary)
    if not counts or int(counts.group(1)) < 10 or int(counts.group(2)) < 3:
        fail(f'expected at least 10 actions and 3 effects in the summary, read "{summary}"')
    rows = re.findall(r'<div class="row[^"]*" [^>]*data-step="(\d+)"', dom)
    if len(rows) < 10:
        fail(f"expected the list to show at least 10 rows, found {len(rows)}")
    selected = re.findall(r'<div class="row selected" [^>]*data-step="(\d+)"', dom)
    if selected != [step]:
        fail(f"expected row {step} selected, found {selected}")
    title = element_text(dom, "detail-title")
    if not title.startswith(f"Step {step} · {case_name}"):
        fail(f'expected the detail to show step {step} ({case_name}), read "{title}"')
    deleted = [html.unescape(s) for s in re.findall(r'<span class="del">(.*?)</span>', dom, re.S)]
    inserted = [html.unescape(s) for s in re.findall(r'<span class="ins">(.*?)</span>', dom, re.S)]
    if not any(before in line for line in deleted) or not any(after in line for line in inserted):
        fail(f'expected the diff to remove "{before}" and add "{after}"; '
             f"removed {deleted}, added {inserted}")
    print(f"session page DOM: {summary.split(' · ')[0]}; step {step} selected with its diff")


def png_pixels(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(f"{path} is not a PNG")
    offset, idat, header = 8, b"", None
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        offset += 12 + length
    width, height, depth, color_type = header[:4]
    if depth != 8 or color_type not in (2, 6):
        fail(f"unexpected PNG format: depth {depth}, color type {color_type}")
    channels = 3 if color_type == 2 else 4
    raw, stride, rows, previous = zlib.decompress(idat), width * channels, [], bytearray(width * channels)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def check_screenshot(path, width, height):
    actual_width, actual_height, channels, rows = png_pixels(path)
    if (actual_width, actual_height) != (width, height):
        fail(f"expected a {width}×{height} screenshot, got {actual_width}×{actual_height}")
    colors, inked = set(), 0
    for row in rows:
        for x in range(0, len(row), channels):
            pixel = row[x:x + 3]
            colors.add(pixel)
            inked += pixel != b"\xff\xff\xff"
    if len(colors) < 20 or inked < width * height // 20:
        fail(f"the screenshot looks blank: {len(colors)} colours, {inked} pixels not white")
    # A finished effect's bar and a view action's tick (the page's --finished and --view).
    for name, rgb in [("a finished effect's bar", (0x3A, 0x9D, 0x4A)),
                      ("a view action's tick", (0x2F, 0x6F, 0xDE))]:
        if bytes(rgb) not in colors:
            fail(f"the screenshot shows no {name} (#{bytes(rgb).hex()})")
    print(f"session page screenshot: {width}×{height}, {len(colors)} colours, bars and ticks drawn")


def render_ms(path, actions):
    dom = open(path, encoding="utf-8").read()
    summary = element_text(dom, "summary")
    if not summary.startswith(f"{actions} actions"):
        fail(f'expected a page of {actions} actions, read "{summary}"')
    match = re.search(r'data-render-ms="([\d.]+)"', dom)
    if not match:
        fail("the page did not record its render time")
    return float(match.group(1))


def check_load(path, actions, limit, small_path, small_actions):
    """The page of `actions` renders within `limit` ms. The time is the browser's wall time, which
    a loaded machine stretches: past the limit, the page still passes if it took at most
    actions/small_actions times the small page rendered just before it (linear growth, measured
    under the same load), and under ten times the limit (a backstop only a real slowdown
    reaches)."""
    took = render_ms(path, actions)
    small = render_ms(small_path, small_actions)
    ratio = took / max(small, 1.0)
    allowed = actions / small_actions
    print(f"session page of {actions} actions rendered in {took} ms "
          f"({small} ms for {small_actions} actions, {ratio:.1f}×)")
    if took < limit:
        return
    if ratio <= allowed and took < 10 * limit:
        print(f"  over {limit} ms, but within {allowed:.0f}× the small page's time: "
              "the machine was loaded, and the page grew linearly")
        return
    fail(f"a page of {actions} actions took {took} ms to render (limit {limit} ms; "
         f"{ratio:.1f}× the {small_actions}-action page's {small} ms, at most {allowed:.0f}× allowed)")


def check_test(path, source_path):
    dom = open(path, encoding="utf-8").read()
    match = re.search(r'<pre id="test-source"[^>]*>(.*?)</pre>', dom, re.S)
    if not match:
        fail('the page has no "#test-source"')
    shown = html.unescape(match.group(1))
    expected = open(source_path, encoding="utf-8").read()
    if not expected.startswith("import ") or "@Test func" not in expected:
        fail(f"reducerkit-session wrote no test: {expected[:200]!r}")
    if shown != expected:
        shown_lines, expected_lines = shown.splitlines(), expected.splitlines()
        first = next((n for n, (a, b) in enumerate(zip(shown_lines, expected_lines)) if a != b),
                     min(len(shown_lines), len(expected_lines)))
        fail(f"the page's test differs from reducerkit-session's at line {first + 1}: "
             f"page {shown_lines[first:first + 1]}, command {expected_lines[first:first + 1]} "
             f"({len(shown_lines)} and {len(expected_lines)} lines)")
    print(f"session page test: {len(expected.splitlines())} lines, the same as reducerkit-session's")


command, arguments = sys.argv[1], sys.argv[2:]
if command == "dom":
    check_dom(*arguments)
elif command == "screenshot":
    check_screenshot(arguments[0], int(arguments[1]), int(arguments[2]))
elif command == "load":
    check_load(arguments[0], int(arguments[1]), float(arguments[2]), arguments[3],
               int(arguments[4]))
elif command == "test":
    check_test(*arguments)
else:
    fail(f"unknown check {command}")
