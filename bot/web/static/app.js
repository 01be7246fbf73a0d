// The Activity's page: the Discord handshake, the play socket, and what it shows (docs/activity.md).
import { DiscordSDK, DiscordSDKMock } from "./vendor/discord-embedded-app-sdk/index.mjs";
import { BoardView, faceLabel, findPath } from "./board.js";

const $ = (id) => document.getElementById(id);
const app = $("app");
const params = new URLSearchParams(location.search);
const state = { strings: {}, offset: 0, deadline: 0, round: null, mine: [], you: null, token: null, retry: 500, shown: null, daily: null, world: null, worldOffer: null, next: null, hinted: seen(), earned: null, resultsOf: null, before: "idle", tab: "season", boardLanguage: null };
const t = (key, fields = {}) => (state.strings[key] || key).replace(/\{(\w+)\}/g, (_, k) => fields[k] ?? "");

let socket = null;
// A word goes to the channel's round, or to the player's daily attempt or the world round while
// the page shows it (a screen of the page's own: the channel's messages wait behind it).
const away = () => !!(state.daily || state.world);
const guess = (word, path) => ({ type: state.daily ? "daily_guess" : state.world ? "world_guess" : "guess", word, path });
const board = new BoardView($("board"), $("trace"), submit, building);

function view(name) {
  app.dataset.view = name;
  for (const id of ["results", "idle", "closed", "standings"]) $(id).hidden = name !== id;
  nav();
}
// Standings from the lobby and the channel's results (not over a board, nor the daily board).
function nav() { $("standings-open").hidden = away() || !["idle", "results"].includes(app.dataset.view); }
function status(text) { $("status").textContent = text; }

// The page's words: before sign-in in the browser's language (so a refusal reads as a sentence
// the player reads), then in the player's Discord language from the welcome.
function words(language, strings) {
  state.strings = strings; document.documentElement.lang = language;
  $("send").textContent = t("submit"); $("type").placeholder = t("type_here"); $("type").setAttribute("aria-label", t("type_here"));
  $("clear").textContent = "✕"; $("clear").setAttribute("aria-label", t("clear")); $("clear").title = t("clear");
  $("mine-h").textContent = t("your_words"); $("players-h").textContent = t("players");
  $("results-h").textContent = t("results"); $("missed-h").textContent = t("missed"); $("tap-hint").textContent = t("tap_word");
  $("again").textContent = t("play_again"); $("start").textContent = t("start"); $("idle-text").textContent = t("no_round");
  $("board").setAttribute("aria-label", t("board"));
  $("daily").textContent = t("daily"); $("back").textContent = t("back");
  $("standings-open").textContent = t("standings"); $("standings-h").textContent = t("standings"); $("earned-h").textContent = t("new_achievements");
  $("standings-close").textContent = "✕"; $("standings-close").setAttribute("aria-label", t("close")); $("standings-close").title = t("close");
  $("meaning-close").textContent = "✕"; $("meaning-close").setAttribute("aria-label", t("clear")); $("meaning-close").title = t("clear");
  if (!board.path.length) building(""); // the hint, in these words
}

async function loadWords() {
  const wanted = [...(navigator.languages || []), navigator.language].filter(Boolean).join(",");
  for (let wait = 500; ; wait = Math.min(wait * 2, 5000)) {
    try {
      const answer = await fetch(`api/strings?lang=${encodeURIComponent(wanted)}`);
      if (answer.ok) { const m = await answer.json(); return words(m.language, m.strings); }
    } catch { /* the bot is restarting: asked again */ }
    await new Promise((done) => setTimeout(done, wait));
  }
}

// Why the server closed the socket for good, and what to do about it.
const REFUSED = { 4001: "signed_out", 4003: "not_in_instance", 4004: "instance_gone" };
function closed(key) { view("closed"); status(""); $("closed-text").textContent = t(key); }

