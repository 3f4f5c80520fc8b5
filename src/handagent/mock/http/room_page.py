"""The instructor's page of a room (GET /room): what it draws from /room.json, once a second.

    The room · 30 learners · 3 stuck · 1 with an error · 2 answered off-script
    learner  state                              00  01  02  03   04 ...  asked → error     seen
    seat-07  stuck: the same error 2 times ...              4/9          "What…" → HTTP 400  3 s
    seat-01  ok                                 13/13 10/10 4/4 9/9 ...                    1 s

One row per learner, stuck learners first, a column per chapter (the exchanges of its cassette
answered, or the requests made where it has none; the chapter a learner is in outlined), so
thirty learners fit a 1280x900 screen. Every learner's string is written with `textContent`,
never as HTML: a learner cannot put markup on the instructor's screen.

Not handled here: what the rows say (`room.Room.summary`).
"""

PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>handagent room</title>
<link rel="icon" href="data:,">
<style>
body{font:13px/1.35 sans-serif;margin:12px 16px}h1{font-size:18px;margin:0 0 4px}
p{margin:0 0 8px}table{border-collapse:collapse}
th,td{padding:1px 5px;text-align:left;white-space:nowrap;border-bottom:1px solid #eee}
td.n{text-align:center;color:#555;min-width:2em}td.done{background:#e3f4e3}
td.here{outline:2px solid #36c;outline-offset:-2px;color:#000}
td.said{max-width:360px;overflow:hidden;text-overflow:ellipsis}
tr.stuck{background:#fcc}tr.error{background:#fff1cc}b.stuck{color:#a00}
</style></head><body>
<h1>The room</h1><p id="summary">waiting for the first request…</p>
<table><thead><tr id="head"><th>learner</th><th>state</th></tr></thead>
<tbody id="learners"></tbody></table>
<script>
function cell(row, text, kind, title) {
  const td = document.createElement("td");
  td.textContent = text; if (kind) td.className = kind; if (title) td.title = title;
  row.append(td); return td;
}
async function refresh() {
  const room = await (await fetch("/room.json")).json();
  const count = s => room.learners.filter(l => l.state === s).length;
  const off = room.learners.filter(l => l.off_script > 0).length;
  document.getElementById("summary").textContent = room.learners.length + " learners · " +
    count("stuck") + " stuck · " + count("error") + " with an error · " + off +
    " answered off-script by the mock";
  const head = document.getElementById("head");
  head.replaceChildren(...["learner", "state", ...room.chapters, "asked → error", "seen"]
    .map(t => { const th = document.createElement("th"); th.textContent = t; return th; }));
  document.getElementById("learners").replaceChildren(...room.learners.map(l => {
    const row = document.createElement("tr");
    row.className = l.state;
    cell(row, l.label, "label");
    const state = l.state === "stuck" ? "stuck: " + l.why : l.state;
    cell(row, state + (l.off_script ? " · " + l.off_script + " off-script" : ""), "state");
    const here = l.chapter ? l.chapter.split("/").pop().slice(0, 2) : null;
    for (const c of room.chapters) {
      const p = l.progress[c] || "";
      const [done, of] = p.split("/");
      const kind = "n" + (of && done === of ? " done" : "") + (c === here ? " here" : "");
      cell(row, p || (c === here ? "·" : ""), kind);
    }
    const said = l.last_error ? (l.asked ? "“" + l.asked + "” → " : "") + l.last_error : "";
    cell(row, said, "said", said);
    cell(row, l.seconds_ago + " s", "seen");
    return row;
  }));
}
refresh(); setInterval(refresh, 1000);
</script></body></html>"""
