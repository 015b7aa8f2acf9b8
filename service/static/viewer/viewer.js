// The deal viewer: a client of the referee's public API (openapi.yaml), on the same origin.
// It knows the contract (card codes, seats in turn order, team = seat % 2) and no rule of
// the game: every ruling on the page is an answer of the replay, legal-moves,
// plays/validate or analysis/solve endpoints of classic belote or of coinche (VARIANTS).

import { STRINGS, RANKS, SHORT_RANKS, SUITS } from "./strings.js";

const SEATS = 4;
const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SYMBOL_SUITS = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };
// The parts of a team's score in a replay's breakdown (classic or coinche), in reading order.
const BREAKDOWN = ["cards", "belote", "annonces", "capot_bonus", "contract", "multiplier", "rounding", "total"];

// Each variant's endpoints. A coinche record names its `contract`; a classic one its `trump`
// and `taker`. Coinche has no picture (render) endpoint.
const VARIANTS = {
  classic: {
    replay: "/v1/deals/replay",
    legal: "/v1/legal-moves",
    validate: "/v1/plays/validate",
    solve: "/v1/analysis/solve",
    render: "/v1/deals/render",
  },
  coinche: {
    replay: "/v1/coinche/deals/replay",
    legal: "/v1/coinche/legal-moves",
    validate: "/v1/coinche/plays/validate",
    solve: "/v1/coinche/analysis/solve",
    render: null,
  },
};

const state = {
  lang: "en",
  record: null, // the body of a replay (classic or coinche), as the arbiter gave it
  variant: "classic", // the record's: a key of VARIANTS
  replay: null, // its answer
  plays: [], // [{card, seat, trick, index}] in play order, from the replay's tricks
  step: 0, // how many plays are shown
  refused: null, // the text of the record last refused, told again in another language
  analysis: {}, // variant -> whether the service has its solve endpoint
  longestBudget: {}, // variant -> the longest search (budget_ms) the contract allows
};

const $ = (id) => document.getElementById(id);
const t = (key, params = {}) =>
  (STRINGS[state.lang][key] ?? STRINGS.en[key]).replace(/\{(\w+)\}/g, (_, name) => params[name]);
/** A sentence that begins with a card's name: "Ten of diamonds may not be played." */
const sentence = (key, params) => {
  const text = t(key, params);
  return text.charAt(0).toUpperCase() + text.slice(1);
};

// --- the contract's notation --------------------------------------------------------------

/** A card code as the service writes it: "th" -> "10H", "J♥" -> "JH". */
function canonical(code) {
  const text = String(code).trim().toUpperCase();
  const suit = SYMBOL_SUITS[text.slice(-1)] ?? text.slice(-1);
  const rank = text.slice(0, -1) === "T" ? "10" : text.slice(0, -1);
  return rank + suit;
}

const suitOf = (code) => code.slice(-1);
const rankOf = (code) => code.slice(0, -1);
const teamOf = (seat) => seat % 2;

/** The words a screen reader says for a card: "jack of hearts", "valet de cœur". */
function cardName(code) {
  const name = t("cardName", { rank: RANKS[state.lang][rankOf(code)], suit: SUITS[state.lang][suitOf(code)] });
  return suitOf(code) === trumpSuit() ? `${name}, ${t("trumpWord")}` : name;
}

const variantOf = (record) => (typeof record.contract === "object" && record.contract !== null ? "coinche" : "classic");
const endpoint = (name) => VARIANTS[state.variant][name];

/** The record's strain: a suit letter (classic's trump, or a coinche suit), "SA" or "TA". */
function strain() {
  const { record } = state;
  const text = String(state.variant === "coinche" ? record.contract.strain : record.trump).trim().toUpperCase();
  return SYMBOL_SUITS[text] ?? text;
}

/** The one trump suit, or null (sans-atout, and tout-atout where every suit is trump). */
const trumpSuit = () => (strain().length === 1 ? strain() : null);

const takerOf = (record) => (variantOf(record) === "coinche" ? record.contract.taker : record.taker);

// --- the API ---------------------------------------------------------------------------------

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Accept-Language": state.lang },
    body: JSON.stringify(body),
  });
  const type = response.headers.get("Content-Type") ?? "";
  const data = type.includes("json") ? await response.json() : await response.blob();
  return { status: response.status, data };
}

