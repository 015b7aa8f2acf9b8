// An auction as players write it: each call in words ("80♥", "capot ♠", "pass"), and the calls
// written down as a grid, a column a seat and a row a round (a record's `calls`, the calls
// typed for Teach me). The bidding endpoints judge them; nothing here does.

import { SEATS, SUIT_SYMBOLS, SYMBOL_SUITS } from "./cards.js";
import { headedTable } from "./dom.js";
import { seatName, t } from "./words.js";

// The calls that are words: coinche's, and classic's round-1 take.
const WORDS = ["pass", "take", "coinche", "surcoinche"];

/** A call as players write it: "pass", "take", "80♥", "capot ♠", "générale ♥", "110 SA",
 * "coinche", a classic round-2 suit "♥" (in French "passe", "prend"), from its code as the
 * contract writes it or as typed ("80h", "80♥", "PASS"); a text that is no call, as it is. */
export function callName(call) {
  const word = call.toLowerCase();
  if (WORDS.includes(word)) return t(`call_${word}`);
  const strainOf = (text) => SYMBOL_SUITS[text] ?? text.toUpperCase();
  if (SUIT_SYMBOLS[strainOf(call)]) return SUIT_SYMBOLS[strainOf(call)];
  const found = /^(\d+|capot|generale)(.+)$/i.exec(call);
  if (!found) return call;
  const value = found[1].toLowerCase();
  const shown = SUIT_SYMBOLS[strainOf(found[2])] ?? strainOf(found[2]);
  if (value === "capot") return `${t("call_capot")} ${shown}`;
  if (value === "generale") return `${t("call_generale")} ${shown}`;
  return shown.length === 1 ? `${value}${shown}` : `${value} ${shown}`;
}

/** The calls of an auction as players write it down: a column a seat (South, West, North,
 * East), a row a round, from the dealer's next; the call the bidding refused (`refused`, its
 * index) marked. */
export function auctionGrid(dealer, calls, refused = null) {
  const seats = Array.from({ length: SEATS }, (_, seat) => seat);
  const table = headedTable("auction-grid", t("auctionGrid"), seats.map(seatName));
  const first = (dealer + 1) % SEATS;
  const rounds = Math.ceil((first + calls.length) / SEATS);
  for (let round = 0; round < rounds; round++) {
    const row = document.createElement("tr");
    for (const seat of seats) {
      const cell = document.createElement("td");
      const index = round * SEATS + seat - first;
      if (index >= 0 && index < calls.length) {
        cell.textContent = callName(calls[index]);
        cell.dataset.call = String(index);
        if (index === refused) cell.className = "refused";
      }
      row.append(cell);
    }
    table.append(row);
  }
  return table;
}
