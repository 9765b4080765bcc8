/// The page ``SessionRecording/writeHTML(to:title:)`` writes: style and script inline, the
/// session's data between ``head`` and ``tail`` as JSON. The script draws the timeline on a
/// canvas and shows only the list rows in view, so a session of 10,000 actions opens at once.
enum SessionPage {
  static let head = """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>{{TITLE}}</title>
    <style>
    :root { --view: #2f6fde; --internal: #2a9d8f; --delegate: #9b4dca; --other: #8a8a8a;
      --finished: #3a9d4a; --cancelled: #d2473c; --running: #e09a1f; --line: #e2e2e2;
      font: 13px/1.4 -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: #1d1d1f; }
    body { margin: 0; display: flex; flex-direction: column; height: 100vh; }
    header { padding: 10px 16px 6px; border-bottom: 1px solid var(--line); }
    h1 { font-size: 16px; margin: 0; }
    h2 { font-size: 14px; margin: 0 0 6px; }
    h3 { font-size: 12px; margin: 12px 0 4px; text-transform: uppercase; color: #666; }
    .toolbar { display: flex; gap: 12px; align-items: center; padding: 6px 16px; flex-wrap: wrap; }
    .legend span::before { content: ""; display: inline-block; width: 10px; height: 10px;
      margin-right: 4px; vertical-align: -1px; background: var(--c); border-radius: 2px; }
    #timeline-scroll { overflow: auto; max-height: 38vh; border-bottom: 1px solid var(--line); }
    canvas { display: block; cursor: pointer; }
    main { display: flex; flex: 1; min-height: 0; }
    #list-section { flex: 1; display: flex; flex-direction: column; min-width: 0;
      border-right: 1px solid var(--line); }
    #list { flex: 1; overflow-y: auto; position: relative; outline: none; }
    .row { position: absolute; left: 0; right: 0; height: 22px; line-height: 22px; display: flex;
      gap: 10px; padding: 0 16px; cursor: pointer; white-space: nowrap; }
    .row:hover { background: #f3f6fb; }
    .row.selected { background: #dce7fb; }
    .row .index { width: 48px; text-align: right; color: #888; }
    .row .time { width: 72px; text-align: right; color: #888; }
    .row .cat { width: 64px; color: var(--c); font-weight: 600; }
    .row .name { flex: 1; overflow: hidden; text-overflow: ellipsis; font-family: ui-monospace, monospace; }
    .row .origin { width: 180px; color: #666; overflow: hidden; text-overflow: ellipsis; }
    #detail { flex: 1; overflow: auto; padding: 10px 16px; min-width: 0; }
    pre { margin: 0; font: 12px/1.45 ui-monospace, "DejaVu Sans Mono", monospace; white-space: pre-wrap; }
    .del { background: #fde8e6; color: #9c1c12; display: block; }
    .ins { background: #e4f6e6; color: #17651f; display: block; }
    a { color: var(--view); cursor: pointer; }
    #test-panel { position: fixed; inset: 48px 48px; background: #fff; border: 1px solid #bbb;
      box-shadow: 0 8px 32px rgba(0, 0, 0, 0.25); display: flex; flex-direction: column; }
    #test-panel[hidden] { display: none; }
    #test-panel p { margin: 0 16px 6px; color: #555; }
    #test-source { flex: 1; overflow: auto; padding: 8px 16px; border-top: 1px solid var(--line);
      white-space: pre; }
    </style>
    </head>
    <body>
    <header><h1>{{TITLE}}</h1><div id="summary"></div></header>
    <section id="test-panel" hidden>
      <div class="toolbar"><strong>Test</strong>
        <label><input type="radio" name="test-from" value="all" checked> the whole session</label>
        <label><input type="radio" name="test-from" value="selected" id="test-from-selected">
          from the selected step on</label>
        <button id="test-copy">Copy</button> <button id="test-close">Close</button></div>
      <p>The reducer alone, reduced step by step from <code id="test-start"></code>, as Swift
      Testing source to paste into a test target. A reducer that reads a dependency while it
      reduces (a UUID, a date) needs it set: wrap the body in <code>withDependencies</code>.</p>
      <pre id="test-source"></pre>
    </section>
    <div class="toolbar">
      <label>Zoom <input type="range" id="zoom" min="1" max="64" value="1"></label>
      <span class="legend"><span style="--c: var(--view)">view</span>
      <span style="--c: var(--internal)">internal</span>
      <span style="--c: var(--delegate)">delegate</span>
      <span style="--c: var(--other)">other</span></span>
      <span class="legend">ticks: tall from outside, medium from a reducer's send, short from an
      effect · bars: <span style="--c: var(--finished)">finished</span>
      <span style="--c: var(--cancelled)">cancelled</span>
      <span style="--c: var(--running)">running</span></span>
      <button id="test-button">Test</button>
    </div>
    <div id="timeline-scroll"><canvas id="timeline"></canvas></div>
    <main>
    <section id="list-section">
      <div class="toolbar">
        <input id="filter" type="search" placeholder="Filter by case name" size="28">
        <label><input type="checkbox" class="category" value="view" checked> view</label>
        <label><input type="checkbox" class="category" value="internal" checked> internal</label>
        <label><input type="checkbox" class="category" value="delegate" checked> delegate</label>
        <label><input type="checkbox" class="category" value="" checked> other</label>
        <span id="count"></span>
      </div>
      <div id="list" tabindex="0"><div id="spacer"></div></div>
    </section>
    <section id="detail">
      <h2 id="detail-title">Select an action</h2>
      <div id="detail-origin"></div>
      <pre id="detail-action"></pre>
      <h3>State change</h3><pre id="detail-diff"></pre>
      <h3>Effects it started</h3><ul id="detail-effects"></ul>
    </section>
    </main>
    <script type="application/json" id="session-data">
    """

