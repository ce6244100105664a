// casino-math studio: the page. Everything it shows comes from the local server's JSON; text goes in as text, never HTML.
"use strict";

const state = { path: "", original: {}, tables: {}, shown: null, file: null, bet: "", pending: null, sequence: 0, solve: null,
  units: {}, unitsFor: {}, history: [], at: 0, rules: {}, rulesOriginal: {}, controls: [], games: [], pinned: null,
  besideFigures: null, provisionalShown: null, fileSolve: null };
const POLL_SECONDS = 0.5; // a solve's figures are asked for again and again, each request waiting this long at most,
const POLL_PAUSE_MS = 250; // then the page this long (a page's timers run while it waits; a request kept open stops them)
const $ = (id) => document.getElementById(id);
// the session's token, printed with the address (?token=...) as Jupyter prints its own: kept for this tab's reloads,
// sent with every call; a page of another site cannot read it, so it cannot make the studio count
const TOKEN = new URLSearchParams(location.search).get("token") || sessionStorage.getItem("casino-math-studio-token") || "";
sessionStorage.setItem("casino-math-studio-token", TOKEN);

function element(tag, text, attributes) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
  return node;
}

async function api(method, url, body) {
  const options = { method, headers: { "X-Studio-Token": TOKEN } };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(url, options);
  const type = response.headers.get("Content-Type") || "";
  const data = type.includes("json") ? await response.json() : await response.blob();
  if (!response.ok) throw new Error((data && data.refused) || response.statusText);
  return data;
}

function status(text) { $("status").textContent = text; }

// -- the game list and a game ------------------------------------------------------------------------------------
async function loadGames() {
  const { games, first } = await api("GET", "/api/games");
  listGames(games);
  // a link may also carry rules: &rule=TITLE|VALUE (a rule's control by its title)
  // a link can carry a game, edits and a search: #path=FILE&edit=TABLE|LINE|PAYS (as many as wanted)&search=BET|VARY|BAND
  const linked = new URLSearchParams(location.hash.slice(1));
  const path = linked.get("path") || first || "";
  if (!path) {
    landing(true); // no game named (the studio started on a folder): the families to choose from
    return;
  }
  $("games").value = path;
  await openGame(path);
  const edits = linked.getAll("edit").map((e) => e.split("|"));
  for (const [table, line, pays] of edits) {
    if (state.tables[table] && line in state.tables[table]) state.tables[table][line] = pays;
  }
  const rules = linked.getAll("rule").map((r) => r.split("|"));
  for (const [title, value] of rules) {
    if (title in state.rules) state.rules[title] = value;
  }
  if (edits.length || rules.length) {
    renderPaytables();
    renderRuleControls();
    await sendEdit();
  }
  const beside = linked.get("beside");
  if (beside) {
    $("beside-file").value = beside;
    await showBeside();
  }
  const swept = linked.get("sweep");
  if (swept) {
    const [table, line, pays] = swept.split("|");
    $("sweep-line").value = `${table}|${line}`;
    if (pays) $("sweep-pays").value = pays;
    await sweepChart();
  }
  const search = linked.get("search");
  if (search) {
    const [bet, vary, band] = search.split("|");
    $("search-bet").value = bet;
    $("search-vary").value = vary || "";
    $("search-edge").value = band || $("search-edge").value;
    await searchGrid();
  }
}

// the games by family (the server sends them grouped, each family's main game first): the landing page and the list
// a family as its main game names it ("Texas Hold'em Bonus, Las Vegas rules" -> "Texas Hold'em Bonus")
function familyWords(files) {
  const main = files.find((g) => g.main) || files[0];
  return (main.name || main.family).split(",")[0];
}

function listGames(games) {
  state.games = games;
  const families = new Map();
  for (const g of games) {
    if (!families.has(g.family)) families.set(g.family, []);
    families.get(g.family).push(g);
  }
  const select = $("games");
  select.replaceChildren(element("option", "choose a game…", { value: "" }), ...[...families].map(([family, files]) => {
    const group = element("optgroup", null, { label: familyWords(files) });
    group.append(...files.map((g) => element("option", `${g.path}${g.main ? " (main game)" : ""}`, { value: g.path })));
    return group;
  }));
  select.value = state.path;
  $("families").replaceChildren(...[...families].map(([family, files]) => {
    const card = element("div", null, { class: "family", "data-family": family });
    card.append(element("h3", familyWords(files)));
    for (const g of files) {
      // the main game with its name in full; a variant by its file's name, its name on hover (a family holds up to 30)
      const button = element("button", g.main ? g.path : g.path.split("/").pop(), { type: "button", class: g.main ? "main" : "", "data-path": g.path, title: g.name });
      if (g.main) button.append(element("span", `main game: ${g.name}`, { class: "quiet" }));
      button.addEventListener("click", () => { landing(false); $("games").value = g.path; openGame(g.path); });
      card.append(button);
    }
    return card;
  }));
  document.body.dataset.families = String(families.size);
}