async function discoverAnalysis() {
  // The contract says which paths exist (asking it avoids probing for a 404) and the longest
  // search it allows.
  const response = await fetch("/openapi.json");
  const contract = await response.json();
  for (const [variant, paths] of Object.entries(VARIANTS)) {
    const operation = contract.paths?.[paths.solve]?.post;
    state.analysis[variant] = operation !== undefined;
    let schema = operation?.requestBody?.content?.["application/json"]?.schema;
    if (schema?.$ref) schema = contract.components?.schemas?.[schema.$ref.split("/").pop()];
    state.longestBudget[variant] = schema?.properties?.budget_ms?.maximum ?? null;
  }
}

// --- the record in the URL fragment ----------------------------------------------------------

function encodeRecord(record) {
  const bytes = new TextEncoder().encode(JSON.stringify(record));
  let binary = "";
  bytes.forEach((byte) => (binary += String.fromCharCode(byte)));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeRecord(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
}

function fragment() {
  const params = new URLSearchParams({ lang: state.lang });
  if (state.record) {
    params.set("record", encodeRecord(state.record));
    params.set("step", String(state.step));
  }
  return `#${params}`;
}

function remember() {
  history.replaceState(null, "", fragment());
  $("share-link").href = location.href;
}

// --- reading a record ------------------------------------------------------------------------

/** Where each JSON Pointer of a JSON text lies: pointer -> [start, end). The text is valid
 * JSON (JSON.parse read it first). */
function pointerSpans(text) {
  const spans = new Map();
  let i = 0;
  const blank = () => {
    while (/\s/.test(text[i] ?? "")) i++;
  };
  const string = () => {
    const start = i++;
    while (text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i));
  };
  const value = (pointer) => {
    blank();
    const start = i;
    if (text[i] === "{" || text[i] === "[") {
      const object = text[i++] === "{";
      let index = 0;
      blank();
      while (text[i] !== "}" && text[i] !== "]") {
        let key = index++;
        if (object) {
          blank();
          key = string();
          blank();
          i++; // the colon
        }
        value(`${pointer}/${String(key).replace(/~/g, "~0").replace(/\//g, "~1")}`);
        blank();
        if (text[i] === ",") i++;
        blank();
      }
      i++;
    } else if (text[i] === '"') {
      string();
    } else {
      while (i < text.length && !/[\s,\]}]/.test(text[i])) i++;
    }
    spans.set(pointer, [start, i]);
  };
  value("");
  return spans;
}

/** The span a problem's pointer names, or its nearest ancestor present in the text. */
function spanOf(spans, pointer) {
  let current = pointer;
  while (!spans.has(current) && current) current = current.slice(0, current.lastIndexOf("/"));
  return spans.get(current);
}

const unescapeKey = (key) => key.replace(/~1/g, "/").replace(/~0/g, "~");

/** The part of a record a JSON Pointer names, in words: "/plays/2" -> "play 3". */
function partName(pointer) {
  const keys = pointer.split("/").slice(1).map(unescapeKey);
  const [head, ...rest] = keys;
  const nth = (index) => Number(index) + 1;
  if (head === undefined) return t("part_record");
  if (head === "plays" && rest.length === 1) return t("part_play", { n: nth(rest[0]) });
  if (head === "hands" && rest.length === 1) return t("part_hand", { seat: rest[0] });
  if (head === "hands" && rest.length === 2) return t("part_handCard", { seat: rest[0], n: nth(rest[1]) });
  if ((head === "rules" || head === "contract") && rest.length === 1) return t(`part_${head}Part`, { name: rest[0] });
  if (!rest.length && Object.hasOwn(STRINGS.en, `part_${head}`)) return t(`part_${head}`);
  return t("part_field", { name: keys.join(" › ") });
}

