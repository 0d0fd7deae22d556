"use strict";
// The sentence view: filters, search, sort and pages over the data block. Every text of the
// data goes into the page through textContent, never as markup.
(function () {
  const data = JSON.parse(document.getElementById("data").textContent);
  const PAGE = 20;
  const OUTCOMES = ["tp", "fp", "missed", "unjudged"];
  const OUTCOME_NAMES = ["true positive", "false positive", "missed", "edit"];
  const $ = (id) => document.getElementById(id);
  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const option = (select, value, text) => {
    const o = el("option", null, text);
    o.value = value;
    select.appendChild(o);
  };
  const gec = data.kind === "gec";
  const state = { system: -1, type: "", outcome: "", text: "", sort: "order", page: 0 };
  const systemSelect = $("filter-system");
  const typeSelect = $("filter-type");
  const outcomeSelect = $("filter-outcome");
  const sortSelect = $("sort");
  const textInput = $("filter-text");
  data.systems.forEach((name, k) => option(systemSelect, String(k), name));
  if (typeSelect) data.types.forEach((name, t) => option(typeSelect, String(t), name));
  const sorts = [["order", "sentence order"]];
  if (gec) {
    data.metrics.forEach((m, k) => {
      sorts.push(["m" + k + ":asc", m + ", lowest first"], ["m" + k + ":desc", m + ", highest first"]);
    });
    sorts.push(["edits:desc", "most edits"]);
  } else {
    sorts.push(
      ["random", "random sample"], ["f0:desc", "best SARI"], ["f0:asc", "worst SARI"],
      ["f1:asc", "most compressed"], ["para:asc", "most paraphrased"], ["f3:desc", "most sentence splits"]
    );
    if (data.values.some((s) => s.some((v) => v[4] !== null))) sorts.push(["f4:asc", "lowest SAMSA"]);
  }
  sorts.forEach(([value, text]) => option(sortSelect, value, text));

  const shown = () => (state.system < 0 ? data.systems.map((_, k) => k) : [state.system]);
  const output = (i, k) => {
    const s = data.sentences[i];
    return gec && s.o[k] === null ? s.s : s.o[k];
  };

  function editMatches(e) {
    return (state.type === "" || e[3] === Number(state.type)) &&
      (state.outcome === "" || e[4] === Number(state.outcome));
  }

  function matches(i) {
    const s = data.sentences[i];
    const systems = shown();
    if (state.type !== "" || state.outcome !== "") {
      const ok = systems.some((k) => {
        if (state.outcome === "changed") return s.o[k] !== null;
        if (state.outcome === "unchanged") return s.o[k] === null;
        return s.e[k].some(editMatches);
      });
      if (!ok) return false;
    }
    if (state.text) {
      const needle = state.text.toLowerCase();
      const texts = [s.s].concat(s.r, systems.map((k) => output(i, k)));
      if (!texts.some((t) => t.toLowerCase().includes(needle))) return false;
    }
    return true;
  }

  function sortKey(i) {
    const systems = shown();
    const mean = (f) => systems.reduce((a, k) => a + f(k), 0) / systems.length;
    const key = state.sort.split(":")[0];
    if (key === "edits") return mean((k) => data.sentences[i].e[k].filter((e) => e[4] !== 2).length);
    if (key[0] === "m") return mean((k) => data.scores[Number(key.slice(1))][k][i]);
    if (key === "para") return mean((k) => data.values[k][i][2] / Math.max(data.values[k][i][1], 1e-9));
    return mean((k) => data.values[k][i][Number(key.slice(1))] ?? 0);
  }

  function ordered() {
    const order = state.sort === "random" ? data.order : data.sentences.map((_, i) => i);
    const list = order.filter(matches);
    if (state.sort === "order" || state.sort === "random") return list;
    const sign = state.sort.endsWith(":desc") ? -1 : 1;
    const keys = new Map(list.map((i) => [i, sortKey(i)]));
    return list.sort((a, b) => sign * (keys.get(a) - keys.get(b)) || a - b);
  }

  function row(who, cls) {
    const r = el("div", "row " + (cls || ""));
    r.appendChild(el("div", "who", who));
    const text = el("div", "text");
    r.appendChild(text);
    return [r, text];
  }

  function words(tokens, from, to) {
    return tokens.slice(from, to).join(" ");
  }

  // A system's output as its source with its edits applied: deletions struck, insertions
  // underlined, each coloured by how ERRANT counts it.
  function markedOutput(i, k, target) {
    const s = data.sentences[i];
    const edits = s.e[k].filter((e) => e[4] !== 2).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    if (edits.length === 0) {
      target.textContent = output(i, k);
      return;
    }
    const tokens = s.s.trim().split(/\s+/);
    let at = 0;
    const text = (t) => { if (t) target.appendChild(document.createTextNode(t + " ")); };
    for (const e of edits) {
      if (e[0] < at) continue;
      text(words(tokens, at, e[0]));
      const cls = OUTCOMES[e[4]];
      const title = data.types[e[3]] + " · " + OUTCOME_NAMES[e[4]];
      if (e[1] > e[0]) {
        const d = el("del", cls, words(tokens, e[0], e[1]));
        d.title = title;
        target.appendChild(d);
        target.appendChild(document.createTextNode(" "));
      }
      if (e[2]) {
        const n = el("ins", cls, e[2]);
        n.title = title;
        target.appendChild(n);
        target.appendChild(document.createTextNode(" "));
      }
      at = e[1];
    }
    text(words(tokens, at, tokens.length));
  }

  function missedChips(i, k, target) {
    const s = data.sentences[i];
    const tokens = s.s.trim().split(/\s+/);
    for (const e of s.e[k].filter((x) => x[4] === 2)) {
      const from = words(tokens, e[0], e[1]) || "∅";
      target.appendChild(el("span", "chip missed", "○ missed " + data.types[e[3]] + ": " + from + " → " + (e[2] || "∅")));
    }
  }

  function boldAdded(source, text, target) {
    const known = new Set(source.toLowerCase().split(/\s+/));
    text.split(/(\s+)/).forEach((w) => {
      if (w.trim() && !known.has(w.toLowerCase())) target.appendChild(el("b", "added", w));
      else target.appendChild(document.createTextNode(w));
    });
  }

  function chips(i, k) {
    const span = el("span", "score");
    if (gec) {
      const missed = data.sentences[i].e[k].filter((e) => e[4] === 2).length;
      const parts = data.metrics.map((m, j) => m + " " + data.scores[j][k][i].toFixed(3));
      if (missed > 0) parts.push("○ " + missed + " missed");
      span.textContent = parts.join(" · ");
    } else {
      const v = data.values[k][i];
      const parts = data.features.map((f, j) => (v[j] === null ? null : f + " " + v[j].toFixed(3)));
      span.textContent = parts.filter((p) => p !== null).join(" · ");
    }
    return span;
  }

  function card(i) {
    const s = data.sentences[i];
    const systems = shown();
    const a = el("article", "sentence");
    a.dataset.index = String(i);
    a.appendChild(el("h4", null, "Sentence " + (i + 1)));
    const [src, srcText] = row("source", "source");
    srcText.textContent = s.s;
    a.appendChild(src);
    const refs = el("details", "references");
    refs.appendChild(el("summary", null, s.r.length + " reference" + (s.r.length === 1 ? "" : "s")));
    s.r.forEach((r, j) => {
      const [line, text] = row(data.references[j] || "reference", "reference");
      if (gec) text.textContent = r; else boldAdded(s.s, r, text);
      refs.appendChild(line);
    });
    a.appendChild(refs);
    for (const k of systems) {
      const [line, text] = row(data.systems[k], "system");
      line.title = output(i, k);
      markedOutput(i, k, text);
      text.appendChild(chips(i, k));
      if (gec && systems.length === 1) missedChips(i, k, text);
      a.appendChild(line);
    }
    return a;
  }

  function render() {
    const list = ordered();
    const pages = Math.max(1, Math.ceil(list.length / PAGE));
    state.page = Math.min(state.page, pages - 1);
    const from = state.page * PAGE;
    const slice = list.slice(from, from + PAGE);
    $("sentence-count").textContent = list.length === 0
      ? "No sentence matches."
      : "Sentences " + (from + 1) + "–" + (from + slice.length) + " of " + list.length + " that match (of " + data.sentences.length + ").";
    $("sentence-list").replaceChildren(...slice.map(card));
    $("page-previous").disabled = state.page === 0;
    $("page-next").disabled = state.page >= pages - 1;
  }

  const reset = (f) => () => { f(); state.page = 0; render(); };
  systemSelect.addEventListener("change", reset(() => { state.system = Number(systemSelect.value); }));
  if (typeSelect) typeSelect.addEventListener("change", reset(() => { state.type = typeSelect.value; }));
  if (outcomeSelect) outcomeSelect.addEventListener("change", reset(() => { state.outcome = outcomeSelect.value; }));
  sortSelect.addEventListener("change", reset(() => { state.sort = sortSelect.value; }));
  let typing = null;
  textInput.addEventListener("input", () => {
    clearTimeout(typing);
    typing = setTimeout(reset(() => { state.text = textInput.value.trim(); }), 150);
  });
  $("page-previous").addEventListener("click", () => { state.page -= 1; render(); });
  $("page-next").addEventListener("click", () => { state.page += 1; render(); });
  render();
})();