function landing(on) {
  $("landing").hidden = !on;
  $("workbench").hidden = on;
  measureWidth();
}

// whether the page is wider than the window (a designer's 1,280 px screen must not scroll sideways): said on the body
function measureWidth() {
  const page = document.documentElement;
  document.body.dataset.wide = String(page.scrollWidth > page.clientWidth);
}

async function openGame(path) {
  landing(false);
  state.path = path;
  state.solve = null;
  state.fileSolve = null;
  status("counting…");
  watchProgress(true);
  try {
    const shown = await api("GET", `/api/game?path=${encodeURIComponent(path)}`);
    state.original = shown.paytables || {};
    state.tables = JSON.parse(JSON.stringify(state.original));
    state.controls = shown.controls || [];
    state.rulesOriginal = Object.fromEntries(state.controls.map((c) => [c.title, c.value]));
    state.rules = { ...state.rulesOriginal };
    state.pinned = null;
    state.besideFigures = null;
    state.units = shown.units || {};
    state.unitsFor = state.original;
    state.history = [{ tables: JSON.parse(JSON.stringify(state.original)), rules: { ...state.rules }, words: "the file" }];
    state.at = 0;
    renderHistory();
    state.bet = "";
    state.file = shown; // the figures of the file as it is: each edited figure shows them beside it
    renderPaytables();
    renderRuleControls();
    renderRules(shown);
    listBeside();
    show(shown, true);
    status("");
    if (shown.solve) { // nothing kept the file's solution: its method's estimate now, its exact figures when solved
      state.fileSolve = shown.solve;
      if (shown.pending) {
        const none = shown.unestimated ? ` There is ${shown.unestimated}.` : "";
        solving(`Counting the exact figures of this file…${none}`, true);
      }
      status("counting the exact figures…");
      waitForSolve(shown.solve, state.original);
    }
    document.body.dataset.opened = path;
  } catch (error) {
    status(`error: ${error.message}`);
  } finally {
    watchProgress(false);
  }
}

// -- paytables: editable -------------------------------------------------------------------------------------------
function renderPaytables() {
  const box = $("paytables");
  box.replaceChildren();
  for (const [table, lines] of Object.entries(state.tables)) {
    const grid = element("table", null, { class: "paytable", "data-table": table });
    grid.append(element("caption", table.replaceAll("_", " ")));
    const body = element("tbody");
    for (const [line, pays] of Object.entries(lines)) {
      const row = element("tr");
      const input = element("input", null, { value: pays, "data-table": table, "data-line": line, "aria-label": `${table}: ${line}` });
      input.value = pays;
      input.classList.toggle("changed", pays !== state.original[table][line]);
      input.addEventListener("input", () => {
        state.tables[table][line] = input.value;
        input.classList.toggle("changed", input.value !== state.original[table][line]);
        scheduleEdit();
      });
      const cell = element("td");
      cell.append(input, element("div", "", { class: "cell-error" }));
      const unit = (state.unitsFor[table] || {})[line] === pays ? (state.units[table] || {})[line] || "" : "";
      row.append(element("td", line), cell, element("td", unit, { class: "unit", "data-table": table, "data-line": line }));
      body.append(row);
    }
    grid.append(body);
    box.append(grid);
  }
}

// -- rules: a control for each rule the game file declares (the server generates them from the file format) -----------
function renderRuleControls() {
  const box = $("rule-controls");
  const groups = new Map();
  for (const c of state.controls) {
    if (!groups.has(c.group)) groups.set(c.group, []);
    groups.get(c.group).push(c);
  }
  box.replaceChildren(...[...groups].map(([group, controls]) => {
    const set = element("fieldset", null, { class: "rule-group" });
    set.append(element("legend", group));
    for (const c of controls) {
      const label = element("label", null, { class: "rule", title: c.help || "" });
      label.append(element("span", c.label));
      let input;
      if (c.options.length) {
        input = element("select");
        input.append(...c.options.map((o) => element("option", o, { value: o })));
      } else {
        input = element("input", null, c.kind === "number" ? { size: "4", inputmode: "decimal" } : { size: "10" });
      }
      input.value = state.rules[c.title];
      input.dataset.rule = c.title;
      input.setAttribute("aria-label", c.title);
      input.classList.toggle("changed", state.rules[c.title] !== state.rulesOriginal[c.title]);
      input.addEventListener(c.options.length ? "change" : "input", () => {
        state.rules[c.title] = input.value;
        input.classList.toggle("changed", input.value !== state.rulesOriginal[c.title]);
        scheduleEdit();
      });
      label.append(input, element("div", "", { class: "cell-error" }));
      set.append(label);
    }
    return set;
  }));
}

