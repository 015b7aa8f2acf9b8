// The deal viewer: a client of the referee's public API (openapi.yaml), on the same origin.
// It knows the contract (card codes, seats in turn order, team = seat % 2) and no rule of
// the game: every ruling on the page is an answer of the replay, legal-moves,
// plays/validate, deals/score or analysis and advice endpoints of classic belote or of coinche
// (VARIANTS).

import { solve } from "./analysis.js";
import { discoverAnalysis, post, rules } from "./api.js";
import { DEAL_POINTS, SEATS, canonical, rankOf, suitOf, teamOf } from "./cards.js";
import { $, cardElement, headedTable, paragraph } from "./dom.js";
import { decodeRecord, fragment, readLink, remember } from "./fragment.js";
import { LABEL_SYMBOLS, valueGraph } from "./graph.js";
import { judge, markLegal } from "./judge.js";
import { handsAt, marks, toMove } from "./position.js";
import { formatRecord, notJson, problemTitle, showProblem } from "./reading.js";
import { renderPoints, renderRenonces, renderTricks } from "./sheet.js";
import { VARIANTS, endpoint, offered, state, takerOf, takers, trumpSuit, variantOf } from "./state.js";
import { renderTable } from "./table.js";
import { capitalised, cardName, decimal, shortName, t } from "./words.js";

// What of a record is public at the table: all but the hands (and the annonces' cards, which
// the advice endpoints do not take). The announced belotes are public once announced.
const PUBLIC = ["dealer", "trump", "taker", "contract", "rules"];

// --- reading a record ------------------------------------------------------------------------

/** The table is taken away while the record in the text area cannot be shown. */
function refuse(problem, text = null) {
  state.record = null;
  state.refused = text;
  $("viewer").hidden = true;
  showProblem(problem);
}

/** Show a record at `step`; `reviewed`: whether to review it (null: as before when it is the
 * record already shown, else not). */
async function showRecord(text, step = 0, { reviewed = null } = {}) {
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
  const key = JSON.stringify(record);
  const same = state.record !== null && JSON.stringify(state.record) === key;
  state.reviewAsked = reviewed ?? (same && state.reviewAsked);
  if (state.review?.record !== key) state.review = null;
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
  if (state.reviewAsked && !state.review) await review();
}

// --- what the table shows at a step ----------------------------------------------------------

function render() {
  renderStatic();
  if (!state.record) return;
  const { record, step } = state;
  const mover = toMove(step);
  const hands = handsAt(step);
  const marked = marks();

  renderTable(mover, hands, marked, (card) => judge(card, showRecord));
  renderPoints();
  renderRenonces(goTo);
  renderTricks(marked, goTo);
  $("analysis").hidden = !offered("solve") || !record.hands;
  $("teach-switch").hidden = !offered("advice") || !record.hands;
  $("picture").hidden = !endpoint("render");
  $("analysis-result").replaceChildren();
  $("analysis-result").removeAttribute("aria-busy");
  if (hands && mover !== null) markLegal(mover, hands[mover]);
  renderReview();
  renderTeach(mover, hands);
  remember();
}

/** The page's own words (data-t, data-t-label) in its language. */
function renderStatic() {
  document.documentElement.lang = state.lang;
  document.title = t("pageTitle");
  for (const element of document.querySelectorAll("[data-t]")) element.textContent = t(element.dataset.t);
  for (const element of document.querySelectorAll("[data-t-label]")) element.setAttribute("aria-label", t(element.dataset.tLabel));
  for (const lang of ["en", "fr"]) $(`lang-${lang}`).setAttribute("aria-pressed", String(lang === state.lang));
}

// --- the review: every card against perfect play (when the service has it) -------------------

/** The belote a classic deal's score counts (a team or null), or each team's count of them
 * in coinche, as the replay answers it (the holder, counted under the record's rules). */
