// The page's words in its language (state.lang), from strings.js (the referee's catalog,
// service/text: its `viewer` keys): a text by its key, a seat's name, a card's name for a screen
// reader, a card as players write it, a figure with decimals.

import { SUIT_SYMBOLS, rankOf, suitOf } from "./cards.js";
import { state, trumpSuit } from "./state.js";
import { STRINGS } from "./strings.js";

/** The text of `key`, each `{name}` replaced by params[name] and `{{`, `}}` one brace, as the
 * catalog writes them. */
export const t = (key, params = {}) =>
  STRINGS[state.lang][key].replace(/\{\{|\}\}|\{(\w+)\}/g, (found, name) => (name === undefined ? found[0] : params[name]));

/** Whether the catalog has a text for `key`. */
export const known = (key) => Object.hasOwn(STRINGS[state.lang], key);

/** The catalog's language a language tag names ("fr-FR": "fr"), or null when it has none. */
export function languageOf(tag) {
  const code = String(tag ?? "").toLowerCase().split("-")[0];
  return Object.hasOwn(STRINGS, code) ? code : null;
}

export const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** A seat as players name it, with the API's number: "South (0)", "Ouest (1)"; a number the
 * contract has no seat for (a problem's pointer may name one) as it is. */
export const seatName = (seat) => (known(`seats.${seat}`) ? t("seat", { name: t(`seats.${seat}`), seat }) : String(seat));

/** A strain as the page names it: "♠ spades", "no trumps (sans-atout)". */
export const strainName = (strain) => (strain.length === 1 ? `${SUIT_SYMBOLS[strain]} ${t(`suits.${strain}`)}` : t(`strain${strain}`));

/** A sentence that begins with a card's name: "Ten of diamonds may not be played." */
export const sentence = (key, params) => capitalised(t(key, params));

/** The words a screen reader says for a card: "jack of hearts", "valet de cœur"; `trump`:
 * the suit said to be trump (the record's by default). */
export function cardName(code, trump = trumpSuit()) {
  const name = t("cardName", { rank: t(`ranks.${rankOf(code)}`), suit: t(`suits.${suitOf(code)}`) });
  return suitOf(code) === trump ? `${name}, ${t("trumpWord")}` : name;
}

/** A card's name with its article, as a sentence names it: "the nine of clubs", "la dame de
 * cœur", "l'as de pique". */
export const namedCard = (code) => `${t(`articles.${rankOf(code)}`)}${cardName(code)}`;

/** A card as players write it, in the page's language: "K♥", "R♥". */
export const shortName = (code) => `${t(`short_ranks.${rankOf(code)}`)}${SUIT_SYMBOLS[suitOf(code)]}`;

/** A figure with `digits` decimals, as the page's language writes it: 1.5, 1,5. */
export const decimal = (n, digits) => n.toLocaleString(state.lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