function editedRules() {
  return Object.fromEntries(Object.entries(state.rules).filter(([title, value]) => value !== state.rulesOriginal[title]));
}

function renderRules(shown) {
  $("title").textContent = shown.name || "";
  $("deals").textContent = shown.deals ? `${shown.deals} equally likely deals` : "";
  $("rules").replaceChildren(...(shown.rules || []).map((r) => element("li", r)));
}

// -- an edit: analysed by the server -------------------------------------------------------------------------------
function edited() {
  const out = {};
  for (const [table, lines] of Object.entries(state.tables)) {
    if (Object.entries(lines).some(([line, pays]) => pays !== state.original[table][line])) out[table] = lines;
  }
  return out;
}

function scheduleEdit() {
  clearTimeout(state.pending);
  state.pending = setTimeout(sendEdit, 120);
}

// -- undo and redo: every edit sent is a step of the list; undo and redo send the step's paytables again ----------------
function describe(before, after, rulesBefore, rulesAfter) {
  const moved = [];
  for (const [title, value] of Object.entries(rulesAfter || {})) {
    if ((rulesBefore || {})[title] !== value) moved.push(`${title}: ${(rulesBefore || {})[title]} → ${value}`);
  }
  for (const [table, lines] of Object.entries(after)) {
    for (const [line, pays] of Object.entries(lines)) {
      if (before[table][line] !== pays) moved.push(`${table.replaceAll("_", " ")}, ${line}: ${before[table][line]} → ${pays}`);
    }
  }
  return moved.join("; ") || "no change";
}

function record() {
  const last = state.history[state.at];
  if (JSON.stringify(last.tables) === JSON.stringify(state.tables) && JSON.stringify(last.rules) === JSON.stringify(state.rules)) return;
  state.history = state.history.slice(0, state.at + 1);
  state.history.push({ tables: JSON.parse(JSON.stringify(state.tables)), rules: { ...state.rules },
                       words: describe(last.tables, state.tables, last.rules, state.rules) });
  state.at = state.history.length - 1;
  renderHistory();
}

function step(by) {
  const at = state.at + by;
  if (at < 0 || at >= state.history.length) return;
  clearTimeout(state.pending);
  state.at = at;
  state.tables = JSON.parse(JSON.stringify(state.history[at].tables));
  state.rules = { ...state.history[at].rules };
  renderPaytables();
  renderRuleControls();
  renderHistory();
  sendEdit(false);
}

function renderHistory() {
  $("undo").disabled = state.at <= 0;
  $("redo").disabled = state.at >= state.history.length - 1;
  $("history").replaceChildren(...state.history.slice(1).map((h, i) =>
    element("li", h.words, { class: i + 1 === state.at ? "current" : i + 1 > state.at ? "undone" : "" })));
  document.body.dataset.edits = String(state.history.length - 1);
  document.body.dataset.at = String(state.at);
}

async function sendEdit(recorded = true) {
  if (recorded && state.history.length) record();
  const sequence = ++state.sequence;
  const sent = JSON.parse(JSON.stringify(state.tables));
  status("solving…");
  const started = performance.now();
  watchProgress(true);
  try {
    const shown = await api("POST", "/api/edit", { path: state.path, tables: edited(), rules: editedRules() });
    if (sequence !== state.sequence) return; // a later edit is on its way: its answer wins
    markErrors(shown.errors || []);
    if (shown.errors && shown.errors.length) {
      status("the last valid figures are shown");
      return; // a solve running for the last valid edit goes on: its figures are those of what is shown
    }
    if (shown.units) state.unitsFor = sent;
    state.solve = shown.solve || null; // the one solve whose figures this page takes (a newer edit's replaces it)
    if (shown.pending) {
      const none = shown.unestimated ? ` There is ${shown.unestimated}.` : "";
      solving(`Solving the optimal strategy for this edit… The figures below are the last ones solved, not this edit's.${none}`, true);
      document.body.dataset.unestimated = shown.unestimated ? "1" : "0";
      status("solving…");
    } else {
      show(shown, false);
      status(`updated in ${Math.round(performance.now() - started)} ms${shown.provisional ? " (provisional)" : ""}`);
    }
    document.body.dataset.updated = String(sequence);
    if (state.solve) waitForSolve(state.solve, sent);
  } catch (error) {
    status(`error: ${error.message}`);
  } finally {
    watchProgress(false);
  }
}