async function counted() {
  const { belote } = state.replay;
  if (state.variant === "coinche") return [0, 1].map((team) => belote.filter((held) => held.team === team).length);
  if (belote === null || belote === undefined) return null;
  const option = state.record.rules?.belote ?? (await rules()).options.find((rule) => rule.name === "belote").default;
  return option === "announce" && !state.record.belote_announced ? null : belote;
}

/** The contract a finished deal has when the takers end with `points` card points (no capot,
 * or theirs when `capot`): the referee's /deals/score answer, or null when it has none. */
async function contractAt(points, capot, belote) {
  const { record } = state;
  const split = takers() === 0 ? [points, DEAL_POINTS - points] : [DEAL_POINTS - points, points];
  const annonces = [[], []];
  for (const declared of state.replay.declarations ?? []) if (declared.valid) annonces[teamOf(declared.seat)].push(declared.cards);
  const common = { points: split, capot: capot ? takers() : null, belote, rules: record.rules ?? {} };
  if (annonces.some((team) => team.length)) common.annonces = annonces;
  const body =
    state.variant === "coinche"
      ? { contract: record.contract, ...common }
      : { taker: record.taker, trump: record.trump, ...common };
  const { status, data } = await post(endpoint("score"), body);
  return status === 200 ? data.contract : null;
}

/** What the contract needs, asked of the referee's score (so every option, the belote and the
 * annonces count as it counts them): the least card points of the takers that make it,
 * whether one point less is a litige, or that only a capot makes it. */
async function contractNeeds() {
  const belote = await counted();
  const made = async (points) => (await contractAt(points, false, belote)) === "made";
  if (!(await made(DEAL_POINTS))) {
    return (await contractAt(DEAL_POINTS, true, belote)) === "made" ? { points: DEAL_POINTS, capot: true } : null;
  }
  let [lo, hi] = [0, DEAL_POINTS]; // made at hi; at lo, unless lo is the least
  if (await made(lo)) return { points: 0, litige: false };
  while (hi - lo > 1) {
    const middle = Math.floor((lo + hi) / 2);
    if (await made(middle)) hi = middle;
    else lo = middle;
  }
  return { points: hi, litige: (await contractAt(hi - 1, false, belote)) === "litige" };
}

function lineText(line) {
  if (line.capot) return t("needCapot");
  return t(line.litige ? "needLitige" : "need", { n: line.points, m: line.points - 1 });
}

/** Ask the referee to review every card of the record against perfect play. */
async function review() {
  const box = $("review-result");
  const key = JSON.stringify(state.record);
  state.reviewAsked = true;
  box.setAttribute("aria-busy", "true");
  box.replaceChildren(paragraph(t("reviewing")));
  remember();
  const { status, data } = await post(endpoint("review"), state.record);
  if (JSON.stringify(state.record) !== key) return;
  box.removeAttribute("aria-busy");
  if (status !== 200) {
    box.replaceChildren(paragraph(t(status === 503 ? "busy" : "reviewFailed")));
    return;
  }
  await rules(); // the labels' thresholds, for the legend
  state.review = { record: key, data, line: await contractNeeds() };
  renderReview();
}

/** The takers' final card points in a value, or null. */
const takersPoints = (value) => value?.points?.[takers()] ?? null;

/** The label the graph marks a play with (a best card's is not marked), or null. */
const markedLabel = (play) => (play.label in LABEL_SYMBOLS ? play.label : null);

/** What the value after `k` cards is in words: the takers' final points, or the bounds the
 * search proved when the budget ran out first. */
function valueWords(value, bounds) {
  if (value !== null) return t("pointValue", { v: value });
  return bounds ? t("pointBounds", { lo: bounds[0], hi: bounds[1] }) : null;
}

