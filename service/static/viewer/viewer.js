// The deal viewer: a client of the referee's public API (openapi.yaml), on the same origin.
// It knows the contract (card codes, seats in turn order, team = seat % 2) and no rule of
// the game: every ruling on the page is an answer of the replay, legal-moves,
// plays/validate, deals/score or analysis and advice endpoints of classic belote or of coinche
// (VARIANTS, state.js).
//
// This is the entry module: it shows a record (asking its replay), renders the page at a step
// from the modules of each part, and wires the controls. The parts: the deal table (table.js,
// sheet.js, judge.js), the analysis panel (analysis.js), the review (review.js,
// review-graph.js, contract-needs.js, graph.js), Teach me (teach.js), the URL state
// (fragment.js), playing a table (play-table.js); shared: api.js, state.js, cards.js, words.js (strings.js: the words of every
// language of the referee's catalog, written by the service), dom.js, reading.js, position.js.

import { solve } from "./analysis.js";
import { discoverAnalysis, post } from "./api.js";
import { SEATS, suitOf } from "./cards.js";
import { $ } from "./dom.js";
import { decodeRecord, fragment, readLink, remember } from "./fragment.js";
import { judge, markLegal } from "./judge.js";
import { handsAt, marks, toMove } from "./position.js";
import { formatRecord, notJson, problemTitle, showProblem } from "./reading.js";
import { renderReview, review } from "./review.js";
import { renderPoints, renderRenonces, renderTricks } from "./sheet.js";
import { VARIANTS, endpoint, offered, state, variantOf } from "./state.js";
import { LANGUAGES } from "./strings.js";
import { relanguagePlay, wirePlayTable } from "./play-table.js";
import { renderTable } from "./table.js";
import { renderTeach } from "./teach.js";
import { languageOf, t } from "./words.js";

// --- a record shown ---------------------------------------------------------------------------

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
  if (!same) state.calls = "";
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

// --- the page at a step --------------------------------------------------------------------------

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
  for (const { code } of LANGUAGES) $(`lang-${code}`).setAttribute("aria-pressed", String(code === state.lang));
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
  relanguagePlay();
  if (state.record) await showRecord(JSON.stringify(state.record), state.step);
  else {
    render();
    if (state.refused !== null && !$("problem").hidden) await showRecord(state.refused);
  }
  remember();
}

/** The language switch: a button for each language of the catalog, named in that language. */
function languageButtons() {
  for (const { code, name } of LANGUAGES) {
    const button = document.createElement("button");
    button.type = "button";
    button.id = `lang-${code}`;
    button.lang = code;
    button.textContent = name;
    button.addEventListener("click", () => setLanguage(code));
    $("languages").append(button);
  }
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
  state.lang = languageOf(navigator.language) ?? LANGUAGES[0].code;
  languageButtons();
  renderStatic();
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
  wirePlayTable();
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