// -- an edit solved apart (a blackjack pay a decision sees): its figures when they are ready --------------------------
function solving(text, stale) {
  const box = $("solving");
  box.hidden = !text;
  box.replaceChildren(...(text ? [element("strong", "Provisional"), element("span", text)] : []));
  for (const id of ["bets", "returns", "strategy"]) $(id).classList.toggle("stale", Boolean(stale));
  document.body.dataset.provisional = text ? (stale ? "pending" : "1") : "0";
}

// the page waits for one edit's solve (state.solve) and, where nothing kept the file's, for the file's (state.fileSolve)
const awaited = (number) => state.solve === number || state.fileSolve === number;

// how far a solve is, in the count's own units where it gives them, and the seconds it has run: never a time left guessed
function solveProgress(p, file) {
  const counted = p.of ? ` ${p.what}: ${p.done} of ${p.of};` : "";
  return `${file ? "counting the exact figures" : "solving"}…${counted} ${p.seconds} s so far`;
}

async function waitForSolve(number, sent) {
  while (awaited(number)) {
    let answer;
    try {
      answer = await api("GET", `/api/solve?number=${number}&wait=${POLL_SECONDS}`);
    } catch (error) {
      if (awaited(number)) status(`error: ${error.message}`);
      return;
    }
    if (!awaited(number)) return; // a newer edit or game: this solve's figures are not what is on the screen
    if (answer.state === "solving") {
      if (answer.provisional && state.provisionalShown !== number) { // the strategy last solved, priced since the edit
        state.provisionalShown = number;
        show(answer.provisional, false);
        document.body.dataset.latePriced = String(number);
      }
      if (!answer.opened || !state.solve) status(solveProgress(answer.progress, answer.opened)); // an edit's first
      await new Promise((resolve) => setTimeout(resolve, POLL_PAUSE_MS));
      continue;
    }
    if (answer.opened) {
      state.fileSolve = null;
      if (answer.state === "done") fileSolved(answer.result, number);
      else if (state.shown === state.file) solving(`${answer.error}. The figure below is an estimate, not the file's.`, true);
      continue;
    }
    state.solve = null;
    if (answer.state === "done") {
      state.unitsFor = sent;
      show(answer.result, false);
      status("solved: the optimal strategy's figures");
      document.body.dataset.solved = String(number);
    } else {
      solving(`${answer.error}. The figures below are not this edit's: edit again to solve it.`, true);
      status(answer.state);
    }
  }
}

// the file's exact figures, once solved: on the screen where the file is, and beside every edit's figures
function fileSolved(result, number) {
  const showing = state.shown === state.file;
  state.file = result;
  renderRules(result);
  if (showing) {
    show(result, true);
    status("solved: the file's exact figures");
  } else {
    show(state.shown, false);
  }
  document.body.dataset.fileSolved = String(number);
}

function markErrors(errors) {
  renderUnits();
  for (const input of document.querySelectorAll(".paytable input, #rule-controls [data-rule]")) {
    input.classList.remove("invalid");
    input.removeAttribute("title");
    input.nextElementSibling.textContent = "";
  }
  const loose = [];
  for (const error of errors) {
    const rule = error.table === "rules" && [...document.querySelectorAll("#rule-controls [data-rule]")].find((i) => i.dataset.rule === error.line);
    if (rule) {
      rule.classList.add("invalid");
      rule.title = error.message;
      rule.nextElementSibling.textContent = error.message;
      continue;
    }
    const input = [...document.querySelectorAll(".paytable input")]
      .find((i) => i.dataset.table === error.table && i.dataset.line === error.line);
    if (input) {
      input.classList.add("invalid");
      input.title = error.message;
      input.nextElementSibling.textContent = error.message;
      const unit = input.closest("tr").querySelector("td.unit");
      unit.textContent = "does not read";
      unit.classList.add("invalid");
    } else {
      loose.push(error.message);
    }
  }
  const box = $("errors");
  box.hidden = !errors.length;
  box.replaceChildren(...(errors.length ? [element("strong", "This edit does not read:"), ...errors.map((e) => element("div", e.message))] : []));
  document.body.dataset.errors = String(errors.length);
}