/** A sentence of the referee's, each JSON Pointer in it named in words. */
const inWords = (message) =>
  message.replace(/(^|[\s(])(\/[A-Za-z_]\w*(?:\/[\w~.-]+)*)/g, (_, before, pointer) => before + partName(pointer));

const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** What is wrong with a record, for the person who pasted it: a sentence, what to do, each
 * part the referee named (a button selecting it in the text area) and the text again with
 * those parts marked. `at` marks one position instead (where a text stops being JSON). */
function showProblem({ title, help = "", errors = [], text = "", at = null }) {
  const box = $("problem");
  $("problem-title").textContent = title;
  $("problem-help").textContent = help;
  const list = $("problem-errors");
  const shown = $("problem-record");
  list.replaceChildren();
  shown.replaceChildren();
  shown.setAttribute("aria-hidden", "true");
  box.hidden = false;
  if (at !== null) {
    const mark = document.createElement("mark");
    mark.textContent = text.slice(at, at + 1).trim() || " ";
    shown.append(text.slice(0, at), mark, text.slice(at + 1));
    shown.setAttribute("aria-hidden", "false");
    return;
  }
  if (!errors.length) return;
  const spans = text ? pointerSpans(text) : new Map();
  const marks = errors.map((error) => ({ ...error, span: spanOf(spans, error.pointer) }));
  marks.forEach((error, n) => {
    const item = document.createElement("li");
    const part = capitalised(partName(error.pointer));
    // A part the text does not hold is one the record lacks.
    const message = text && !spans.has(error.pointer) ? t("missing") : inWords(error.message);
    if (error.span) {
      const link = document.createElement("button");
      link.type = "button";
      link.className = "pointer";
      link.textContent = part;
      link.addEventListener("click", () => {
        const area = $("record");
        area.focus();
        area.setSelectionRange(...error.span);
      });
      item.append(link, `${t("colon")} ${message}`);
    } else {
      item.append(`${part}${t("colon")} ${message}`);
    }
    item.dataset.pointer = error.pointer;
    item.id = `problem-${n}`;
    list.append(item);
  });
  if (!text) return;
  // The record again, each part a problem names marked (outermost spans first).
  const cuts = marks
    .map((error, n) => ({ n, start: error.span[0], end: error.span[1] }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  let done = 0;
  for (const cut of cuts) {
    if (cut.start < done) continue; // inside a part already marked
    shown.append(text.slice(done, cut.start));
    const mark = document.createElement("mark");
    mark.textContent = text.slice(cut.start, cut.end);
    mark.dataset.pointer = marks[cut.n].pointer;
    shown.append(mark);
    done = cut.end;
  }
  shown.append(text.slice(done));
  shown.setAttribute("aria-hidden", "false");
}

/** Why a text is not JSON, in words, with where it stops being JSON when the browser says. */
function notJson(text, error) {
  if (!text.trim()) return { title: t("empty") };
  const found = /position (\d+)/.exec(error.message);
  const at = found ? Number(found[1]) : /end of JSON/i.test(error.message) ? text.length : null;
  if (at === null) return { title: t("notJson"), help: t("notJsonWhere") };
  const before = text.slice(0, at).split("\n");
  const where = { line: before.length, column: before[before.length - 1].length + 1 };
  return { title: t("notJson"), help: t("notJsonAt", where), text, at };
}

/** The title of a problem the referee answered, by its type. */
function problemTitle(problem) {
  const kind = String(problem.type ?? "").split("/").pop();
  return { "invalid-request": t("unreadable"), "inconsistent-input": t("impossible") }[kind] ?? t("cannotJudge");
}

function formatRecord(record) {
  const lines = Object.entries(record).map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`);
  return `{\n${lines.join(",\n")}\n}`;
}

/** The table is taken away while the record in the text area cannot be shown. */
function refuse(problem, text = null) {
  state.record = null;
  state.refused = text;
  $("viewer").hidden = true;
  showProblem(problem);
}

async function showRecord(text, step = 0) {
  $("problem").hidden = true;
  let record;
  try {
    record = JSON.parse(text);
  } catch (error) {
    refuse(notJson(text, error), text);
    return;
  }
  if (typeof record !== "object" || record === null || Array.isArray(record)) {
    refuse({ title: t("notObject") }, text);
    return;
  }
  const { status, data } = await post(VARIANTS[variantOf(record)].replay, record);
  if (status !== 200) {
    const errors = data.errors ?? [];
    refuse({ title: problemTitle(data), help: errors.length ? t("fixIt") : "", errors, text }, text);
    return;
  }
  state.record = record;
  state.variant = variantOf(record);
  state.refused = null;
  state.replay = data;
  state.plays = data.tricks.flatMap((trick, number) =>
    trick.cards.map((card, i) => ({ card, seat: (trick.leader + i) % SEATS, trick: number })),
  );
  state.plays.forEach((play, index) => (play.index = index));
  state.step = Math.max(0, Math.min(step, state.plays.length));
  $("viewer").hidden = false;
  render();
}

// --- what the table shows at a step ----------------------------------------------------------

/** The seat to play after `step` plays (null when the deal is over). */
function toMove(step) {
  return step < state.plays.length ? state.plays[step].seat : state.replay.to_move ?? null;
}

/** The trick as it stands before play `step`: its leader and the cards already on it. */
function trickBefore(step) {
  const number = Math.floor(step / SEATS);
  const trick = state.replay.tricks[number];
  const cards = trick ? trick.cards.slice(0, step % SEATS) : [];
  return { leader: trick ? trick.leader : state.replay.to_move, cards };
}

/** Each seat's cards still in hand after `step` plays, when the record gives the hands. */
function handsAt(step) {
  if (!state.record.hands) return null;
  const played = new Set(state.plays.slice(0, step).map((play) => play.card));
  return state.record.hands.map((hand) => hand.map(canonical).filter((card) => !played.has(card)));
}

function marks() {
  const found = new Map();
  state.replay.renonces.forEach((renonce, n) => {
    found.set(renonce.play, { kind: "renonce", label: `R${n + 1}`, n });
    const proof = renonce.proof ?? {};
    if (proof.play !== undefined && proof.play !== null && !found.has(proof.play)) {
      found.set(proof.play, { kind: "proof", label: `P${n + 1}`, n });
    }
  });
  return found;
}

function cardElement(code, { button = false, mark = null } = {}) {
  const element = document.createElement(button ? "button" : "span");
  const suit = suitOf(code);
  element.className = `card suit-${suit}`;
  if (suit === trumpSuit()) element.classList.add("trump");
  element.dataset.card = code;
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.textContent = rankOf(code);
  const symbol = document.createElement("span");
  symbol.className = "suit";
  symbol.textContent = SUIT_SYMBOLS[suit];
  element.append(rank, symbol);
  let label = cardName(code);
  if (mark) {
    element.classList.add(mark.kind);
    const badge = document.createElement("span");
    badge.className = "badge";
    badge.textContent = mark.label;
    element.append(badge);
    label += `. ${t(mark.kind === "renonce" ? "markRenonce" : "markProof", { n: mark.n + 1 })}`;
  }
  if (button) {
    element.type = "button";
    element.setAttribute("aria-label", label);
  } else {
    element.setAttribute("role", "img");
    element.setAttribute("aria-label", label);
    rank.setAttribute("aria-hidden", "true");
    symbol.setAttribute("aria-hidden", "true");
  }
  symbol.setAttribute("aria-hidden", "true");
  return element;
}

/** "Trump ♠ spades · dealer: seat 3 · taker: seat 0", or a coinche contract:
 * "Contract 120 all trumps (TA), coinched · taker: seat 0 · dealer: seat 3". */
function contractLine() {
  const { record } = state;
  const named = strain().length === 1 ? `${SUIT_SYMBOLS[strain()]} ${SUITS[state.lang][strain()]}` : t(`strain${strain()}`);
  if (state.variant === "classic") return t("contract", { trump: named, dealer: record.dealer, taker: record.taker });
  const { value, taker, coinche = 0 } = record.contract;
  return t("contractCoinche", {
    value: value === "capot" ? t("capotBid") : value,
    strain: named,
    level: ["", t("coinched"), t("surcoinched")][coinche] ?? "",
    taker,
    dealer: record.dealer,
  });
}

function render() {
  renderStatic();
  if (!state.record) return;
  const { record, replay, step } = state;
  const mover = toMove(step);
  const hands = handsAt(step);
  const marked = marks();

  $("contract").textContent = contractLine();
  const taker = takerOf(record);

  for (let seat = 0; seat < SEATS; seat++) {
    const box = $(`seat-${seat}`);
    box.classList.toggle("to-move", seat === mover);
    const heading = document.createElement("h3");
    heading.textContent = t("seat", { seat });
    const roles = document.createElement("span");
    roles.className = "roles";
    const badges = [[t("team", { team: teamOf(seat) }), `team team-${teamOf(seat)}`]];
    if (seat === record.dealer) badges.push([t("dealerBadge"), "role"]);
    if (seat === taker) badges.push([t("takerBadge"), "role taker"]);
    if (seat === mover) badges.push([t("toMove"), "role move"]);
    for (const [text, className] of badges) {
      const badge = document.createElement("span");
      badge.className = className;
      badge.textContent = text;
      roles.append(badge);
    }
    heading.append(" ", roles);
    const hand = document.createElement("div");
    hand.className = "hand";
    hand.setAttribute("role", "group");
    hand.setAttribute("aria-label", t("handOf", { seat }));
    if (hands) {
      for (const card of hands[seat]) {
        const element = cardElement(card, { button: seat === mover });
        if (seat === mover) element.addEventListener("click", () => judge(card));
        hand.append(element);
      }
    } else {
      const left = 8 - state.plays.slice(0, step).filter((play) => play.seat === seat).length;
      const unknown = document.createElement("p");
      unknown.className = "unknown";
      unknown.textContent = t("handUnknown", { n: left });
      hand.append(unknown);
    }
    box.replaceChildren(heading, hand);
  }

  renderCenter(marked);
  // The trick of the next card: after card 16, trick 5 (a solve from here is of that trick).
  const over = step === state.plays.length && replay.complete;
  $("step-label").textContent = over
    ? t("stepOver", { k: step, n: state.plays.length })
    : t("step", { k: step, n: state.plays.length, trick: Math.floor(step / SEATS) + 1 });
  $("first").disabled = $("prev").disabled = step === 0;
  $("last").disabled = $("next").disabled = step === state.plays.length;

  renderPoints();
  renderRenonces();
  renderTricks(marked);
  $("analysis").hidden = !state.analysis[state.variant] || !record.hands;
  $("picture").hidden = !endpoint("render");
  $("analysis-result").replaceChildren();
  $("analysis-result").removeAttribute("aria-busy");
  if (hands && mover !== null) markLegal(mover, hands[mover]);
  remember();
}

function renderCenter(marked) {
  const { step } = state;
  const center = $("center");
  center.replaceChildren();
  if (step === 0) {
    const note = document.createElement("p");
    note.textContent = t("notStarted");
    center.append(note);
    return;
  }
  const number = Math.floor((step - 1) / SEATS);
  const trick = state.replay.tricks[number];
  const shown = state.plays.filter((play) => play.trick === number && play.index < step);
  const title = document.createElement("p");
  title.className = "trick-title";
  title.textContent = `${t("trickN", { n: number + 1 })} · ${t("ledBy", { seat: trick.leader })}`;
  center.append(title);
  const spots = document.createElement("div");
  spots.className = "spots";
  for (const play of shown) {
    const spot = document.createElement("div");
    spot.className = `spot spot-${play.seat}`;
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = t("seat", { seat: play.seat });
    const element = cardElement(play.card, { mark: marked.get(play.index) });
    if (play.seat === trick.leader) element.classList.add("led");
    const complete = shown.length === SEATS && trick.winner !== undefined && trick.winner !== null;
    if (complete && play.seat === trick.winner) element.classList.add("winner");
    spot.append(who, element);
    spots.append(spot);
  }
  center.append(spots);
  if (shown.length === SEATS && trick.winner !== undefined && trick.winner !== null) {
    const result = document.createElement("p");
    result.className = "trick-result";
    result.textContent = t("wins", { seat: trick.winner, points: trick.points });
    center.append(result);
  }
}

function renderPoints() {
  const { replay, step } = state;
  const complete = Math.floor(step / SEATS);
  const points = [0, 0];
  replay.tricks.slice(0, complete).forEach((trick) => {
    if (trick.winner !== undefined && trick.winner !== null) points[teamOf(trick.winner)] += trick.points;
  });
  $("running").textContent = t("running", { a: points[0], b: points[1] });
  const box = $("score");
  box.replaceChildren();
  const score = replay.score ?? null;
  if (!score || step < state.plays.length) return;
  const summary = document.createElement("p");
  summary.className = "score-line";
  summary.id = "score-line";
  summary.textContent = t("score", { contract: t(`contract_${score.contract}`), a: score.score[0], b: score.score[1] });
  const table = document.createElement("table");
  table.className = "breakdown";
  const caption = document.createElement("caption");
  caption.textContent = t("breakdown");
  // One row per part of the score, one column per team: narrow enough for any panel.
  const teams = score.breakdown;
  const head = document.createElement("tr");
  for (const text of ["", ...teams.map((row) => t("teamName", { team: row.team }))]) {
    const cell = document.createElement("th");
    cell.scope = "col";
    cell.textContent = text;
    head.append(cell);
  }
  table.append(caption, head);
  for (const key of BREAKDOWN.filter((part) => part in (teams[0] ?? {}))) {
    const line = document.createElement("tr");
    line.dataset.part = key;
    const name = document.createElement("th");
    name.scope = "row";
    name.textContent = t(`col_${key}`);
    line.append(name);
    for (const row of teams) {
      const cell = document.createElement("td");
      cell.textContent = row[key];
      cell.dataset.team = row.team;
      line.append(cell);
    }
    table.append(line);
  }
  box.append(summary, table);
  const notes = [];
  if (score.capot !== undefined && score.capot !== null) notes.push(t("capot", { team: score.capot }));
  if (score.reserve) notes.push(t("reserve", { n: score.reserve }));
  if (score.renonce !== undefined && score.renonce !== null) notes.push(t("offender", { team: score.renonce }));
  for (const text of notes) {
    const note = document.createElement("p");
    note.textContent = text;
    box.append(note);
  }
}

/** A card as players write it, in the page's language: "K♥", "R♥". */
function shortName(code) {
  const rank = rankOf(code);
  return `${SHORT_RANKS[state.lang][rank] ?? rank}${SUIT_SYMBOLS[suitOf(code)]}`;
}

/** Whether play `index` is on the table at the current step (shown), or still to come. */
const played = (index) => index < state.step;

function proofText(renonce, n) {
  const proof = renonce.proof ?? {};
  if (proof.play === undefined || proof.play === null) return t("proofHand");
  const trick = Math.floor(proof.play / SEATS) + 1;
  if (!played(proof.play)) return t("proofToCome", { trick });
  return t("proofLater", { card: shortName(proof.card), n, trick });
}

function renderRenonces() {
  const list = $("renonces");
  list.replaceChildren();
  const { renonces } = state.replay;
  const happened = renonces.filter((renonce) => played(renonce.play));
  if (!happened.length) {
    const none = document.createElement("li");
    none.className = "none";
    none.textContent = t("noRenonce");
    list.append(none);
  }
  renonces.forEach((renonce, index) => {
    const item = document.createElement("li");
    item.className = "renonce-item";
    item.dataset.renonce = String(index + 1);
    const head = document.createElement("p");
    head.className = "renonce-head";
    const go = document.createElement("button");
    go.type = "button";
    go.textContent = t("goTo");
    go.addEventListener("click", () => goTo(renonce.play + 1));
    if (!played(renonce.play)) {
      // Marked, not told: what it is shows when the deal gets there.
      item.classList.add("to-come");
      head.textContent = t("renonceToCome", { n: index + 1, trick: renonce.trick + 1 });
      item.append(head, go);
      list.append(item);
      return;
    }
    head.textContent = t("renonceLine", {
      n: index + 1,
      trick: renonce.trick + 1,
      seat: renonce.seat,
      card: shortName(renonce.card),
    });
    const sentence = document.createElement("p");
    sentence.className = "violation";
    sentence.textContent = renonce.violation.message;
    const proof = document.createElement("p");
    proof.className = "proof";
    proof.textContent = proofText(renonce, index + 1);
    item.append(head, sentence, proof, go);
    list.append(item);
  });
}

function renderTricks(marked) {
  const list = $("tricks");
  list.replaceChildren();
  const current = Math.floor(Math.max(state.step - 1, 0) / SEATS);
  state.replay.tricks.forEach((trick, number) => {
    const item = document.createElement("li");
    item.className = "trick";
    if (number === current && state.step > 0) {
      item.classList.add("current");
      item.setAttribute("aria-current", "step");
    }
    const go = document.createElement("button");
    go.type = "button";
    go.className = "trick-number";
    go.textContent = t("trickN", { n: number + 1 });
    go.addEventListener("click", () => goTo(number * SEATS + trick.cards.length));
    const first = number * SEATS;
    if (!played(first)) {
      item.classList.add("to-come");
      const later = document.createElement("span");
      later.className = "trick-leader";
      later.textContent = t("toCome");
      item.append(go, later);
      list.append(item);
      return;
    }
    const led = document.createElement("span");
    led.className = "trick-leader";
    led.textContent = t("ledBy", { seat: trick.leader });
    const cards = document.createElement("span");
    cards.className = "trick-cards";
    const shown = trick.cards.filter((_, i) => played(first + i));
    const finished = shown.length === SEATS && trick.winner !== undefined && trick.winner !== null;
    shown.forEach((card, i) => {
      const element = cardElement(card, { mark: marked.get(first + i) });
      if (finished && (trick.leader + i) % SEATS === trick.winner) element.classList.add("winner");
      cards.append(element);
    });
    const result = document.createElement("span");
    result.className = "trick-won";
    result.textContent = finished ? t("wins", { seat: trick.winner, points: trick.points }) : "…";
    item.append(go, led, cards, result);
    list.append(item);
  });
}

function renderStatic() {
  document.documentElement.lang = state.lang;
  document.title = t("pageTitle");
  for (const element of document.querySelectorAll("[data-t]")) element.textContent = t(element.dataset.t);
  for (const element of document.querySelectorAll("[data-t-label]")) element.setAttribute("aria-label", t(element.dataset.tLabel));
  for (const lang of ["en", "fr"]) $(`lang-${lang}`).setAttribute("aria-pressed", String(lang === state.lang));
}

// --- asking the referee about a card -----------------------------------------------------------

function situation(step) {
  const { record } = state;
  const trick = trickBefore(step);
  const mover = toMove(step);
  const played = { leader: trick.leader, trick: trick.cards, hand: handsAt(step)[mover], rules: record.rules ?? {} };
  return state.variant === "coinche" ? { strain: record.contract.strain, ...played } : { trump: record.trump, ...played };
}

async function markLegal(mover, hand) {
  const step = state.step;
  if (!hand.length) return;
  const { status, data } = await post(endpoint("legal"), situation(step));
  if (status !== 200 || step !== state.step) return;
  const legal = new Set(data.legal);
  for (const element of $(`seat-${mover}`).querySelectorAll(".card")) {
    const ok = legal.has(element.dataset.card);
    element.classList.toggle("legal", ok);
    element.classList.toggle("illegal", !ok);
  }
}

async function judge(card) {
  const step = state.step;
  const { status, data } = await post(endpoint("validate"), { ...situation(step), card });
  const box = $("verdict");
  box.replaceChildren();
  if (status !== 200) {
    box.replaceChildren(paragraph(t("cannotValidate")));
    return;
  }
  const verdict = document.createElement("p");
  verdict.className = data.legal ? "legal-verdict" : "illegal-verdict";
  const violation = data.violation ?? null;
  verdict.textContent = data.legal
    ? sentence("legal", { card: cardName(data.card) })
    : sentence("illegal", { card: cardName(data.card), sentence: violation ? violation.message : "" });
  box.append(verdict);
  if (step === state.plays.length && !state.replay.complete) {
    const play = document.createElement("button");
    play.type = "button";
    play.id = "play-it";
    play.textContent = t("playIt", { card: shortName(data.card) });
    play.addEventListener("click", () => {
      const record = { ...state.record, plays: [...state.record.plays, data.card] };
      $("record").value = formatRecord(record);
      showRecord($("record").value, step + 1);
    });
    box.append(play);
  }
}

// --- analysis (when the service has it) ------------------------------------------------------

const paragraph = (text, className = "") => {
  const element = document.createElement("p");
  element.textContent = text;
  if (className) element.className = className;
  return element;
};

/** The value of every card and a perfect line: what an exact search found. */
function exactResult(data) {
  const points = data.value.points;
  const value = { seat: data.to_move, a: points[0], b: points[1] };
  const head = paragraph(t(data.to_move === null ? "finalValue" : "bestValue", value), "best");
  const table = document.createElement("table");
  table.className = "moves";
  const header = document.createElement("tr");
  for (const key of ["col_card", "col_value", "col_loss"]) {
    const cell = document.createElement("th");
    cell.scope = "col";
    cell.textContent = t(key);
    header.append(cell);
  }
  table.append(header);
  for (const move of data.moves) {
    const row = document.createElement("tr");
    const card = document.createElement("td");
    card.append(cardElement(move.card));
    const value = document.createElement("td");
    value.textContent = `${move.value.points[0]} – ${move.value.points[1]}`;
    const loss = document.createElement("td");
    loss.textContent = move.loss;
    row.append(card, value, loss);
    table.append(row);
  }
  const line = paragraph(`${t("line")} `, "line");
  for (const card of data.line) line.append(cardElement(card));
  const parts = [head];
  if (data.moves.length) parts.push(table);
  if (data.line.length) parts.push(line);
  parts.push(paragraph(t("exact", { nodes: data.nodes, ms: Math.round(data.elapsed_ms) })));
  return parts;
}

/** A search the budget stopped: no result, what it proved (whose points), and the offer to
 * search longer, up to the longest the contract allows. */
function unfinishedResult(data, budget) {
  const parts = [paragraph(t("unfinished", { ms: Math.round(data.elapsed_ms), nodes: data.nodes }), "unfinished")];
  if (data.bounds) {
    const [lo, hi] = data.bounds;
    parts.push(paragraph(t("boundsRange", { team: teamOf(takerOf(state.record)), lo, hi }), "bounds"));
    parts.push(paragraph(t("boundsNote")));
  } else {
    parts.push(paragraph(t("noBounds"), "bounds"));
  }
  const longest = state.longestBudget[state.variant];
  if (longest === null) return parts;
  const seconds = longest / 1000;
  if (budget === longest) {
    parts.push(paragraph(t("longest", { s: seconds })));
    return parts;
  }
  const again = document.createElement("button");
  again.type = "button";
  again.id = "solve-longer";
  again.textContent = t("searchLonger", { s: seconds });
  again.addEventListener("click", () => {
    $("solve").focus(); // the button goes with the answer it belongs to
    solve(longest);
  });
  parts.push(again);
  return parts;
}

/** Ask the referee for perfect play from the current step; `budget` in ms (the service's
 * default when null). */
async function solve(budget = null) {
  const box = $("analysis-result");
  box.setAttribute("aria-busy", "true");
  box.replaceChildren(paragraph(t("solving")));
  const step = state.step;
  const body = { ...state.record, plays: state.record.plays.slice(0, step) };
  if (budget !== null) body.budget_ms = budget;
  const { status, data } = await post(endpoint("solve"), body);
  if (status === 404) {
    state.analysis[state.variant] = false;
    $("analysis").hidden = true;
    return;
  }
  if (step !== state.step) return;
  box.removeAttribute("aria-busy");
  if (status !== 200) {
    box.replaceChildren(paragraph(t(status === 503 ? "busy" : "solveFailed")));
    return;
  }
  box.replaceChildren(...(data.exact ? exactResult(data) : unfinishedResult(data, budget)));
}

// --- moving around -----------------------------------------------------------------------------

function goTo(step) {
  if (!state.record) return;
  state.step = Math.max(0, Math.min(step, state.plays.length));
  $("verdict").replaceChildren();
  render();
}

function onKey(event) {
  if (!state.record || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest("textarea, input, select")) return;
  const moves = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 1, ArrowUp: -1 };
  if (event.key in moves) goTo(state.step + moves[event.key]);
  else if (event.key === "Home") goTo(0);
  else if (event.key === "End") goTo(state.plays.length);
  else return;
  event.preventDefault();
}

async function setLanguage(lang) {
  state.lang = lang;
  if (state.record) await showRecord(JSON.stringify(state.record), state.step);
  else {
    render();
    if (state.refused !== null && !$("problem").hidden) await showRecord(state.refused);
  }
  remember();
}

async function fromFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  const lang = params.get("lang");
  if (lang === "en" || lang === "fr") state.lang = lang;
  const encoded = params.get("record");
  if (!encoded) return render();
  let record;
  try {
    record = decodeRecord(encoded);
  } catch {
    return refuse({ title: t("badLink") });
  }
  $("record").value = formatRecord(record);
  await showRecord($("record").value, Number(params.get("step") ?? 0));
}

async function deal(event) {
  event.preventDefault();
  const dealer = Number($("seed-dealer").value);
  const taker = Number($("seed-taker").value);
  const { status, data } = await post("/v1/deals/deal", { seed: $("seed").value, dealer, taker });
  if (status !== 200) {
    showProblem({ title: t("cannotDeal"), errors: data.errors ?? [] });
    return;
  }
  // The taker took the turned card's suit (round 1); edit `trump` for a round-2 take.
  const record = { dealer, trump: suitOf(data.turned), taker, plays: [], hands: data.hands };
  $("record").value = formatRecord(record);
  await showRecord($("record").value, 0);
}

async function downloadPicture() {
  const { status, data } = await post(endpoint("render"), state.record);
  if (status !== 200) return;
  const link = document.createElement("a");
  link.href = URL.createObjectURL(data);
  link.download = "belote-deal.svg";
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

async function copyLink() {
  try {
    await navigator.clipboard.writeText(location.href);
    $("share-status").textContent = t("copied");
  } catch {
    $("share-status").textContent = location.href;
  }
}

async function start() {
  state.lang = (navigator.language ?? "en").toLowerCase().startsWith("fr") ? "fr" : "en";
  $("show").addEventListener("click", () => showRecord($("record").value, 0));
  $("example").addEventListener("click", async () => {
    const response = await fetch(new URL("./example.json", import.meta.url));
    $("record").value = formatRecord(await response.json());
    await showRecord($("record").value, 0);
  });
  $("upload").addEventListener("change", async (event) => {
    const [file] = event.target.files;
    if (!file) return;
    $("record").value = await file.text();
    await showRecord($("record").value, 0);
  });
  $("deal-form").addEventListener("submit", deal);
  for (const lang of ["en", "fr"]) $(`lang-${lang}`).addEventListener("click", () => setLanguage(lang));
  $("first").addEventListener("click", () => goTo(0));
  $("prev").addEventListener("click", () => goTo(state.step - 1));
  $("next").addEventListener("click", () => goTo(state.step + 1));
  $("last").addEventListener("click", () => goTo(state.plays.length));
  $("solve").addEventListener("click", () => solve());
  $("picture").addEventListener("click", downloadPicture);
  $("copy-link").addEventListener("click", copyLink);
  document.addEventListener("keydown", onKey);
  window.addEventListener("hashchange", () => {
    if (location.hash !== fragment()) fromFragment();
  });
  await discoverAnalysis();
  await fromFragment();
  document.body.dataset.ready = "true";
}

start();