/** What a screen reader says of the graph's point after `k` cards. */
function pointName(k, reviewed) {
  if (k === 0) {
    const start = reviewed[0];
    const words = start ? valueWords(takersPoints(start.before), start.before_bounds) : null;
    return words === null ? t("pointStartUnknown") : `${t("pointStart", { value: words })}.`;
  }
  const play = reviewed[k - 1];
  const parts = [t("pointCard", { k, seat: play.seat, card: cardName(play.card) })];
  const words = valueWords(takersPoints(play.after), play.after_bounds);
  if (words !== null) parts.push(words);
  if (!play.judged) parts.push(t("pointUnjudged"));
  else if (markedLabel(play)) parts.push(t("pointLabel", { label: t(`label_${play.label}`), loss: play.loss }));
  else if (play.loss > 0) parts.push(t("pointLoss", { loss: play.loss }));
  if (play.decisive) parts.push(t("pointDecisive"));
  return `${parts.map(capitalised).join(". ")}.`;
}

function graphPoints(reviewed) {
  const start = reviewed[0];
  const point = (value, bounds, play) => ({
    value: takersPoints(value),
    bounds: takersPoints(value) === null ? bounds ?? null : null,
    label: play ? markedLabel(play) : null,
    decisive: Boolean(play?.decisive),
  });
  return [
    { ...point(start?.before, start?.before_bounds, null), name: pointName(0, reviewed) },
    ...reviewed.map((play, i) => ({ ...point(play.after, play.after_bounds, play), name: pointName(i + 1, reviewed) })),
  ];
}

function legend(line) {
  const list = document.createElement("ul");
  list.className = "legend";
  const item = (className, symbol, text) => {
    const entry = document.createElement("li");
    const mark = document.createElement("span");
    mark.className = `legend-mark ${className}`;
    mark.setAttribute("aria-hidden", "true");
    mark.textContent = symbol;
    entry.append(mark, text);
    list.append(entry);
  };
  item("value", "—", t("legendValue", { team: takers() }));
  if (line !== null) item("need", "- -", t("legendNeed", { text: lineText(line) }));
  // Each label's losses, from the thresholds the referee states (GET /v1/rules, review).
  const least = Object.fromEntries(state.rules.review.labels.map((entry) => [entry.label, entry.least_loss]));
  const bounds = Object.values(least).filter((n) => n !== null);
  for (const [label, symbol] of Object.entries(LABEL_SYMBOLS)) {
    const lo = least[label];
    const above = bounds.filter((n) => n > lo);
    const words =
      lo === null
        ? t(`legend_${label}`)
        : above.length
          ? t("legendRange", { label: t(`label_${label}`), lo, hi: Math.min(...above) - 1 })
          : t("legendFrom", { label: t(`label_${label}`), lo });
    item(`label-${label}`, symbol, words);
  }
  item("decisive", "◯", t("legendDecisive"));
  return list;
}

const REVIEW_COUNTS = Object.keys(LABEL_SYMBOLS);

/** The review table: each player, then each team, against perfect play. */
function reviewTable(data) {
  const heads = ["col_player", "col_plays", "col_lost", "col_mean", "col_precision", ...REVIEW_COUNTS.map((label) => `col_${label}`)];
  const table = headedTable("review-table", t("reviewCaption"), heads.map((key) => t(key)));
  const row = (name, figures, attributes) => {
    const line = document.createElement("tr");
    Object.entries(attributes).forEach(([key, value]) => (line.dataset[key] = value));
    const who = document.createElement("th");
    who.scope = "row";
    who.textContent = name;
    line.append(who);
    const figuresShown = [figures.plays, figures.loss, decimal(figures.mean_loss, 2), t("percent", { n: decimal(figures.precision, 1) })];
    for (const text of [...figuresShown, ...REVIEW_COUNTS.map((label) => figures.labels[label])]) {
      const cell = document.createElement("td");
      cell.textContent = text;
      line.append(cell);
    }
    table.append(line);
  };
  for (const seat of data.seats) {
    const roles = seat.seat === takerOf(state.record) ? t("takerBadge") : "";
    row(roles ? `${t("seat", { seat: seat.seat })} (${roles})` : t("seat", { seat: seat.seat }), seat, { seat: seat.seat });
  }
  for (const team of data.teams) row(t("teamName", { team: team.team }), team, { team: team.team });
  return table;
}