// -- the figures ----------------------------------------------------------------------------------------------------
// each pay as read, with its unit, beside its cell; none beside a cell typed since the pays were last read
function renderUnits() {
  for (const cell of document.querySelectorAll(".paytable td.unit")) {
    const [table, line] = [cell.dataset.table, cell.dataset.line];
    const read = (state.unitsFor[table] || {})[line] === (state.tables[table] || {})[line];
    cell.textContent = read ? (state.units[table] || {})[line] || "" : "";
    cell.classList.remove("invalid");
  }
}

function show(shown, first) {
  if (shown.units) {
    state.units = shown.units;
    renderUnits();
  }
  const before = state.shown;
  state.shown = shown;
  const bets = $("bets");
  bets.replaceChildren();
  for (const bet of shown.bets || []) {
    const old = before && before.bets.find((b) => b.name === bet.name);
    const card = element("div", null, { class: "bet", "data-bet": bet.name });
    if (!first && old && old.house_edge !== bet.house_edge) card.classList.add("moved");
    card.append(element("h4", bet.title));
    const list = element("dl");
    const file = state.file && state.file.bets.find((b) => b.name === bet.name);
    for (const [name, value] of Object.entries(bet.figures)) {
      const figure = element("dd", value, name === "house edge" ? { class: "edge" } : {});
      const before = file && file.figures[name];
      list.append(element("dt", name), figure);
      if (!first && before !== undefined && before !== value) list.append(element("dt", ""), element("dd", `file: ${before}`, { class: "was" }));
    }
    card.append(list);
    bets.append(card);
  }
  const warnings = shown.warnings || [];
  $("warnings").hidden = !warnings.length;
  $("warnings").replaceChildren(...warnings.map((w) => element("div", `warning: ${w}`)));
  const changes = shown.changes || [];
  $("changes").hidden = !changes.length;
  $("changes").replaceChildren(...changes.map((c) => element("div", `The strategy moved at ${c.decision}: now ${c.after} (was: ${c.before})`)));
  const provisional = shown.provisional;
  // provisional: a strategy solved before, priced at these pays (``of`` says whose), or the method's estimate
  solving(!provisional ? "" : provisional.of ? `${provisional.words} (the strategy shown is that of ${provisional.of})` : provisional.words, false);
  document.body.dataset.estimate = provisional && provisional.estimate ? "1" : "0";
  for (const card of bets.children) card.classList.toggle("provisional", Boolean(provisional));
  $("strategy").replaceChildren(...Object.entries(shown.strategy || {}).flatMap(([d, words]) => [element("dt", d.replaceAll("_", " ")), element("dd", words)]));
  if (shown.blocks || first) $("strategy-blocks").replaceChildren(...(shown.blocks || []).map(block)); // a provisional edit keeps the last drawn
  $("strategy-blocks").classList.toggle("stale", Boolean(provisional));
  renderBeside();
  const choice = $("bet-choice");
  const names = (shown.bets || []).map((b) => b.name);
  if (!names.includes(state.bet)) state.bet = names[0] || "";
  choice.replaceChildren(...(shown.bets || []).map((b) => element("option", b.title, { value: b.name })));
  choice.value = state.bet;
  renderReturns();
  renderTarget(shown);
  renderCompare(first ? [] : shown.compare || []);
  measureWidth();
}

// -- the edit beside the file ------------------------------------------------------------------------------------------
function renderCompare(rows) {
  const moved = rows.filter((r) => r.moved === "True");
  $("compare-none").hidden = moved.length > 0;
  const columns = ["bet", "figure", "file", "edit", "change"];
  const head = $("compare").tHead;
  head.replaceChildren(...(moved.length ? [element("tr")] : []));
  if (moved.length) head.rows[0].append(...columns.map((c) => element("th", c, c === "bet" || c === "figure" ? {} : { class: "num" })));
  $("compare").tBodies[0].replaceChildren(...moved.map((row) => {
    const tr = element("tr");
    tr.append(...columns.map((c) => element("td", row[c], c === "bet" || c === "figure" ? {} : { class: "num" })));
    return tr;
  }));
}

