// What the page holds (the record shown, its replay, the step, the switches) and the record's
// variant: which endpoints of classic belote or of coinche (VARIANTS) it is judged by, and its
// strain, trump and taker as the record writes them; an archive line's own fields (its id,
// variant, players and auction, docs/audit.md) beside the record.

import { SUIT_SYMBOLS, SYMBOL_SUITS, teamOf } from "./cards.js";

// Each variant's endpoints. A coinche record names its `contract`; a classic one its `trump`
// and `taker`. Coinche has no picture (render) endpoint. The analysis and advice endpoints are
// offered when the contract (/openapi.json) has them.
export const VARIANTS = {
  classic: {
    deal: "/v1/deals/deal",
    replay: "/v1/deals/replay",
    legal: "/v1/legal-moves",
    validate: "/v1/plays/validate",
    score: "/v1/deals/score",
    solve: "/v1/analysis/solve",
    ddTable: "/v1/analysis/dd-table",
    review: "/v1/analysis/review",
    advice: "/v1/advice/play",
    callAdvice: null,
    render: "/v1/deals/render",
  },
  coinche: {
    deal: "/v1/coinche/deals/deal",
    replay: "/v1/coinche/deals/replay",
    legal: "/v1/coinche/legal-moves",
    validate: "/v1/coinche/plays/validate",
    score: "/v1/coinche/deals/score",
    solve: "/v1/coinche/analysis/solve",
    ddTable: "/v1/coinche/analysis/dd-table",
    review: "/v1/coinche/analysis/review",
    advice: "/v1/coinche/advice/play",
    bidding: "/v1/coinche/bidding",
    callAdvice: "/v1/coinche/advice/bid",
    render: null,
  },
};

export const state = {
  lang: "en",
  record: null, // the body of a replay (classic or coinche), as the arbiter gave it
  line: {}, // what an archive line adds to the record (LINE_FIELDS, AUCTION_FIELDS)
  variant: "classic", // the record's: a key of VARIANTS
  replay: null, // its answer
  plays: [], // [{card, seat, trick, index}] in play order, from the replay's tricks
  step: 0, // how many plays are shown
  refused: null, // the text of the record last refused, told again in another language
  paths: new Set(), // the contract's paths: which of VARIANTS' endpoints the service has
  fields: {}, // path -> the fields its request body has (the contract's), for AUCTION_FIELDS
  longestBudget: {}, // variant -> the longest search (budget_ms) the contract allows
  levels: {}, // path -> the advice levels (`level`) its request takes, the contract's
  review: null, // {record (its JSON), data (the review), line (what the contract needs)}
  reviewAsked: false, // whether the review is asked for each record shown (its button, a link)
  teach: false, // the "Teach me" switch
  calls: "", // Teach me's coinche auction so far, as typed: the calls before the seat to call
  adviceLevel: "default", // Teach me's advice level, as chosen (teach.js: kept for the session)
  rules: null, // GET /v1/rules, once asked: the options' defaults, the review's labels
  teachTable: false, // the table's "Teach me" switch (play-table.js)
  profile: null, // the rulebook chosen ("Rules:"): {name, game}, sent in the `rules` of that game's requests
};

// An archive line is a record with these fields besides (docs/audit.md): `id`, `variant`
// ("classic" when absent, or "coinche") and `players`, four names by seat, which no endpoint
// reads; and the auction (AUCTION_FIELDS: its `calls`, classic's `turned` card), which the
// replay does not read and some endpoints do (the review from the seats): each is sent where
// the contract's request has it (`accepted`).
export const LINE_FIELDS = ["id", "variant", "players"];
export const AUCTION_FIELDS = ["calls", "turned"];

/** A record's variant: an archive line's `variant`, else coinche when it names a contract. */
export function variantOf(record) {
  if (record.variant !== undefined) return record.variant;
  return typeof record.contract === "object" && record.contract !== null ? "coinche" : "classic";
}

/** The record shown as a line again: its archive fields (when it came with them), then it. */
export const lineOf = (record = state.record) => ({ ...state.line, ...record });
export const endpoint = (name) => VARIANTS[state.variant][name];
/** Whether the service has this endpoint of the record's variant. */
export const offered = (name) => state.paths.has(endpoint(name));

/** The line's auction fields that endpoint `name`'s request has, to send beside the record. */
export const accepted = (name) =>
  Object.fromEntries(AUCTION_FIELDS.filter((key) => key in state.line && state.fields[endpoint(name)]?.has(key)).map((key) => [key, state.line[key]]));

/** The record's strain: a suit letter (classic's trump, or a coinche suit), "SA" or "TA". */
export function strain() {
  const { record } = state;
  const text = String(state.variant === "coinche" ? record.contract.strain : record.trump).trim().toUpperCase();
  return SYMBOL_SUITS[text] ?? text;
}

/** The one trump suit, or null (sans-atout, and tout-atout where every suit is trump). */
export const trumpSuit = () => (strain().length === 1 ? strain() : null);

/** The suits in trump order: the trump, every suit in tout-atout, none in sans-atout. */
export const trumpSuits = () => (strain() === "TA" ? Object.keys(SUIT_SYMBOLS) : trumpSuit() ? [trumpSuit()] : []);

/** Each rank's place in the plain and the trump order (1: the highest), from GET /v1/rules
 * (none until it has answered). */
export const cardOrders = () =>
  Object.fromEntries((state.rules?.cards ?? []).map((card) => [card.rank, { plain: card.plain_order, trump: card.trump_order }]));

export const takerOf = (record) => (variantOf(record) === "coinche" ? record.contract.taker : record.taker);

/** The takers' team: whose final card points the review's graph draws. */
export const takers = () => teamOf(takerOf(state.record));