function renderReview() {
  const panel = $("review");
  panel.hidden = !offered("review") || !state.record?.hands;
  const box = $("review-result");
  if (!state.review) {
    if (box.getAttribute("aria-busy") !== "true") box.replaceChildren();
    return;
  }
  const { data, line } = state.review;
  const focused = Boolean(document.activeElement?.closest(".value-graph"));
  const graph = valueGraph({
    points: graphPoints(data.plays),
    line: line === null ? null : line.points,
    step: Math.min(state.step, data.plays.length),
    pick: goTo,
    texts: { title: t("graphTitle", { team: takers() }), axis: t("graphAxis"), trick: (n) => t("graphTrick", { n }) },
  });
  const parts = [graph, legend(line)];
  if (line !== null) {
    const key = line.capot ? "lineCapot" : line.litige ? "lineLitige" : "lineMade";
    parts.push(paragraph(t(key, { team: takers(), n: line.points, m: line.points - 1 }), "line-sentence"));
  }
  const decisive = data.decisive ?? [];
  parts.push(
    paragraph(
      decisive.length
        ? t("decisiveList", { cards: decisive.map((k) => `${shortName(data.plays[k].card)} (${t("cardN", { n: k + 1 })})`).join(", ") })
        : t("noDecisive"),
      "decisive-list",
    ),
  );
  if (!data.exact) parts.push(paragraph(t("reviewInexact"), "unfinished"));
  parts.push(reviewTable(data));
  box.replaceChildren(...parts);
  if (focused) graph.querySelector('[tabindex="0"]')?.focus();
}

// --- Teach me: the advice from the seat to move's view, beside perfect play ---------------------

/** The seat holding the king and queen of the classic trump, from the record's hands. */
function beloteSeat() {
  const trump = trumpSuit();
  return state.record.hands.findIndex((hand) => ["K", "Q"].every((rank) => hand.map(canonical).includes(rank + trump)));
}

/** Whether `seat` has played the king or queen of `suit` in the first `step` cards: the
 * moment a belote is announced. */
const announcedBy = (seat, suit, step) =>
  state.plays.slice(0, step).some((play) => play.seat === seat && ["K", "Q"].includes(rankOf(play.card)) && suitOf(play.card) === suit);

/** What the table has seen after `step` cards: the record without the hands, its plays so far
 * and the belotes announced so far. */
function publicRecord(step) {
  const { record } = state;
  const seen = Object.fromEntries(PUBLIC.filter((key) => key in record).map((key) => [key, record[key]]));
  seen.plays = record.plays.slice(0, step);
  const announced = record.belote_announced;
  if (state.variant === "coinche" && Array.isArray(announced)) {
    seen.belote_announced = announced.filter((belote) => announcedBy(belote.seat, canonical(`7${belote.suit}`).slice(-1), step));
  } else if (announced === true) {
    seen.belote_announced = announcedBy(beloteSeat(), trumpSuit(), step);
  }
  return seen;
}

// The Teach me table's column heads.
const TEACH_COLUMNS = ["col_card", "col_advice_points", "col_best_share", "col_made_share", "col_perfect", "col_loss"];

/** One row per legal card: the advice's figures beside perfect play's value and loss. */
function teachTable(seat, advice, perfect, bestCards) {
  const team = teamOf(seat);
  const table = headedTable("teach-table", t("teachCaption", { seat, team }), TEACH_COLUMNS.map((key) => t(key)));
  for (const move of advice.moves) {
    const row = document.createElement("tr");
    row.dataset.card = move.card;
    const card = document.createElement("td");
    card.append(cardElement(move.card));
    const notes = [];
    if (move.card === advice.card) notes.push(t("suggested"));
    if (bestCards.includes(move.card)) notes.push(t("bestCard"));
    if (notes.length) card.append(paragraph(notes.join(" · "), "notes"));
    const known = perfect?.get(move.card);
    const share = (figure) => (figure === null ? "—" : t("percent", { n: Math.round(figure * 100) }));
    const cells = [
      move.points === null ? "—" : decimal(move.points, 2),
      share(move.best_share),
      share(move.made_share),
      known ? known.value.points[team] : "—",
      known ? known.loss : "—",
    ];
    row.append(card);
    for (const text of cells) {
      const cell = document.createElement("td");
      cell.textContent = text;
      row.append(cell);
    }
    if (move.card === advice.card) row.classList.add("suggested");
    table.append(row);
  }
  return table;
}