// -- a small search over a grid of pays --------------------------------------------------------------------------------
async function searchGrid() {
  const answer = $("search-answer");
  answer.textContent = "searching…";
  $("search-found").tHead.replaceChildren();
  $("search-found").tBodies[0].replaceChildren();
  try {
    const found = await api("POST", "/api/search", { path: state.path, tables: edited(), rules: editedRules(), bet: $("search-bet").value,
                                                     vary: $("search-vary").value, edge: $("search-edge").value });
    if (found.errors && found.errors.length) {
      answer.textContent = found.errors.map((e) => e.message).join("; ");
      return;
    }
    const shown = found.rows.length < found.found ? `; the first ${found.rows.length}` : "";
    answer.textContent = `${found.found} of ${found.grid} paytables have their house edge in ${$("search-edge").value}${shown}`;
    const columns = [...found.lines, "house edge", "hit frequency", "standard deviation"];
    const head = $("search-found").tHead;
    head.replaceChildren(element("tr"));
    head.rows[0].append(...columns.map((c) => element("th", c, { class: "num" })), element("th", ""));
    $("search-found").tBodies[0].replaceChildren(...found.rows.map((row) => {
      const tr = element("tr");
      tr.append(...columns.map((c) => element("td", c in row.pays ? row.pays[c] : row[c], { class: "num" })));
      const use = element("button", "Use", { type: "button" });
      use.addEventListener("click", () => {
        for (const [line, pays] of Object.entries(row.pays)) {
          if (state.tables[found.table] && line in state.tables[found.table]) state.tables[found.table][line] = pays;
        }
        renderPaytables();
        sendEdit();
      });
      const cell = element("td");
      cell.append(use);
      tr.append(cell);
      return tr;
    }));
    document.body.dataset.searched = String(found.found);
  } catch (error) {
    answer.textContent = `error: ${error.message}`;
  }
}

// -- target mode: the exact pay of a line for a house edge ------------------------------------------------------------
function renderTarget(shown) {
  const bets = $("target-bet");
  const chosen = bets.value;
  bets.replaceChildren(...(shown.bets || []).map((b) => element("option", b.title, { value: b.name })));
  if ([...bets.options].some((o) => o.value === chosen)) bets.value = chosen;
  const searched = $("search-bet");
  const kept = searched.value;
  searched.replaceChildren(...(shown.bets || []).map((b) => element("option", b.title, { value: b.name })));
  if ([...searched.options].some((o) => o.value === kept)) searched.value = kept;
  const lines = $("target-line");
  const line = lines.value;
  lines.replaceChildren(...Object.entries(state.tables).flatMap(([table, rows]) =>
    Object.keys(rows).map((l) => element("option", `${table.replaceAll("_", " ")}: ${l}`, { value: `${table}|${l}` }))));
  if ([...lines.options].some((o) => o.value === line)) lines.value = line;
  const swept = $("sweep-line");
  const sweeping = swept.value;
  swept.replaceChildren(...[...lines.options].map((o) => element("option", o.textContent, { value: o.value })));
  if ([...swept.options].some((o) => o.value === sweeping)) swept.value = sweeping;
}

async function solveTarget() {
  const [table, line] = $("target-line").value.split("|");
  const answer = $("target-answer");
  answer.textContent = "solving…";
  $("target-use").hidden = true;
  try {
    const found = await api("POST", "/api/target", { path: state.path, tables: edited(), rules: editedRules(), bet: $("target-bet").value, table, line,
                                                     target: $("target-edge").value });
    if (found.errors && found.errors.length) {
      answer.textContent = found.errors.map((e) => e.message).join("; ");
      return;
    }
    answer.textContent = found.message;
    if (found.pay !== null && state.tables[found.table || table] && line in state.tables[found.table || table]) {
      const use = $("target-use");
      use.hidden = false;
      use.onclick = () => {
        state.tables[found.table || table][line] = found.pay;
        renderPaytables();
        sendEdit();
      };
    }
  } catch (error) {
    answer.textContent = `error: ${error.message}`;
  }
}

function renderReturns() {
  const bet = state.shown && state.shown.bets.find((b) => b.name === state.bet);
  const head = $("returns").tHead;
  const body = $("returns").tBodies[0];
  const columns = ["outcome", "pays", "combinations", "probability", "return"];
  head.replaceChildren(element("tr"));
  head.rows[0].append(...columns.map((c) => element("th", c, c === "outcome" || c === "pays" ? {} : { class: "num" })));
  body.replaceChildren(...(bet ? bet.returns : []).map((row) => {
    const tr = element("tr");
    tr.append(...columns.map((c) => element("td", row[c], c === "outcome" || c === "pays" ? {} : { class: "num" })));
    return tr;
  }));
}

// -- progress of a count -------------------------------------------------------------------------------------------
let watching = null;
function watchProgress(on) {
  clearInterval(watching);
  $("progress").hidden = true;
  if (!on) return;
  watching = setInterval(async () => {
    const p = await api("GET", "/api/progress").catch(() => null);
    if (!p || !p.of) return;
    $("progress").hidden = false;
    $("progress-what").textContent = `${p.what}: ${p.done} of ${p.of}`;
    $("progress-done").style.width = `${(100 * p.done) / p.of}%`;
  }, 400);
}

