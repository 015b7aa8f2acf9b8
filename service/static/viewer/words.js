// The page's words in its language (state.lang), from strings.js: a text by its key, a
// card's name for a screen reader, a card as players write it, a figure with decimals.

import { SUIT_SYMBOLS, rankOf, suitOf } from "./cards.js";
import { state, trumpSuit } from "./state.js";
import { RANKS, SHORT_RANKS, STRINGS, SUITS } from "./strings.js";

export const t = (key, params = {}) =>
  (STRINGS[state.lang][key] ?? STRINGS.en[key]).replace(/\{(\w+)\}/g, (_, name) => params[name]);

export const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** A sentence that begins with a card's name: "Ten of diamonds may not be played." */
export const sentence = (key, params) => capitalised(t(key, params));

/** The words a screen reader says for a card: "jack of hearts", "valet de cœur". */
export function cardName(code) {
  const name = t("cardName", { rank: RANKS[state.lang][rankOf(code)], suit: SUITS[state.lang][suitOf(code)] });
  return suitOf(code) === trumpSuit() ? `${name}, ${t("trumpWord")}` : name;
}

/** A card as players write it, in the page's language: "K♥", "R♥". */
export function shortName(code) {
  const rank = rankOf(code);
  return `${SHORT_RANKS[state.lang][rank] ?? rank}${SUIT_SYMBOLS[suitOf(code)]}`;
}

/** A figure with `digits` decimals, as the page's language writes it: 1.5, 1,5. */
export const decimal = (n, digits) => n.toLocaleString(state.lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