/** The advice and the perfect-play answer, side by side: what each says, then the table. */
function teachResult(seat, advice, solved) {
  const team = teamOf(seat);
  const perfect = solved?.exact ? new Map(solved.moves.map((move) => [move.card, move])) : null;
  const bestCards = perfect ? solved.moves.filter((move) => move.loss === 0).map((move) => move.card) : [];
  if (advice.card === null) return [paragraph(t("adviceNone", { seat }), "unfinished")];
  const parts = [
    paragraph(
      t(advice.exact ? "adviceExact" : "adviceHead", { seat, n: advice.samples, card: cardName(advice.card) }),
      "advice-head",
    ),
  ];
  if (perfect) {
    const value = solved.value.points[team];
    const named = bestCards.map(shortName);
    const cards = named.length > 1 ? `${named.slice(0, -1).join(", ")}${t("or")}${named.at(-1)}` : named[0];
    parts.push(paragraph(t("perfectHead", { cards, team, v: value }), "perfect-head"));
    const loss = perfect.get(advice.card)?.loss;
    parts.push(paragraph(loss === 0 ? t("adviceIsBest") : t("adviceCosts", { loss }), loss === 0 ? "advice-best" : "advice-costs"));
  } else {
    parts.push(paragraph(t(solved ? "perfectUnfinished" : "perfectFailed"), "unfinished"));
  }
  parts.push(teachTable(seat, advice, perfect, bestCards));
  return parts;
}

/** With the switch on, ask the advice for the seat to move (its hand and what the table has
 * seen, never the other hands) and perfect play (every hand), and show them side by side. */
async function teach(seat, hand) {
  const box = $("teach-result");
  const step = state.step;
  box.setAttribute("aria-busy", "true");
  box.replaceChildren(paragraph(t("teaching", { seat })));
  const asked = { ...publicRecord(step), seat, hand };
  const [advice, solved] = await Promise.all([
    post(endpoint("advice"), asked),
    offered("solve") ? post(endpoint("solve"), { ...state.record, plays: state.record.plays.slice(0, step) }) : null,
  ]);
  if (step !== state.step || !state.teach) return;
  box.removeAttribute("aria-busy");
  if (advice.status !== 200) {
    box.replaceChildren(paragraph(t(advice.status === 503 ? "busy" : "adviceFailed")));
    return;
  }
  box.replaceChildren(...teachResult(seat, advice.data, solved?.status === 200 ? solved.data : null));
}

function renderTeach(mover, hands) {
  const button = $("teach");
  button.setAttribute("aria-checked", String(state.teach));
  const box = $("teach-result");
  box.removeAttribute("aria-busy");
  box.replaceChildren();
  if (!state.teach || !offered("advice") || !hands) return;
  if (mover === null) {
    box.replaceChildren(paragraph(t("teachOver")));
    return;
  }
  teach(mover, hands[mover]);
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
  const link = readLink();
  if (!link.encoded) return render();
  let record;
  try {
    record = decodeRecord(link.encoded);
  } catch {
    return refuse({ title: t("badLink") });
  }
  $("record").value = formatRecord(record);
  await showRecord($("record").value, link.step, { reviewed: link.reviewed });
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
  // With the review shown, the picture draws its graph too.
  const { status, data } = await post(endpoint("render"), { ...state.record, ...(state.review ? { review: true } : {}) });
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
  $("review-run").addEventListener("click", review);
  $("teach").addEventListener("click", () => {
    state.teach = !state.teach;
    render();
  });
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