// -- save, par sheet -----------------------------------------------------------------------------------------------
async function save() {
  try {
    const { saved } = await api("POST", "/api/save", { path: state.path, tables: edited(), rules: editedRules(), name: $("save-name").value.trim() });
    $("saved").textContent = `saved as ${saved} (casino-math analyze reads it back)`;
    await refreshList();
  } catch (error) {
    $("saved").textContent = `not saved: ${error.message}`;
  }
}

async function refreshList() {
  const { games } = await api("GET", "/api/games");
  listGames(games);
}

async function download(kind) {
  status(`writing the par sheet (${kind})…`);
  try {
    const blob = await api("POST", "/api/report", { path: state.path, tables: edited(), rules: editedRules(), kind });
    const link = element("a", null, { href: URL.createObjectURL(blob), download: `${state.path.replace(/\.ya?ml$/, "")}-par-sheet.${kind}` });
    document.body.append(link);
    link.click();
    link.remove();
    status(`par sheet (${kind}) written`);
  } catch (error) {
    status(`error: ${error.message}`);
  }
}

// -- the strategy as the par sheet draws it: its paragraphs, tables (blackjack's chart a grid of coloured cells), sections
function block(b) {
  if (b.kind === "paragraph") return element("p", b.text);
  if (b.kind === "bullets") {
    const list = element("ul");
    list.append(...b.items.map((i) => element("li", i)));
    return list;
  }
  if (b.kind === "section") {
    const part = element("div", null, { class: "sheet-section" });
    part.append(element("h4", b.title), ...b.blocks.map(block));
    return part;
  }
  const chart = b.rows.some((row) => row.some((c) => c.tone.startsWith("act-")));
  const table = element("table", null, { class: chart ? "sheet-table chart" : "sheet-table" });
  if (b.caption) table.append(element("caption", b.caption));
  const head = element("tr");
  head.append(...b.columns.map((c) => element("th", c.header, c.numeric ? { class: "num" } : {})));
  const body = element("tbody");
  body.append(...b.rows.map((row) => {
    const tr = element("tr");
    tr.append(...row.map((c, i) => element("td", c.text, { class: [c.tone, b.columns[i] && b.columns[i].numeric ? "num" : ""].join(" ").trim() })));
    return tr;
  }));
  const thead = element("thead");
  thead.append(head);
  table.append(thead, body);
  return table;
}

// -- two variants side by side: what is on the screen beside another file of the folder, or beside an edit kept ----------
function listBeside() {
  const family = (state.games.find((g) => g.path === state.path) || {}).family;
  const files = state.games.filter((g) => g.path !== state.path && g.family === family);
  $("beside-file").replaceChildren(element("option", "choose a file…", { value: "" }),
    ...files.map((g) => element("option", g.path, { value: g.path })));
  renderBeside();
}

async function showBeside() {
  const path = $("beside-file").value;
  state.pinned = null;
  if (!path) {
    state.besideFigures = null;
    renderBeside();
    return;
  }
  try {
    state.besideFigures = await api("GET", `/api/figures?path=${encodeURIComponent(path)}`);
  } catch (error) {
    status(`error: ${error.message}`);
    return;
  }
  renderBeside();
}

const BESIDE = ["house edge", "element of risk", "hit frequency", "standard deviation"]; // the figures set side by side
function renderBeside() {
  const other = state.pinned || state.besideFigures;
  const table = $("beside");
  table.tHead.replaceChildren();
  table.tBodies[0].replaceChildren();
  document.body.dataset.beside = other ? String(other.bets.length) : "0";
  if (!other || !state.shown) return;
  const head = element("tr");
  head.append(element("th", "bet"), element("th", "figure"), element("th", "on the screen", { class: "num" }),
              element("th", other.label || other.path, { class: "num" }));
  table.tHead.append(head);
  for (const bet of state.shown.bets || []) {
    const theirs = other.bets.find((b) => b.name === bet.name);
    for (const [figure, value] of Object.entries(bet.figures).filter(([f]) => BESIDE.includes(f))) {
      const tr = element("tr", null, { "data-bet": bet.name });
      const them = theirs ? theirs.figures[figure] || "" : "";
      tr.append(element("td", bet.title), element("td", figure), element("td", value, { class: "num" }),
                element("td", them, { class: them !== value ? "num differs" : "num" }));
      table.tBodies[0].append(tr);
    }
  }
}

function pinBeside() {
  if (!state.shown) return;
  const words = state.history[state.at] ? state.history[state.at].words : "the file";
  state.pinned = { label: `kept: ${words}`, bets: state.shown.bets.map((b) => ({ name: b.name, figures: { ...b.figures } })) };
  $("beside-file").value = "";
  renderBeside();
}