// The word being traced, and the first time (on this device) how to trace one.
function building(word) {
  if (word) $("type").value = ""; // the dice chosen last are the word, not what was typed before
  const hint = !word && !state.hinted;
  $("word").textContent = word || (hint ? t("trace_hint") : "");
  $("word").classList.toggle("hinting", hint);
  $("clear").hidden = !word;
}

function submit(word, path) {
  send(guess(word, path));
  if (state.hinted) return;
  state.hinted = true;
  try { localStorage.setItem("boggle.hinted", "1"); } catch { /* storage refused: hinted again next time */ }
  building("");
}

function seen() {
  try { return localStorage.getItem("boggle.hinted") === "1"; } catch { return false; }
}

// Discord's handshake; outside Discord the SDK's mock, with the code the stand-in gave the link.
async function signIn() {
  const config = await (await fetch("api/config")).json();
  let sdk;
  if (config.mock || !params.has("frame_id")) {
    sdk = new DiscordSDKMock(config.client_id, params.get("guild_id"), params.get("channel_id"), null);
    sdk.instanceId = params.get("instance_id") || sdk.instanceId;
    const code = params.get("code");
    sdk._updateCommandMocks({ authorize: async () => ({ code }) });
    history.replaceState(null, "", location.pathname + location.search.replace(/([?&])code=[^&]*&?/, "$1"));
    if (!code) throw new Error("no code");
  } else {
    sdk = new DiscordSDK(config.client_id);
  }
  await sdk.ready();
  const { code } = await sdk.commands.authorize({ client_id: config.client_id, response_type: "code", state: "", prompt: "none", scope: ["identify"] });
  const answer = await fetch("api/token", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ code }) });
  if (!answer.ok) throw new Error("code refused");
  const { access_token } = await answer.json();
  await sdk.commands.authenticate({ access_token });
  return { token: access_token, instance: sdk.instanceId };
}

