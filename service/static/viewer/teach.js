// Teach me: for the seat to play, the advice from its own view (/advice/play: its hand and
// what the table has seen, never the other hands) beside perfect play with every hand seen
// (/analysis/solve), card by card; what each figure is, and which earlier card the seat takes
// at face value though it was a renonce; and before the first card of a coinche deal, the
// auction: for the seat to call after the calls typed (/coinche/bidding says whose turn it
// is), the call its own hand suggests (/coinche/advice/bid), call by call.

import { post } from "./api.js";
import { SUIT_SYMBOLS, canonical, rankOf, suitOf, teamOf } from "./cards.js";
import { $, cardElement, headedTable, paragraph } from "./dom.js";
import { endpoint, offered, state, trumpSuit } from "./state.js";
import { cardName, decimal, shortName, t } from "./words.js";

// What of a record is public at the table: all but the hands (and the annonces' cards, which
// the advice endpoints do not take). The announced belotes are public once announced.
const PUBLIC = ["dealer", "trump", "taker", "contract", "rules"];

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

// The Teach me table's column heads: the card, three figures of the seat's own view, two of
// every hand seen (TEACH_GROUPS: how many of each).
const TEACH_COLUMNS = ["col_card", "col_advice_points", "col_best_share", "col_made_share", "col_perfect", "col_loss"];
const TEACH_GROUPS = [
  ["groupOwn", 3],
  ["groupSeen", 2],
];

/** The row above the column heads: which figures are the seat's view, which every hand's. */
function groupRow(seat) {
  const row = document.createElement("tr");
  row.className = "groups";
  row.append(document.createElement("td"));
  for (const [key, span] of TEACH_GROUPS) {
    const head = document.createElement("th");
    head.scope = "colgroup";
    head.colSpan = span;
    head.className = key;
    head.textContent = t(key, { seat });
    row.append(head);
  }
  return row;
}

/** One row per legal card: the advice's figures beside perfect play's value and loss. */
function teachTable(seat, advice, perfect, bestCards) {
  const team = teamOf(seat);
  const table = headedTable("teach-table", t("teachCaption", { seat, team }), TEACH_COLUMNS.map((key) => t(key)));
  table.querySelector("tr").before(groupRow(seat));
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
    cells.forEach((text, i) => {
      const cell = document.createElement("td");
      cell.textContent = text;
      cell.dataset.head = t(TEACH_COLUMNS[i + 1]); // shown above it where rows are stacked
      row.append(cell);
    });
    if (move.card === advice.card) row.classList.add("suggested");
    table.append(row);
  }
  return table;
}

/** What each figure is: the seat's own view (what it could know, over the deals of the hidden
 * cards tried) and every hand seen (what the hidden hands really held). */
function figuresMeant(seat, advice, solved) {
  const list = document.createElement("ul");
  list.className = "teach-figures";
  const item = (className, text) => {
    const entry = document.createElement("li");
    entry.className = className;
    entry.textContent = text;
    list.append(entry);
  };
  item("figure-own", t(advice.exact ? "figureOwnExact" : "figureOwn", { seat, n: advice.samples }));
  if (solved?.exact) item("figure-seen", t("figureSeen", { team: teamOf(seat) }));
  return list;
}

/** The earlier cards the table reads at face value though they were renonces (the replay of
 * the hands, `state.replay`), each as `seat` sees it at this step: proven by a card played
 * since (no longer read at face value), proven later, or proven by the hands alone (`seen`:
 * the renonces the plays alone prove, with their proof). A seat's own renonce is its own. */
function renonceNotes(seat, step, seen) {
  const proofs = new Map((seen ?? []).map((renonce) => [renonce.play, renonce.proof]));
  return state.replay.renonces
    .filter((renonce) => renonce.play < step && renonce.seat !== seat)
    .map((renonce) => {
      const params = { seat, offender: renonce.seat, card: shortName(renonce.card), trick: renonce.trick + 1 };
      const proof = proofs.get(renonce.play);
      if (proof && proof.play < step) {
        return paragraph(t("renonceProven", { ...params, proofCard: shortName(proof.card), k: proof.play + 1 }), "renonce-proven");
      }
      const how = proof ? t("teachProofLater", { ...params, proofCard: shortName(proof.card), k: proof.play + 1 }) : t("teachProofHand");
      return paragraph(t("renonceTaken", { ...params, proof: how }), "renonce-taken");
    });
}

/** The advice and the perfect-play answer, side by side: what each says, what each figure
 * is, the renonces the seat's view takes at face value, then the table. */
function teachResult(seat, advice, solved, notes) {
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
  parts.push(figuresMeant(seat, advice, solved), ...notes, teachTable(seat, advice, perfect, bestCards));
  return parts;
}

let proved = null; // {record (its JSON), renonces}: what the plays alone prove, once a record

/** The renonces the record's plays prove without the hands (the replay without them), each
 * with the later play that proves it; null when the referee could not say. */
async function provenByPlays() {
  const key = JSON.stringify(state.record);
  if (proved?.record !== key) {
    const { hands, ...table } = state.record;
    const { status, data } = await post(endpoint("replay"), table);
    proved = { record: key, renonces: status === 200 ? data.renonces : null };
  }
  return proved.renonces;
}

/** With the switch on, ask the advice for the seat to move (its hand and what the table has
 * seen, never the other hands) and perfect play (every hand), and show them side by side. */
