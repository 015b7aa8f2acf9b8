// Teach me: for the seat to play, the advice from its own view (/advice/play: its hand and
// what the table has seen, never the other hands) beside perfect play with every hand seen
// (/analysis/solve), card by card; what each figure is, and which earlier card the seat takes
// at face value though it was a renonce.

import { post } from "./api.js";
import { canonical, rankOf, suitOf, teamOf } from "./cards.js";
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

/** The Teach me switch and, while it is on, the advice for `mover` (null: the deal is over). */
export function renderTeach(mover, hands) {
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
