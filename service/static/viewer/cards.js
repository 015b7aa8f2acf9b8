// The contract's notation (openapi.yaml): card codes, seats in turn order, team = seat % 2. Words
// for a card are in words.js, drawn cards in dom.js; no rule of the game is here.

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
