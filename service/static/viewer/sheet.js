// The score sheet beside the table: the card points won so far and the score, the renonces
// (each told when the deal reaches it, with its proof) and the list of tricks.

import { SEATS, teamOf } from "./cards.js";
import { $, cardElement, headedTable } from "./dom.js";
import { played } from "./position.js";
import { state } from "./state.js";
import { seatName, shortName, t } from "./words.js";

// The parts of a team's score in a replay's breakdown (classic or coinche), in reading order.
const BREAKDOWN = ["cards", "belote", "annonces", "capot_bonus", "contract", "multiplier", "rounding", "total"];

/** The score's breakdown: one row per part of the score, one column per team (narrow enough
 * for any panel). */
function breakdownTable(teams) {
  const table = headedTable("breakdown", t("breakdown"), ["", ...teams.map((row) => t("teamName", { team: row.team }))]);
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
  return table;
}

/** The card points won so far, and the replay's score once the last card is shown. */
export function renderPoints() {
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
  box.append(summary, breakdownTable(score.breakdown));
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

function proofText(renonce, n) {
  const proof = renonce.proof ?? {};
  if (proof.play === undefined || proof.play === null) return t("proofHand");
  const trick = Math.floor(proof.play / SEATS) + 1;
  if (!played(proof.play)) return t("proofToCome", { trick });
  return t("proofLater", { card: shortName(proof.card), n, trick });
}

/** Each renonce of the record: told once the deal reaches it (its card, the referee's sentence,
 * its proof), marked before; `goTo(step)` steps the deal there. */
export function renderRenonces(goTo) {
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
      seat: seatName(renonce.seat),
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

/** The eight tricks, each as far as it is played at the current step (a button stepping the
 * deal to its end); `marked` the renonces' marks. */
export function renderTricks(marked, goTo) {
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
    led.textContent = t("ledBy", { seat: seatName(trick.leader) });
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
    result.textContent = finished ? t("wins", { seat: seatName(trick.winner), points: trick.points }) : "…";
    item.append(go, led, cards, result);
    list.append(item);
  });
}
