// The page's building blocks: an element by its id, a paragraph, a table with its column
// heads and a seat's row head, a card drawn as the table shows it (its rank and suit symbol,
// its name for a screen reader, a renonce's mark).

import { SUIT_SYMBOLS, rankOf, suitOf } from "./cards.js";
import { state, trumpSuit } from "./state.js";
import { cardName, seatName, t } from "./words.js";

export const $ = (id) => document.getElementById(id);

export const paragraph = (text, className = "") => {
  const element = document.createElement("p");
  element.textContent = text;
  if (className) element.className = className;
  return element;
};

/** A table of `className`: its caption (none when null), then a row of column heads. */
export function headedTable(className, caption, heads) {
  const table = document.createElement("table");
  table.className = className;
  if (caption !== null) {
    const title = document.createElement("caption");
    title.textContent = caption;
    table.append(title);
  }
  const row = document.createElement("tr");
  for (const text of heads) {
    const cell = document.createElement("th");
    cell.scope = "col";
    cell.textContent = text;
    row.append(cell);
  }
  table.append(row);
  return table;
}

/** A row's head naming a seat ("South (0) · taker" with a `note`), and its player when the
 * record is an archive line's. */
export function seatRowHead(seat, note = "") {
  const head = document.createElement("th");
  head.scope = "row";
  head.textContent = note ? `${seatName(seat)} · ${note}` : seatName(seat);
  if (state.line.players) {
    const player = document.createElement("span");
    player.className = "player";
    player.textContent = state.line.players[seat];
    head.append(" ", player);
  }
  return head;
}

/** A row's head naming a team: "Team 0". */
export function teamRowHead(team) {
  const head = document.createElement("th");
  head.scope = "row";
  head.textContent = t("teamName", { team });
  return head;
}

/** A card: a button when it may be clicked; `mark`: a renonce's or its proof's badge; `trump`:
 * the trump suit it is drawn under (the record's by default; null: none). */
export function cardElement(code, { button = false, mark = null, trump = trumpSuit() } = {}) {
  const element = document.createElement(button ? "button" : "span");
  const suit = suitOf(code);
  element.className = `card suit-${suit}`;
  if (suit === trump) element.classList.add("trump");
  element.dataset.card = code;
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.textContent = rankOf(code);
  const symbol = document.createElement("span");
  symbol.className = "suit";
  symbol.textContent = SUIT_SYMBOLS[suit];
  element.append(rank, symbol);
  let label = cardName(code, trump);
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