async function teach(seat, hand) {
  const box = $("teach-result");
  const step = state.step;
  box.setAttribute("aria-busy", "true");
  box.replaceChildren(paragraph(t("teaching", { seat })));
  const asked = { ...publicRecord(step), seat, hand };
  const earlier = state.replay.renonces.some((renonce) => renonce.play < step);
  const [advice, solved, seen] = await Promise.all([
    post(endpoint("advice"), asked),
    offered("solve") ? post(endpoint("solve"), { ...state.record, plays: state.record.plays.slice(0, step) }) : null,
    earlier ? provenByPlays() : null,
  ]);
  if (step !== state.step || !state.teach) return;
  box.removeAttribute("aria-busy");
  if (advice.status !== 200) {
    box.replaceChildren(paragraph(t(advice.status === 503 ? "busy" : "adviceFailed")));
    return;
  }
  const notes = renonceNotes(seat, step, seen);
  box.replaceChildren(...teachResult(seat, advice.data, solved?.status === 200 ? solved.data : null, notes));
}

// --- the coinche auction ----------------------------------------------------------------------

/** A call as players write it: "pass", "80♥", "capot ♠", "110 SA", "coinche" (in French
 * "passe"). */
export function callName(call) {
  if (["pass", "coinche", "surcoinche"].includes(call)) return t(`call_${call}`);
  const [, value, strain] = call.match(/^(\d+|capot)(.+)$/);
  const shown = SUIT_SYMBOLS[strain] ?? strain;
  if (value === "capot") return `${t("call_capot")} ${shown}`;
  return shown.length === 1 ? `${value}${shown}` : `${value} ${shown}`;
}

// The call table's column heads.
const CALL_COLUMNS = ["col_call", "col_expected_score", "col_expected_margin", "col_made_share"];

/** One row per legal call: its mean score and margin for the caller's team, how often the
 * contract it stands for is made. */
function callTable(seat, advice) {
  const team = teamOf(seat);
  const table = headedTable("call-table", t("callCaption", { seat, team }), CALL_COLUMNS.map((key) => t(key)));
  const figure = (n) => (n === null ? "—" : decimal(n, 1));
  for (const option of advice.options) {
    const row = document.createElement("tr");
    row.dataset.call = option.bid;
    const made = option.made_share === null ? "—" : t("percent", { n: Math.round(option.made_share * 100) });
    const cells = [callName(option.bid), figure(option.expected_score), figure(option.expected_margin), made];
    for (const text of cells) {
      const cell = document.createElement("td");
      cell.textContent = text;
      row.append(cell);
    }
    if (option.bid === advice.advice) {
      row.classList.add("suggested");
      row.cells[0].append(paragraph(t("suggested"), "notes"));
    }
    table.append(row);
  }
  return table;
}

/** Whose turn it is after the calls typed, then the call advice for that seat: its own hand
 * (never the others'), the calls and the record's rules. */
async function adviseCall(result) {
  const { record } = state;
  const shown = state.record;
  const bids = state.calls.split(/[\s,]+/).filter(Boolean);
  const asked = { dealer: record.dealer, bids, ...("rules" in record ? { rules: record.rules } : {}) };
  const still = () => state.record === shown && state.step === 0 && state.teach;
  result.setAttribute("aria-busy", "true");
  result.replaceChildren(paragraph(t("auctionThinking")));
  const auction = await post(endpoint("bidding"), asked);
  if (!still()) return;
  const done = (...parts) => {
    result.removeAttribute("aria-busy");
    result.replaceChildren(...parts);
  };
  if (auction.status !== 200) {
    const detail = (auction.data.errors ?? []).map((error) => error.message).join(" ") || auction.data.title;
    return done(paragraph(t("auctionRefused", { detail }), "unfinished"));
  }
  const judged = auction.data;
  if (judged.violation) return done(paragraph(judged.violation.message, "unfinished"));
  if (judged.status !== "open") return done(paragraph(t("auctionOver")));
  const seat = judged.next;
  const advice = await post(endpoint("callAdvice"), { ...asked, seat, hand: record.hands[seat] });
  if (!still()) return;
  if (advice.status !== 200) return done(paragraph(t(advice.status === 503 ? "busy" : "adviceFailed")));
  const { data } = advice;
  if (data.advice === null) return done(paragraph(t("callNone", { seat })));
  const head = t("callHead", { seat, n: data.samples, call: callName(data.advice) });
  done(paragraph(head, "call-head"), callTable(seat, data));
}

/** The auction's part of Teach me: the calls so far (typed), and the advice for the seat to
 * call. */
function renderAuction() {
  const box = $("teach-auction");
  const form = document.createElement("form");
  form.className = "auction-form";
  const label = document.createElement("label");
  label.htmlFor = "auction-calls";
  label.textContent = t("auctionCalls");
  const input = document.createElement("input");
  input.id = "auction-calls";
  input.type = "text";
  input.value = state.calls;
  input.placeholder = t("auctionHint");
  input.autocomplete = "off";
  const ask = document.createElement("button");
  ask.type = "submit";
  ask.textContent = t("auctionAsk");
  form.append(label, input, ask);
  const result = document.createElement("div");
  result.id = "auction-result";
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    state.calls = input.value;
    adviseCall(result);
  });
  const heading = document.createElement("h3");
  heading.textContent = t("auctionHead");
  box.replaceChildren(heading, form, result);
  adviseCall(result);
}

/** The Teach me switch and, while it is on, the advice for `mover` (null: the deal is over);
 * before the first card of a coinche deal, the auction's too. */
export function renderTeach(mover, hands) {
  const button = $("teach");
  button.setAttribute("aria-checked", String(state.teach));
  const box = $("teach-result");
  box.removeAttribute("aria-busy");
  box.replaceChildren();
  $("teach-auction").replaceChildren();
  if (!state.teach || !offered("advice") || !hands) return;
  if (state.step === 0 && offered("callAdvice") && offered("bidding")) renderAuction();
  if (mover === null) {
    box.replaceChildren(paragraph(t("teachOver")));
    return;
  }
  teach(mover, hands[mover]);
}