// -- each bet's house edge as one pay moves: casino-math sweep's figures, drawn as a line chart -------------------------
async function sweepChart() {
  const [table, line] = $("sweep-line").value.split("|");
  const answer = $("sweep-answer");
  answer.textContent = "charting… (each pay of the game's own bet is solved)";
  $("sweep-chart").replaceChildren();
  try {
    const found = await api("POST", "/api/sweep", { path: state.path, tables: edited(), rules: editedRules(), table, line,
                                                    pays: $("sweep-pays").value });
    if (found.errors && found.errors.length) {
      answer.textContent = found.errors.map((e) => e.message).join("; ");
      return;
    }
    answer.textContent = found.bets.length ? `${table.replaceAll("_", " ")}, ${line}: ${found.pays.length} pays`
      : `no bet is paid by ${table.replaceAll("_", " ")}`;
    $("sweep-chart").replaceChildren(drawSweep(found));
    document.body.dataset.swept = String(found.pays.length);
  } catch (error) {
    answer.textContent = `error: ${error.message}`;
  }
}

const SVG = $("svg-space").namespaceURI; // an empty <svg> of the page: its namespace, named by no address here
function svg(tag, attributes, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function drawSweep(found) {
  const [width, height, left, right, top, bottom] = [560, 260, 64, 150, 12, 36];
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, width: "100%", role: "img", class: "sweep",
                             "aria-label": `house edge as ${found.line} pays ${found.pays[0]} to ${found.pays[found.pays.length - 1]}` });
  const all = found.bets.flatMap((b) => b.edges).concat([0]);
  const [low, high] = [Math.min(...all), Math.max(...all)];
  const span = high - low || 1;
  const n = found.pays.length;
  const x = (i) => left + (n > 1 ? (i * (width - left - right)) / (n - 1) : (width - left - right) / 2);
  const y = (v) => top + ((high - v) * (height - top - bottom)) / span;
  for (let k = 0; k <= 4; k++) {
    const v = low + (k * span) / 4;
    chart.append(svg("line", { x1: left, x2: width - right, y1: y(v), y2: y(v), class: "grid" }),
                 svg("text", { x: left - 6, y: y(v) + 4, class: "tick", "text-anchor": "end" }, `${(v * 100).toFixed(2)}%`));
  }
  chart.append(svg("line", { x1: left, x2: width - right, y1: y(0), y2: y(0), class: "zero" }));
  found.pays.forEach((p, i) => chart.append(svg("text", { x: x(i), y: height - bottom + 16, class: "tick", "text-anchor": "middle" }, p)));
  chart.append(svg("text", { x: (left + width - right) / 2, y: height - 4, class: "axis", "text-anchor": "middle" },
                   `${found.line} pays (to 1)`));
  found.bets.forEach((bet, k) => {
    const colour = `series-${k % 6}`;
    chart.append(svg("polyline", { points: bet.edges.map((e, i) => `${x(i)},${y(e)}`).join(" "), class: `edge ${colour}`,
                                   "data-bet": bet.name }));
    bet.edges.forEach((e, i) => {
      const dot = svg("circle", { cx: x(i), cy: y(e), r: 3, class: colour });
      dot.append(svg("title", {}, `${bet.title}: ${found.line} ${found.pays[i]} → house edge ${bet.shown[i]}`));
      chart.append(dot);
    });
    chart.append(svg("text", { x: width - right + 8, y: top + 14 + 16 * k, class: `legend ${colour}` }, bet.title));
  });
  return chart;
}

$("games").addEventListener("change", (event) => { if (event.target.value) openGame(event.target.value); });
$("home").addEventListener("click", () => landing(true));
$("undo").addEventListener("click", () => step(-1));
$("redo").addEventListener("click", () => step(1));
$("bet-choice").addEventListener("change", (event) => { state.bet = event.target.value; renderReturns(); });
$("revert").addEventListener("click", () => {
  state.tables = JSON.parse(JSON.stringify(state.original));
  state.rules = { ...state.rulesOriginal };
  renderPaytables();
  renderRuleControls();
  markErrors([]);
  sendEdit();
});
$("save").addEventListener("click", save);
$("target-solve").addEventListener("click", solveTarget);
$("search-run").addEventListener("click", searchGrid);
$("html").addEventListener("click", () => download("html"));
$("sweep-run").addEventListener("click", sweepChart);
$("beside-file").addEventListener("change", showBeside);
$("beside-pin").addEventListener("click", pinBeside);
$("pdf").addEventListener("click", () => download("pdf"));
loadGames();
