// The deal viewer: a client of the referee's public API (openapi.yaml), on the same origin.
// It knows the contract (card codes, seats in turn order, team = seat % 2) and no rule of
// the game: every ruling on the page is an answer of the replay, legal-moves,
// plays/validate, deals/score or analysis and advice endpoints of classic belote or of coinche
// (VARIANTS).

import { solve } from "./analysis.js";
import { discoverAnalysis, post } from "./api.js";
import { SEATS, canonical, rankOf, suitOf, teamOf } from "./cards.js";
import { $, cardElement, headedTable, paragraph } from "./dom.js";
import { decodeRecord, fragment, readLink, remember } from "./fragment.js";
import { judge, markLegal } from "./judge.js";
import { handsAt, marks, toMove } from "./position.js";
import { formatRecord, notJson, problemTitle, showProblem } from "./reading.js";
import { renderReview, review } from "./review.js";
import { renderPoints, renderRenonces, renderTricks } from "./sheet.js";
import { VARIANTS, endpoint, offered, state, trumpSuit, variantOf } from "./state.js";
import { renderTable } from "./table.js";
import { cardName, decimal, shortName, t } from "./words.js";

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
  if (state.reviewAsked && !state.review) await review(goTo);
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
  renderReview(goTo);
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
  $("review-run").addEventListener("click", () => review(goTo));
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
