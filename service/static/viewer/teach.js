// Teach me: for the seat to play, the advice from its own view (/advice/play: its hand and
// what the table has seen, never the other hands) beside perfect play with every hand seen
// (/analysis/solve), card by card.

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