function connect(instance) {
  const url = new URL("api/play", location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(url);
  state.live = false;
  socket.onopen = () => { state.retry = 500; socket.send(JSON.stringify({ type: "hello", access_token: state.token, instance_id: instance })); };
  socket.onmessage = (e) => receive(JSON.parse(e.data));
  socket.onclose = (e) => {
    if (e.code in REFUSED) return closed(REFUSED[e.code]);
    status(t("reconnecting"));
    setTimeout(() => connect(instance), state.retry);
    state.retry = Math.min(state.retry * 2, 5000);
  };
}

// A word traced while the connection is down is kept and sent once the round is back.
const pending = [];
function send(message) {
  if (socket && socket.readyState === 1 && state.live) socket.send(JSON.stringify(message));
  else if (message.type === "guess" || message.type === "world_guess") pending.push(message);
}

const handlers = {
  welcome(m) {
    state.live = true; state.you = m.you; words(m.language, m.strings); daily(state.daily);
    status(m.you.name);
    if (state.daily) send({ type: "daily_open", language: state.daily.language });
    else if (state.world) send({ type: "world_open", language: state.world.language });
  },
  round(m) {
    if (away()) return; // the channel's round waits behind the daily board or the world round
    play(m); players(m.scoreboard, m.players); clockNote(m); team(m.team);
    state.live = true; pending.splice(0).forEach(send);
  },
  scoreboard(m) {
    if (away()) return;
    players(m.scoreboard, m.players); state.deadline = m.deadline; team(m.team); // bonus: the clock follows
  },
  daily(m) { daily(m); play(m); clockNote({}); team(null); },
  daily_verdict(m) { handlers.verdict(m); },
  daily_result(m) { daily(m); state.round = null; board.locked = true; dailyResult(m); },
  verdict(m) {
    const v = $("verdict");
    if (m.verdict === "accepted") {
      state.mine.push(m); mine();
      v.textContent = `✓ ${caps(m.shown)}` + (m.points != null ? ` +${m.points}` : ""); v.className = "verdict ok";
    } else {
      v.textContent = `✗ ${m.shown}: ${m.reason}`; v.className = "verdict no";
    }
    v.dataset.word = m.word; v.dataset.verdict = m.verdict;
  },
  results(m) { if (away()) return; state.round = null; pending.length = 0; board.locked = true; results(m); },
  no_round() { if (away()) return; state.round = null; pending.length = 0; state.live = true; view("idle"); $("idle-text").textContent = t("no_round"); $("start").hidden = false; },
  world_offer(m) { state.worldOffer = m.label; $("world").textContent = m.label; screens(); },
  world(m) { world(m); play(m); clockNote({}); team(m.yours); state.live = true; pending.splice(0).forEach(send); },
  world_verdict(m) { handlers.verdict(m); team(m.yours); },
  world_wait(m) {
    world(m); state.round = null; board.locked = true; view("idle"); $("clock").hidden = true;
    $("idle-text").textContent = ""; $("start").hidden = true;
  },
  world_results(m) { world(m); state.round = null; board.locked = true; worldResults(m); },
  error(m) {
    const v = $("verdict"); v.textContent = m.message; v.className = "verdict no";
    if (app.dataset.view === "idle") $("idle-text").textContent = m.message;
    if (app.dataset.view === "standings") { table("season", null); $("tabs").hidden = true; tab("all"); $("all-rows").replaceChildren(li(m.message, "")); }
  },
  definition(m) { definition(m); },
  achievements(m) { state.earned = m; earned(); },
  standings(m) { standings(m); },
  pong(m) { state.offset = m.now - Date.now() / 1000; },
};

// A word in capitals as the board's language writes them (Turkish "kişi" is "KİŞİ").
function caps(word) { return word.toLocaleUpperCase(state.boardLanguage || undefined); }

function receive(m) { (handlers[m.type] || (() => {}))(m); }

// A board to trace on with its clock: the channel's round, or the player's daily attempt.
// A round or a daily attempt to play. The same one again (a reconnect, or the channel's first
// look): the board stays as it is, with the word being traced and the keyboard's place.
function play(m) {
  const key = (x) => (x && (x.round_id !== undefined ? `round:${x.round_id}` : x.attempt_id !== undefined ? `daily:${x.attempt_id}` : `world:${x.number}`));
  const again = state.round !== null && key(state.round) === key(m);
  state.round = m; state.deadline = m.deadline; state.offset = m.now - Date.now() / 1000;
  state.mine = m.words; view("play"); board.locked = false; $("clock").hidden = false;
  state.boardLanguage = m.board.language;
  if (!again) { board.render(m.board); $("verdict").textContent = ""; }
  mine();
}

// How a bonus or untimed round's clock runs; an untimed round shows no clock at all.
function clockNote(m) {
  const note = $("clock-note");
  note.textContent = m.clock_note || ""; note.hidden = !m.clock_note;
  if (m.timer === "untimed") $("clock").hidden = true;
}

// A co-op round's team line: its share of the board's points and the next target.
function team(line) { const el = $("team"); el.textContent = line || ""; el.hidden = !line; }

// The page shows the player's daily attempt (m), or the channel (null).
function daily(m) {
  state.daily = m; app.dataset.daily = m ? "on" : ""; screens();
  if (m && m.title) status(m.title);
}

// The page shows the world round (m: the round, the wait for the next, or its results), or the
// channel (null); between rounds and over the results, when the next round opens.
function world(m) {
  state.world = m; app.dataset.world = m ? "on" : ""; screens();
  state.next = m && m.opens_at ? { at: m.opens_at, text: m.next } : null; $("next").hidden = !state.next;
  if (m) { state.offset = m.now - Date.now() / 1000; status(m.title || ""); }
}

// The bar's way to the player's own screens, and back from them to the channel.
function screens() {
  $("daily").hidden = away(); $("world").hidden = away() || !state.worldOffer; $("back").hidden = !away(); nav();
}

function dailyResult(m) {
  view("results"); state.boardLanguage = m.board.language; board.render(m.board); $("clock").hidden = true; $("again").hidden = true;
  $("results-h").textContent = m.title; $("summary").hidden = false; $("you-line").hidden = true;
  teamResult(null); state.resultsOf = null; earned();
  $("figures").textContent = m.figures; $("streak").textContent = m.streak;
  $("flagged").textContent = m.flagged || ""; $("flagged").hidden = !m.flagged;
  const item = li(t("your_words"), "");
  const chips = document.createElement("div"); chips.className = "chips";
  chips.append(...m.words.map((w) => chip(w, ` ${w.points}`)));
  item.append(chips);
  $("ranking").replaceChildren(item);
  meaning(null, m.language);
  missed(m.missed_total, m.missed.map((w) => chip(w, ` ${w.points}`)));
}

// The missed words, folded behind their count: a phone shows the ranking and Play again first.
function missed(total, chips) {
  $("missed-box").open = false; $("missed-box").hidden = !total;
  $("missed-h").textContent = `${t("missed")} (${total})`;
  $("missed").replaceChildren(...chips.map((c) => { const item = document.createElement("li"); item.append(c); return item; }));
}

function mine() {
  $("mine").replaceChildren(...state.mine.map((w) => li(caps(w.shown), w.points != null ? `+${w.points}` : "")));
}

// The scoreboard: everyone, or a crowd's top then the reader's own row after a gap, with places.
function players(rows, total) {
  const cut = total > rows.length;
  $("players-h").textContent = cut ? `${t("players")} (${total})` : t("players");
  $("players").replaceChildren(...gapped(rows, (p) => {
    const item = li((cut ? `${p.rank}. ` : "") + p.name + (p.you ? ` (${t("you")})` : ""), p.shown);
    item.classList.toggle("you", p.you);
    return item;
  }));
}

// Rows as items, a "…" item where the ranks jump past the top (the reader's own row).
function gapped(rows, item) {
  return rows.flatMap((p, i) => {
    const gap = i > 0 && p.you && p.rank > rows[i - 1].rank + 1 && i === rows.length - 1;
    return gap ? [Object.assign(li("…", ""), { className: "gap" }), item(p)] : [item(p)];
  });
}

function li(left, right) {
  const item = document.createElement("li");
  const a = document.createElement("span"); a.textContent = left;
  const b = document.createElement("span"); b.textContent = right;
  item.append(a, b);
  return item;
}

// A word of the results: a tap shows its path on the board and asks for its meaning.
function chip(w, extra = "") {
  const b = document.createElement("button");
  b.type = "button"; b.textContent = caps(w.shown) + extra; b.setAttribute("aria-pressed", "false");
  b.dataset.word = w.word;
  b.addEventListener("click", () => {
    document.querySelectorAll("#results [aria-pressed=true]").forEach((x) => x.setAttribute("aria-pressed", "false"));
    b.setAttribute("aria-pressed", "true"); board.show(w.path);
    meaning(w); send({ type: "define", word: w.word, language: state.wordsLanguage });
  });
  return b;
}

// The tapped word's meaning, at the foot of the results: the word while it is asked for, then
// its readings (a form of a lemma, senses with their part of speech) or why it has none.
function meaning(w, language) {
  if (language) state.wordsLanguage = language;
  state.defining = w ? w.word : null;
  $("meaning").hidden = !w;
  if (!w) return;
  $("meaning-word").textContent = caps(w.shown); $("meaning-body").replaceChildren(note("…"));
}
function note(text) { return Object.assign(document.createElement("p"), { className: "note", textContent: text }); }
function definition(m) {
  if (m.word !== state.defining) return; // another word was tapped since
  $("meaning-word").textContent = caps(m.shown);
  const parts = m.readings.map((r) => {
    const part = document.createElement("div"); part.className = "reading";
    if (r.form) part.append(note(r.form));
    const senses = document.createElement("ol");
    senses.append(...r.senses.map((s) => {
      const item = document.createElement("li");
      if (s.pos) item.append(Object.assign(document.createElement("em"), { textContent: `${s.pos} ` }));
      item.append(s.gloss);
      return item;
    }));
    part.append(senses);
    return part;
  });
  $("meaning-body").replaceChildren(...(m.note ? [note(m.note)] : []), ...parts);
}

// A co-op round's team at the end: its share of the board's points and its medal.
function teamResult(team) {
  const el = $("team-result");
  el.textContent = team ? team.shown : ""; el.hidden = !team; el.dataset.medal = team && team.medal ? team.medal : "";
}

// A closed world round as /world shows it privately: the world's top ten, the player's rank,
// their server's place, their words and the rarest words with their share of players.
function worldResults(m) {
  view("results"); state.boardLanguage = m.board.language; board.render(m.board); $("clock").hidden = true; $("again").hidden = true;
  $("results-h").textContent = m.title; $("you-line").hidden = false; $("you-line").textContent = m.you;
  $("summary").hidden = !m.server; $("figures").textContent = m.server || ""; $("streak").textContent = ""; $("flagged").hidden = true;
  teamResult(null); state.resultsOf = null; earned();
  const top = document.createElement("li"); top.id = "world-top";
  const rows = document.createElement("ol"); rows.className = "players";
  rows.append(...(m.top.length ? m.top.map((p) => { const item = li(`${p.rank}. ${p.name}` + (p.you ? ` (${t("you")})` : ""), p.shown); item.classList.toggle("you", p.you); return item; }) : [li(m.nobody || "", "")]));
  top.append(Object.assign(document.createElement("div"), { className: "head", textContent: m.top_title }), rows);
  const listed = (id, title, words, extra) => {
    const item = li(title, ""); item.id = id;
    const chips = document.createElement("div"); chips.className = "chips";
    chips.append(...words.map((w) => chip(w, extra(w)))); item.append(chips);
    return item;
  };
  $("ranking").replaceChildren(top, ...(m.words.length ? [listed("world-mine", t("your_words"), m.words, (w) => ` ${w.points}`)] : []),
    ...(m.rarest.length ? [listed("world-rarest", m.rarest_title, m.rarest, (w) => ` ${w.share}`)] : []));
  meaning(null, m.language);
  missed(0, []);
}

function results(m) {
  view("results"); state.boardLanguage = m.board.language; board.render(m.board); $("clock").hidden = true;
  $("again").hidden = false; $("summary").hidden = true; $("results-h").textContent = t("results");
  const me = m.ranking.find((p) => p.you);
  $("you-line").hidden = false;
  const refused = m.refused.map((r) => r.shown).join(", ");
  $("you-line").textContent = me ? t("your_rank", { rank: me.rank, players: m.players, points: me.shown })
    : refused ? t("you_refused", { words: refused }) : t("you_nothing");
  $("ranking").replaceChildren(...(m.ranking.length ? gapped(m.ranking, (p) => {
    const item = document.createElement("li");
    item.classList.toggle("you", p.you);
    const head = document.createElement("div"); head.className = "head";
    head.append(Object.assign(document.createElement("span"), { textContent: `${p.rank}. ${p.name}` }),
      Object.assign(document.createElement("span"), { textContent: p.shown }));
    const chips = document.createElement("div"); chips.className = "chips";
    chips.append(...p.words.map((w) => { const c = chip(w, ` ${w.points}`); if (w.shared) { c.classList.add("shared"); c.title = t("shared"); } return c; }));
    item.append(head);
    if (p.contribution) item.append(Object.assign(document.createElement("p"), { className: "contribution", textContent: p.contribution }));
    item.append(chips);
    return item;
  }) : [li(t("nobody"), "")]));
  teamResult(m.team); state.resultsOf = m.round_id; earned();
  meaning(null, m.language);
  missed(m.missed.length, m.missed.map((w) => chip(w)));
}

// What the player earned in the round whose results are shown (it may arrive before them).
function earned() {
  const got = state.earned && state.earned.round_id === state.resultsOf ? state.earned.earned : [];
  $("earned").hidden = !got.length;
  $("earned-list").replaceChildren(...got.map((a) => {
    const item = document.createElement("li"); item.dataset.code = a.code;
    item.append(Object.assign(document.createElement("strong"), { textContent: a.name }),
      Object.assign(document.createElement("span"), { textContent: a.what }));
    return item;
  }));
}

// The server's standings: this season's beside all time's (two columns, or a tab each on a
// phone); all time alone when the server has seasons off.
function openStandings() {
  state.before = app.dataset.view; view("standings");
  for (const id of ["season-rows", "all-rows"]) $(id).replaceChildren(li("…", ""));
  send({ type: "standings" });
}
function standings(m) {
  if (app.dataset.view !== "standings") return; // closed, or a round began, meanwhile
  table("season", m.season); table("all", m.all_time);
  $("tabs").hidden = !m.season; tab(m.season ? state.tab : "all");
}
function table(id, b) {
  $(`${id}-col`).hidden = !b; $(`${id}-tab`).textContent = b ? b.title : "";
  if (!b) return;
  $(`${id}-title`).textContent = b.title;
  $(`${id}-rows`).replaceChildren(...(b.rows.length ? gapped(b.rows, (p) => {
    const item = li(`${p.rank}. ${p.name}` + (p.you ? ` (${t("you")})` : ""), p.shown);
    item.classList.toggle("you", p.you);
    return item;
  }) : [li(t("empty"), "")]));
  const note = $(`${id}-note`); note.hidden = !b.rows.length || b.rows.some((p) => p.you); note.textContent = t("not_ranked");
}
function tab(name) {
  $("standings").dataset.tab = name; if (!$("tabs").hidden) state.tab = name;
  for (const id of ["season", "all"]) $(`${id}-tab`).setAttribute("aria-selected", String(id === name));
}

function tick() {
  if (state.round) {
    const left = Math.max(0, state.deadline - (Date.now() / 1000 + state.offset));
    const s = Math.ceil(left);
    $("time").textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
    $("clock").classList.toggle("low", left <= 10);
  }
  if (state.next) {
    const s = Math.ceil(Math.max(0, state.next.at - (Date.now() / 1000 + state.offset)));
    $("next").textContent = state.next.text.replace("{time}", `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`);
    if (state.world && app.dataset.view === "idle") $("idle-text").textContent = $("next").textContent;
  }
  requestAnimationFrame(tick);
}

// Send (or Enter): the typed word, else the word tapped die by die.
$("typed").addEventListener("submit", (e) => {
  e.preventDefault();
  const word = $("type").value.trim();
  if (!word) return board.submit();
  submit(word, state.round ? findPath(state.round.board, word) : null);
  $("type").value = ""; board.show([]);
});
// Enter or Escape with nothing focused: the tapped word is sent, or cleared.
document.addEventListener("keydown", (e) => {
  if (e.target !== document.body || !board.path.length) return;
  if (e.key === "Enter") board.submit(); else if (e.key === "Escape") board.clear();
});
$("clear").addEventListener("click", () => board.clear());
$("type").addEventListener("input", () => {
  if (board.path.length) board.clear(); // typing takes over from tapped dice
  const word = $("type").value.trim();
  const path = state.round && word ? findPath(state.round.board, word) : null;
  board.paint(path || [], true);
});
$("again").addEventListener("click", () => send({ type: "start" }));
$("meaning-close").addEventListener("click", () => meaning(null));
$("start").addEventListener("click", () => send({ type: "start" }));
$("daily").addEventListener("click", () => send({ type: "daily_open" }));
$("world").addEventListener("click", () => send({ type: "world_open" }));
$("standings-open").addEventListener("click", openStandings);
$("standings-close").addEventListener("click", () => view(state.before));
$("season-tab").addEventListener("click", () => tab("season"));
$("all-tab").addEventListener("click", () => tab("all"));
$("back").addEventListener("click", () => {
  const closing = state.world ? "world_close" : "daily_close";
  daily(null); world(null); status(state.you ? state.you.name : ""); send({ type: closing });
});
setInterval(() => send({ type: "ping" }), 15000);

status("…");
loadWords().then(() => { status(t("connecting")); return signIn(); })
  .then(({ token, instance }) => { state.token = token; connect(instance); requestAnimationFrame(tick); })
  .catch(() => closed("sign_in_failed"));
