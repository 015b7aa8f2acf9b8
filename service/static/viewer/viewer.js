// The deal viewer: a client of the referee's public API (openapi.yaml), on the same origin.
// It knows the contract (card codes, seats in turn order, team = seat % 2, the card orders GET
// /v1/rules states) and no rule of the game: every ruling on the page is an answer of the
// replay, legal-moves, plays/validate, deals/score or analysis and advice endpoints of classic
// belote or of coinche (VARIANTS, state.js).
//
// This is the entry module: it shows a record or an archive line (asking its replay), renders
// the page at a step from the modules of each part, and wires the controls. The parts: the deal
// table (table.js, sheet.js, judge.js, auction.js), the analysis panel (analysis.js), the review (review.js,
// review-graph.js, contract-needs.js, graph.js), Teach me (teach.js), the URL state
// (fragment.js), playing a table (play-table.js); shared: api.js, state.js, cards.js, words.js (strings.js: the words of every
// language of the referee's catalog, written by the service), dom.js, reading.js, position.js.

import { ddTable, solve } from "./analysis.js";
import { discoverAnalysis, post, profiles, rules } from "./api.js";
import { SEATS, suitOf } from "./cards.js";
import { $ } from "./dom.js";
import { decodeRecord, fragment, readLink, remember } from "./fragment.js";
import { judge, markLegal } from "./judge.js";
import { handsAt, marks, toMove } from "./position.js";
import { formatRecord, notJson, problemTitle, showProblem, splitLine } from "./reading.js";
import { renderReview, review } from "./review.js";
import { renderPoints, renderRenonces, renderTricks } from "./sheet.js";
import { VARIANTS, endpoint, lineOf, offered, state, variantOf } from "./state.js";
import { LANGUAGES } from "./strings.js";
import { relanguagePlay, wirePlayTable } from "./play-table.js";
import { renderTable } from "./table.js";
import { renderTeach, wireAdviceLevel } from "./teach.js";
import { languageOf, seatName, strainName, t } from "./words.js";

// --- a record shown ---------------------------------------------------------------------------

/** The table is taken away while the record in the text area cannot be shown. */
function refuse(problem, text = null) {
  state.record = null;
  state.line = {};
  state.refused = text;
  $("viewer").hidden = true;
  showProblem(problem);
}

/** Show a record, or an archive line (its record, with its id and players' names), at `step`;
 * `reviewed`: whether to review it (null: as before when it is the record already shown, else
 * not). */
async function showRecord(text, step = 0, { reviewed = null } = {}) {
  $("problem").hidden = true;
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    refuse(notJson(text, error), text);
    return;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    refuse({ title: t("notObject") }, text);
    return;
  }
  const { record, line, errors: lineErrors } = splitLine(value);
  if (lineErrors.length) {
    refuse({ title: t("unreadable"), help: t("fixIt"), errors: lineErrors, text }, text);
    return;
  }
  const variant = variantOf({ ...line, ...record });
  const { status, data } = await post(VARIANTS[variant].replay, record);
  if (status !== 200) {
    const errors = data.errors ?? [];
    refuse({ title: problemTitle(data), help: errors.length ? t("fixIt") : "", errors, text }, text);
    return;
  }
  // The same deal (its review kept) is the same record with the same auction (review.js).
  const same = state.record !== null && JSON.stringify(state.record) === JSON.stringify(record);
  state.reviewAsked = reviewed ?? (same && state.reviewAsked);
  if (state.review?.record !== JSON.stringify({ ...line, ...record })) state.review = null;
  if (!same) state.calls = "";
  state.record = record;
  state.line = line;
  state.variant = variant;
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
  $("dd-table").hidden = !offered("ddTable") || !record.hands;
  $("dd-result").replaceChildren();
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
  for (const option of document.querySelectorAll(".seat-choice option")) option.textContent = seatName(Number(option.value));
  for (const option of document.querySelectorAll(".strain-choice option")) option.textContent = strainName(option.value);
  for (const option of document.querySelectorAll(".level-choice option")) option.textContent = t(`levels.${option.value}`);
  for (const group of document.querySelectorAll("#rules-profile optgroup")) {
    group.label = t(group.dataset.game === "coinche" ? "variantCoinche" : "variantClassic");
  }
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
  if (state.record) await showRecord(JSON.stringify(lineOf()), state.step);
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
  const select = $("rules-profile");
  const link = readLink([...select.options].map((option) => option.value));
  select.value = state.profile ? `${state.profile.game}:${state.profile.name}` : "";
  if (!link.encoded) return render();
  let record;
  try {
    record = decodeRecord(link.encoded);
    if (typeof record !== "object" || record === null || Array.isArray(record)) throw new TypeError("not a record");
  } catch {
    return refuse({ title: t("badLink") });
  }
  $("record").value = formatRecord(record);
  await showRecord($("record").value, link.step, { reviewed: link.reviewed });
}