  static let tail = """
    </script>
    <script>
    "use strict";
    const session = JSON.parse(document.getElementById("session-data").textContent);
    const steps = session.steps, effects = session.effects;
    const $ = (id) => document.getElementById(id);
    const css = getComputedStyle(document.documentElement);
    const color = (name) => css.getPropertyValue("--" + (name || "other")).trim();
    const position = new Map(steps.map((step, n) => [step.i, n]));
    const startedBy = new Map();
    for (const effect of effects) {
      if (effect.by == null) continue;
      if (!startedBy.has(effect.by)) startedBy.set(effect.by, []);
      startedBy.get(effect.by).push(effect);
    }
    const end = Math.max(session.duration, ...effects.map((e) => e.end ?? e.start), 1e-3);
    // Effects share a lane only when there are too many for one each, and never overlap in it.
    const lanes = [];
    const laneOf = new Map();
    for (const effect of effects) {
      let lane = effects.length <= 2000 ? -1
        : lanes.findIndex((last) => last < effect.start);
      if (lane < 0) { lane = lanes.length; lanes.push(0); }
      lanes[lane] = effect.end ?? end;
      laneOf.set(effect.id, lane);
    }
    const tickRow = 36, laneHeight = 12, left = 8;
    let selected = null;

    $("summary").textContent = `${steps.length} actions, ${effects.length} effects in ` +
      `${lanes.length} lanes, ${(session.duration / 1000).toFixed(3)} s · ${session.stateType}`;

    const canvas = $("timeline");
    const scale = () => (canvas.width / devicePixelRatio - 2 * left) / end;
    function drawTimeline() {
      const width = Math.min(32000, $("timeline-scroll").clientWidth * Number($("zoom").value));
      const height = tickRow + lanes.length * laneHeight + 8;
      canvas.width = width * devicePixelRatio;
      canvas.height = height * devicePixelRatio;
      canvas.style.width = width + "px";
      canvas.style.height = height + "px";
      const g = canvas.getContext("2d");
      g.scale(devicePixelRatio, devicePixelRatio);
      g.fillStyle = "#fafafa";
      g.fillRect(0, 0, width, tickRow);
      const x = (t) => left + t * scale();
      for (const step of steps) {
        const top = { outside: 4, reducer: 12, effect: 20 }[step.origin.kind];
        g.fillStyle = color(step.cat);
        g.fillRect(Math.round(x(step.t)), top, 2, tickRow - 4 - top);
      }
      for (const effect of effects) {
        const y = tickRow + laneOf.get(effect.id) * laneHeight + 2;
        const from = x(effect.start), to = Math.max(x(effect.end ?? end), from + 3);
        g.fillStyle = color(effect.ending);
        g.globalAlpha = effect.by === selected?.i ? 1 : 0.75;
        g.fillRect(from, y, to - from, laneHeight - 4);
        if (effect.ending === "cancelled") g.fillRect(to - 1, y - 2, 3, laneHeight);
      }
      g.globalAlpha = 1;
      if (selected) {
        g.fillStyle = "#1d1d1f";
        g.fillRect(Math.round(x(selected.t)) - 1, 0, 1, height);
      }
    }
    canvas.addEventListener("click", (event) => {
      const box = canvas.getBoundingClientRect();
      const t = (event.clientX - box.left - left) / scale(), y = event.clientY - box.top;
      if (y > tickRow) {
        const lane = Math.floor((y - tickRow) / laneHeight);
        const hit = effects.find((e) => laneOf.get(e.id) === lane && e.start <= t + 2 / scale()
          && (e.end ?? end) >= t - 2 / scale());
        if (hit && hit.by != null && position.has(hit.by)) return select(position.get(hit.by));
      }
      let low = 0, high = steps.length - 1;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (steps[middle].t < t) low = middle + 1; else high = middle;
      }
      if (low > 0 && t - steps[low - 1].t < steps[low].t - t) low -= 1;
      if (steps.length) select(low);
    });

    const rowHeight = 22, list = $("list");
    let shown = steps.map((_, n) => n);
    function applyFilter() {
      const text = $("filter").value.trim().toLowerCase();
      const categories = new Set([...document.querySelectorAll(".category:checked")]
        .map((box) => box.value));
      shown = [];
      steps.forEach((step, n) => {
        if (categories.has(step.cat) && step.name.toLowerCase().includes(text)) shown.push(n);
      });
      $("count").textContent = `${shown.length} of ${steps.length}`;
      $("spacer").style.height = shown.length * rowHeight + "px";
      renderRows();
    }
    function originText(origin) {
      if (origin.kind === "outside") return "from outside";
      if (origin.kind === "reducer") return `sent by step ${origin.step ?? "?"}`;
      return `effect at ${origin.site}`;
    }
    function renderRows() {
      for (const row of list.querySelectorAll(".row")) row.remove();
      const first = Math.floor(list.scrollTop / rowHeight);
      const count = Math.ceil(list.clientHeight / rowHeight) + 2;
      for (let k = first; k < Math.min(shown.length, first + count); k++) {
        const step = steps[shown[k]];
        const row = document.createElement("div");
        row.className = "row" + (step === selected ? " selected" : "");
        row.style.top = k * rowHeight + "px";
        row.dataset.step = step.i;
        for (const [name, text] of [["index", step.i], ["time", step.t.toFixed(1) + " ms"],
          ["cat", step.cat || "other"], ["name", step.name], ["origin", originText(step.origin)]]) {
          const cell = document.createElement("span");
          cell.className = name;
          cell.textContent = text;
          if (name === "cat") cell.style.setProperty("--c", color(step.cat));
          row.append(cell);
        }
        row.addEventListener("click", () => select(shown[k]));
        list.append(row);
      }
    }
    list.addEventListener("scroll", renderRows);
    list.addEventListener("keydown", (event) => {
      const at = selected ? shown.indexOf(position.get(selected.i)) : -1;
      const next = event.key === "ArrowDown" ? at + 1 : event.key === "ArrowUp" ? at - 1 : null;
      if (next == null || next < 0 || next >= shown.length) return;
      event.preventDefault();
      select(shown[next]);
    });

    function stepLink(index, text) {
      const link = document.createElement("a");
      link.textContent = text;
      link.addEventListener("click", () => position.has(index) && select(position.get(index)));
      return link;
    }
    function select(n) {
      selected = steps[n];
      const step = selected;
      history.replaceState(null, "", "#step=" + step.i);
      $("detail-title").textContent = `Step ${step.i} · ${step.name} · ${step.t.toFixed(3)} ms`;
      const origin = $("detail-origin");
      origin.replaceChildren();
      if (step.origin.kind === "outside") origin.append("Sent from outside the store.");
      if (step.origin.kind === "reducer") {
        origin.append("Sent by the reducer as it reduced ",
          stepLink(step.origin.step, `step ${step.origin.step}`), ".");
      }
      if (step.origin.kind === "effect") {
        const effect = effects.find((e) => e.id === step.origin.effect);
        origin.append(`Sent by the effect written at ${step.origin.site}`);
        if (effect?.by != null) origin.append(", started by ", stepLink(effect.by, `step ${effect.by}`));
        origin.append(".");
      }
      $("detail-action").textContent = step.action;
      const diff = $("detail-diff");
      diff.replaceChildren();
      if (step.diff == null) diff.textContent = "(no change)";
      for (const line of (step.diff ?? "").split("\\n")) {
        if (step.diff == null) break;
        const span = document.createElement("span");
        const mark = line.trimStart()[0];
        span.className = mark === "\\u2212" || mark === "-" ? "del" : mark === "+" ? "ins" : "";
        span.textContent = line + "\\n";
        diff.append(span);
      }
      const started = $("detail-effects");
      started.replaceChildren();
      for (const effect of startedBy.get(step.i) ?? []) {
        const item = document.createElement("li");
        const lasted = effect.end == null ? "still running when the recording stopped"
          : `${effect.ending} after ${(effect.end - effect.start).toFixed(1)} ms`;
        item.textContent = `#${effect.id} at ${effect.site}: ${lasted}`;
        started.append(item);
      }
      if (!started.children.length) started.append("None.");
      const row = shown.indexOf(n);
      if (row >= 0 && (row * rowHeight < list.scrollTop
        || (row + 1) * rowHeight > list.scrollTop + list.clientHeight)) {
        list.scrollTop = row * rowHeight - list.clientHeight / 2;
      }
      renderRows();
      drawTimeline();
    }

    // The test: put together from the parts the recording wrote, as its Swift testSource does.
    let testParts;
    function testSource(first) {
      if (testParts === undefined) testParts = JSON.parse($("test-data").textContent);
      const p = testParts, steps = p.steps;
      const start = first == null ? 0 : Math.max(0, steps.findIndex((s) => s.index >= first));
      const name = start === 0 ? "recordedSession" : `recordedSessionFromStep${steps[start].index}`;
      let body = [`let feature = ${p.feature}`, `var state = ${p.initialState}`, ...p.initial];
      if (start > 0) {
        body.push("", `// The state steps ${steps[0].index}\\u2026${steps[start - 1].index} left.`);
        const settings = steps.slice(0, start).flatMap((s) => s.setting);
        const target = (line) => {
          const ends = [line.indexOf(" = "), line.indexOf(".withLock {")].filter((i) => i >= 0);
          return ends.length ? line.slice(0, Math.min(...ends)) : line;
        };
        const last = new Map(settings.map((line, n) => [target(line), n]));
        settings.forEach((line, n) => {
          if (last.get(target(line)) === n) body.push(...line.split("\\n").filter((l) => l));
        });
      }
      for (const step of steps.slice(start)) body.push("", ...step.lines);
      const imports = [...new Set(["ReducerKit", "Testing", ...p.imports])].sort();
      const complete = p.initialIsComplete && steps.slice(start).every((s) => s.isComplete)
        && steps.slice(0, start).every((s) => s.settingIsComplete);
      const count = steps.length - start, counted = count === 1 ? "1 step" : `${count} steps`;
      const summary = start === 0
        ? [`/// A recorded session of ${counted}, reduced again by the reducer alone (no`,
          "/// effect runs: what effects sent back is among the steps)."]
        : [`/// ${counted} of a recorded session, from step ${steps[start].index} on, reduced again`,
          "/// by the reducer alone (no effect runs: what effects sent back is among the steps)."];
      const indent = (lines, by) => lines.map((l) => (l ? by + l : ""));
      const wrapped = p.dependencies.length === 0 ? indent(body, "  ")
        : ["  withDependencies {", ...indent(p.dependencies, "    "), "  } operation: {",
          ...indent(body, "    "), "  }"];
      return [...imports.map((m) => `import ${m}`), "",
        ...(complete ? [] : ["// NB: values written as /* Type */ could not be written as " +
          "Swift: fill them in.", ""]),
        ...summary, "@MainActor", `@Test func ${name}() {`, ...wrapped, "}", ""].join("\\n");
    }
    function showTest() {
      const fromSelected = $("test-from-selected").checked && selected != null;
      $("test-source").textContent = testSource(fromSelected ? selected.i : null);
      $("test-start").textContent = fromSelected ? `the state before step ${selected.i}`
        : testParts.initialState;
      $("test-panel").hidden = false;
    }
    $("test-button").addEventListener("click", showTest);
    for (const radio of document.querySelectorAll("[name=test-from]")) {
      radio.addEventListener("change", showTest);
    }
    $("test-close").addEventListener("click", () => { $("test-panel").hidden = true; });
    $("test-copy").addEventListener("click", () =>
      navigator.clipboard?.writeText($("test-source").textContent));

    $("filter").addEventListener("input", applyFilter);
    for (const box of document.querySelectorAll(".category")) box.addEventListener("change", applyFilter);
    $("zoom").addEventListener("input", drawTimeline);
    addEventListener("resize", () => { drawTimeline(); renderRows(); });
    applyFilter();
    drawTimeline();
    // NB: read before selecting, which writes the selected step's own address.
    const hash = location.hash, wanted = /step=(\\d+)/.exec(hash);
    if (wanted && position.has(Number(wanted[1]))) select(position.get(Number(wanted[1])));
    // `#step=N&test`: the test from the selected step on (`#test`: of the whole session).
    if (/[#&]test\\b/.test(hash)) {
      $("test-from-selected").checked = selected != null;
      showTest();
    }
    document.body.dataset.renderMs = performance.now().toFixed(1);
    document.body.dataset.ready = "true";
    </script>
    </body>
    </html>

    """
}
