// The contract's notation (openapi.yaml): card codes, seats in turn order, team = seat % 2, and a
// hand laid out as players hold it (by the card orders GET /v1/rules states). Words for a card
// are in words.js, drawn cards in dom.js; no rule of the game is here.

export const SEATS = 4;
export const DEAL_POINTS = 162; // card points in a deal, dix de der in (/v1/deals/score)
export const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const SYMBOL_SUITS = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };

/** A card code as the service writes it: "th" -> "10H", "J♥" -> "JH". */
export function canonical(code) {
  const text = String(code).trim().toUpperCase();
  const suit = SYMBOL_SUITS[text.slice(-1)] ?? text.slice(-1);
  const rank = text.slice(0, -1) === "T" ? "10" : text.slice(0, -1);
  return rank + suit;
}

export const suitOf = (code) => code.slice(-1);
export const rankOf = (code) => code.slice(0, -1);
export const teamOf = (seat) => seat % 2;

// The suits as a hand lays them out: colours alternating, from the trump when there is one.
const SUIT_ORDER = ["S", "H", "C", "D"];

/** A hand as players hold it: grouped by suit, the trump's first (then the colours alternate),
 * each suit from its highest card down. `trumps`: the suits in trump order (the trump, every
 * suit in tout-atout, none in sans-atout or before the trump is known); `orders`: rank ->
 * {plain, trump}, each rank's place in either order (1: the highest), as GET /v1/rules states
 * them (without them, a suit keeps the cards' order). */
export function sortedHand(cards, trumps, orders) {
  const first = trumps.length === 1 ? SUIT_ORDER.indexOf(trumps[0]) : 0;
  const suitPlace = (code) => (SUIT_ORDER.indexOf(suitOf(code)) - first + SUIT_ORDER.length) % SUIT_ORDER.length;
  const rankPlace = (code) => orders[rankOf(code)]?.[trumps.includes(suitOf(code)) ? "trump" : "plain"] ?? 0;
  return [...cards].sort((a, b) => suitPlace(a) - suitPlace(b) || rankPlace(a) - rankPlace(b));
}