/** The coinche contract the seed form names for `taker`: its bid and strain. */
function chosenContract(taker) {
  const bid = $("seed-bid").value;
  return { taker, value: bid === "capot" ? bid : Number(bid), strain: $("seed-strain").value };
}

/** A deal from the seed form: classic, the taker taking the turned card's suit (round 1; edit
 * `trump` for a round-2 take), or coinche, the taker's contract the bid and strain chosen. */
async function deal(event) {
  event.preventDefault();
  const game = $("seed-game").value;
  const dealer = Number($("seed-dealer").value);
  const taker = Number($("seed-taker").value);
  const asked = { seed: $("seed").value, dealer, ...(game === "classic" ? { taker } : {}) };
  const { status, data } = await post(VARIANTS[game].deal, asked);
  if (status !== 200) {
    showProblem({ title: t("cannotDeal"), errors: data.errors ?? [] });
    return;
  }
  const record =
    game === "classic"
      ? { dealer, trump: suitOf(data.turned), taker, plays: [], hands: data.hands }
      : { dealer, contract: chosenContract(taker), plays: [], hands: data.hands };
  // A sans-atout or tout-atout contract needs the rule option that allows them.
  if (record.contract?.strain.length > 1) record.rules = { sa_ta: true };
  $("record").value = formatRecord(record);
  await showRecord($("record").value, 0);
}

/** The seed form's fields of the game chosen: a coinche contract's bid and strain. */
function showGameFields() {
  for (const field of document.querySelectorAll(".coinche-only")) field.hidden = $("seed-game").value !== "coinche";
}

/** An example deal of the viewer's (`name`: its file beside this module). */
async function showExample(name) {
  const response = await fetch(new URL(name, import.meta.url));
  $("record").value = formatRecord(await response.json());
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

/** The "Rules:" choice: the referee's defaults, or a profile of either game (grouped by game),
 * which the record's requests of that game then name; the record is shown again under it. */
async function wireProfiles() {
  const select = $("rules-profile");
  for (const { game, names } of await profiles()) {
    if (names.length === 0) continue;
    const group = document.createElement("optgroup");
    group.dataset.game = game;
    group.label = t(game === "coinche" ? "variantCoinche" : "variantClassic");
    for (const name of names) {
      const option = document.createElement("option");
      option.value = `${game}:${name}`;
      option.textContent = name;
      group.append(option);
    }
    select.append(group);
  }
  select.addEventListener("change", async () => {
    const [game, name] = select.value.split(":");
    state.profile = name ? { game, name } : null;
    if (state.record) await showRecord(JSON.stringify(lineOf()), state.step);
    else remember();
  });
}

async function start() {
  state.lang = languageOf(navigator.language) ?? LANGUAGES[0].code;
  languageButtons();
  renderStatic();
  $("show").addEventListener("click", () => showRecord($("record").value, 0));
  $("example").addEventListener("click", () => showExample("./example-classic.json"));
  $("example-coinche").addEventListener("click", () => showExample("./example-coinche.json"));
  $("upload").addEventListener("change", async (event) => {
    const [file] = event.target.files;
    if (!file) return;
    $("record").value = await file.text();
    await showRecord($("record").value, 0);
  });
  $("deal-form").addEventListener("submit", deal);
  $("seed-game").addEventListener("change", showGameFields);
  showGameFields();
  wirePlayTable();
  $("first").addEventListener("click", () => goTo(0));
  $("prev").addEventListener("click", () => goTo(state.step - 1));
  $("next").addEventListener("click", () => goTo(state.step + 1));
  $("last").addEventListener("click", () => goTo(state.plays.length));
  $("solve").addEventListener("click", () => solve());
  $("dd-table").addEventListener("click", () => ddTable());
  $("review-run").addEventListener("click", () => review(goTo));
  $("teach").addEventListener("click", () => {
    state.teach = !state.teach;
    render();
  });
  wireAdviceLevel(render);
  $("picture").addEventListener("click", downloadPicture);
  $("copy-link").addEventListener("click", copyLink);
  document.addEventListener("keydown", onKey);
  window.addEventListener("hashchange", () => {
    if (location.hash !== fragment()) fromFragment();
  });
  await Promise.all([discoverAnalysis(), rules()]); // the paths offered; the card orders hands are sorted by
  await wireProfiles();
  await fromFragment();
  document.body.dataset.ready = "true";
}

start();
