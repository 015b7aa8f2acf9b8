// Teach me: for the seat to play, the advice from its own view (/advice/play: its hand and
// what the table has seen, never the other hands) beside perfect play with every hand seen
// (/analysis/solve), card by card, and the card the record's player played beside both; what
// each figure is, and which earlier card the seat takes at face value though it was a
// renonce; and before the first card of a coinche deal, the auction: for the seat to call
// after the calls typed (/coinche/bidding says whose turn it is), the call its own hand
// suggests (/coinche/advice/bid) and why, the calls that matter each give or take its
// interval, the others folded, below the calls typed as players write an auction down: a
// column a seat, a row a round. Both are asked at the advice's level the user chose (fast,
// default or strong, kept for the session), and say it beside the deals they tried; the card
// advice has no strong level, and is asked at the default one then, which it says.

import { post } from "./api.js";
import { auctionGrid, callName } from "./auction.js";
import { canonical, rankOf, suitOf, teamOf } from "./cards.js";
import { $, cardElement, headedTable, paragraph } from "./dom.js";
import { accepted, endpoint, offered, state, trumpSuit } from "./state.js";
import { cardName, decimal, namedCard, seatName, shortName, t } from "./words.js";

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
 * and the belotes announced so far (and an archive line's turned card, which the advice reads). */
function publicRecord(step) {
  const { record } = state;
  const seen = Object.fromEntries(PUBLIC.filter((key) => key in record).map((key) => [key, record[key]]));
  Object.assign(seen, accepted("advice"));
  seen.plays = record.plays.slice(0, step);
  const announced = record.belote_announced;
  if (state.variant === "coinche" && Array.isArray(announced)) {
    seen.belote_announced = announced.filter((belote) => announcedBy(belote.seat, canonical(`7${belote.suit}`).slice(-1), step));
  } else if (announced === true) {
    seen.belote_announced = announcedBy(beloteSeat(), trumpSuit(), step);
  }
  return seen;
}

// --- the advice's level -----------------------------------------------------------------------

// The level an endpoint is asked at when it has not the one chosen (the card advice has no
// strong level), and the session's key for the choice.
const DEFAULT_LEVEL = "default";
const REMEMBERED = "viewer.adviceLevel";

/** The level endpoint `name` is asked at: the one chosen when its request takes it (its
 * `level`'s values in the contract), else the default; null when its request has no level. */
function levelFor(name) {
  const levels = state.levels[endpoint(name)] ?? [];
  if (!levels.length) return null;
  return levels.includes(state.adviceLevel) ? state.adviceLevel : DEFAULT_LEVEL;
}

/** A level as a sentence says it after the deals tried: "at the default level". */
const atLevel = (level) => t("atLevel", { level: t(`levels.${level}`) });

/** The session's storage, or null where the browser refuses it (storage turned off). */
function session() {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The level select: the session's choice (the default at first); a new choice is kept for the
 * session and, with Teach me on, the advice asked again at it (`rerender`: the page drawn again). */
export function wireAdviceLevel(rerender) {
  const select = $("advice-level");
  const kept = session()?.getItem(REMEMBERED);
  if ([...select.options].some((option) => option.value === kept)) state.adviceLevel = kept;
  select.value = state.adviceLevel;
  select.addEventListener("change", () => {
    state.adviceLevel = select.value;
    try {
      session()?.setItem(REMEMBERED, select.value);
    } catch {
      // storage full or refused: the choice holds until the page is left
    }
    if (state.teach) rerender();
  });
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
    head.textContent = t(key, { seat: seatName(seat) });
    row.append(head);
  }
  return row;
}

/** One row per legal card: the advice's figures beside perfect play's value and loss; the
 * suggested (or forced) card, the best ones and the card the record's player played noted. */
function teachTable(seat, advice, perfect, bestCards, played) {
  const team = teamOf(seat);
  const table = headedTable("teach-table", t("teachCaption", { seat: seatName(seat), team }), TEACH_COLUMNS.map((key) => t(key)));
  table.querySelector("tr").before(groupRow(seat));
  for (const move of advice.moves) {
    const row = document.createElement("tr");
    row.dataset.card = move.card;
    const card = document.createElement("td");
    card.append(cardElement(move.card));
    const notes = [];
    if (move.card === advice.card) notes.push(t(advice.forced ? "forced" : "suggested"));
    if (bestCards.includes(move.card)) notes.push(t("bestCard"));
    if (move.card === played) notes.push(t("playedMark"));
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
  item("figure-own", t(advice.exact ? "figureOwnExact" : "figureOwn", { seat: seatName(seat), n: advice.samples }));
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
      const params = { seat: seatName(seat), offender: seatName(renonce.seat), card: shortName(renonce.card), trick: renonce.trick + 1 };
      const proof = proofs.get(renonce.play);
      if (proof && proof.play < step) {
        return paragraph(t("renonceProven", { ...params, proofCard: shortName(proof.card), k: proof.play + 1 }), "renonce-proven");
      }
      const how = proof ? t("teachProofLater", { ...params, proofCard: shortName(proof.card), k: proof.play + 1 }) : t("teachProofHand");
      return paragraph(t("renonceTaken", { ...params, proof: how }), "renonce-taken");
    });
}

/** The card the record's player played here (`played`), named as players name it, beside the
 * advice: the suggestion itself (or the one legal card), a card the rules did not allow, or
 * another card, then what that card was worth with every hand seen (`perfect`, when known). */
function playedNote(seat, advice, perfect, played) {
  const params = { seat: seatName(seat), card: namedCard(advice.card), played: namedCard(played) };
  const legal = advice.forced ? played === advice.card : advice.moves.some((move) => move.card === played);
  if (!legal) return paragraph(t("playedIllegal", params), "played");
  if (played === advice.card) return paragraph(t(advice.forced ? "playedForced" : "playedSuggested", { ...params, card: params.played }), "played");
  const said = [t("playedOther", params)];
  const loss = perfect?.get(played)?.loss;
  if (loss !== undefined) said.push(loss === 0 ? t("playedBest", params) : t("playedCost", { ...params, loss }));
  return paragraph(said.join(" "), "played");
}

/** The advice and the perfect-play answer, side by side: what each says (a forced card said to
 * be forced; the deals tried and the level, and the level `chosen` when the card advice has it
 * not), the card the record's player played, what each figure is, the renonces the seat's view
 * takes at face value, then the table. */
function teachResult(seat, advice, solved, notes, played, chosen) {
  const team = teamOf(seat);
  const perfect = solved?.exact ? new Map(solved.moves.map((move) => [move.card, move])) : null;
  const bestCards = perfect ? solved.moves.filter((move) => move.loss === 0).map((move) => move.card) : [];
  if (advice.card === null) return [paragraph(t("adviceNone", { seat: seatName(seat) }), "unfinished")];
  const head = advice.forced ? "adviceForced" : advice.exact ? "adviceExact" : "adviceHead";
  const level = atLevel(advice.level);
  const parts = [paragraph(t(head, { seat: seatName(seat), n: advice.samples, card: cardName(advice.card), level }), "advice-head")];
  if (chosen !== advice.level) parts.push(paragraph(t("cardLevelMissing", { asked: t(`levels.${chosen}`), level }), "level-missing"));
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
  if (played) parts.push(playedNote(seat, advice, perfect, played));
  parts.push(figuresMeant(seat, advice, solved), ...notes, teachTable(seat, advice, perfect, bestCards, played));
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
  box.replaceChildren(paragraph(t("teaching", { seat: seatName(seat) })));
  const chosen = state.adviceLevel;
  const level = levelFor("advice");
  const asked = { ...publicRecord(step), seat, hand, ...(level ? { level } : {}) };
  const earlier = state.replay.renonces.some((renonce) => renonce.play < step);
  const [advice, solved, seen] = await Promise.all([
    post(endpoint("advice"), asked),
    offered("solve") ? post(endpoint("solve"), { ...state.record, plays: state.record.plays.slice(0, step) }) : null,
    earlier ? provenByPlays() : null,
  ]);
  if (step !== state.step || !state.teach || chosen !== state.adviceLevel) return;
  box.removeAttribute("aria-busy");
  if (advice.status !== 200) {
    box.replaceChildren(paragraph(t(advice.status === 503 ? "busy" : "adviceFailed")));
    return;
  }
  const notes = renonceNotes(seat, step, seen);
  const played = step < state.record.plays.length ? canonical(state.record.plays[step]) : null;
  const perfect = solved?.status === 200 ? solved.data : null;
  box.replaceChildren(...teachResult(seat, advice.data, perfect, notes, played, level ? chosen : advice.data.level));
}

// --- the coinche auction ----------------------------------------------------------------------

// The call tables' column heads.
const CALL_COLUMNS = ["col_call", "col_expected_score", "col_expected_margin", "col_made_share"];
// The calls shown first besides the advice, the next best, the best mean score and pass: at
// most this many more of those the deals cannot tell from the advice.
const CLOSE_CALLS = 3;

/** A mean give or take its interval's half, as the page's language writes it ("162.7 ± 19.3");
 * the mean alone when it has no interval, or a sure one (a redeal's 0). */
function withInterval(mean, interval) {
  if (mean === null) return "—";
  const half = interval ? (interval[1] - interval[0]) / 2 : 0;
  return half > 0 ? t("plusMinus", { mean: decimal(mean, 1), half: decimal(half, 1) }) : decimal(mean, 1);
}

/** A share as a percentage: "82%". */
const percent = (share) => t("percent", { n: Math.round(share * 100) });

/** One row a call of `options`: its mean score and margin for the caller's team, each give or
 * take its interval, how often the contract it stands for is made; the advised call noted. */
function callTable(caption, options, advised) {
  const table = headedTable("call-table", caption, CALL_COLUMNS.map((key) => t(key)));
  for (const option of options) {
    const row = document.createElement("tr");
    row.dataset.call = option.bid;
    const cells = [
      callName(option.bid),
      withInterval(option.expected_score, option.score_interval),
      withInterval(option.expected_margin, option.margin_interval),
      option.made_share === null ? "—" : percent(option.made_share),
    ];
    cells.forEach((text, i) => {
      const cell = document.createElement("td");
      cell.textContent = text;
      cell.dataset.head = t(CALL_COLUMNS[i]);
      row.append(cell);
    });
    if (option.bid === advised) {
      row.classList.add("suggested");
      row.cells[0].append(paragraph(t("suggested"), "notes"));
    }
    table.append(row);
  }
  return table;
}

/** The option of the best mean score (the first of them), when it is not `advised`'s and its
 * score is higher. */
function higherScore(options, advised) {
  const best = options.reduce((top, option) => (option.expected_score > top.expected_score ? option : top));
  return best.expected_score > advised.expected_score ? best : null;
}

/** The calls but `advised`, by mean margin (the auction's order on a tie). */
const byMargin = (options, advised) => options.filter((option) => option !== advised).sort((a, b) => b.expected_margin - a.expected_margin);

/** Whether these deals cannot tell `option`'s margin from the advice's: the interval of its
 * gap to it, deal by deal, reaches 0. */
const tied = (option) => option.margin_gap_interval !== null && option.margin_gap_interval[0] <= 0;

/** The calls a player weighs: the advice first, then by mean margin the next best, the calls
 * these deals cannot tell from the advice, the call of a higher mean score, and pass; then the
 * others, in the auction's order. */
function callsThatMatter(options, advised) {
  const others = byMargin(options, advised);
  const chosen = new Set([...others.slice(0, 1), ...others.slice(1).filter(tied).slice(0, CLOSE_CALLS), higherScore(options, advised)]);
  for (const option of others) if (option.bid === "pass") chosen.add(option);
  return { first: [advised, ...others.filter((option) => chosen.has(option))], rest: options.filter((option) => option !== advised && !chosen.has(option)) };
}

/** Why the advice is the advice: the best mean margin, what it maximises; when another call
 * has a higher mean score, why that one is not advised. */
function callWhy(seat, options, advised) {
  const name = callName(advised.bid);
  const said = [t("callWhy", { call: name, team: teamOf(seat), margin: decimal(advised.expected_margin, 1) })];
  const higher = higherScore(options, advised);
  if (higher) {
    const theirs = (option) => decimal(option.expected_score - option.expected_margin, 1);
    said.push(
      t("callWhyScore", {
        other: callName(higher.bid),
        score: decimal(higher.expected_score, 1),
        adviceScore: decimal(advised.expected_score, 1),
        theirs: theirs(higher),
        adviceTheirs: theirs(advised),
        margin: decimal(higher.expected_margin, 1),
      }),
    );
    if (higher.made_share !== null && advised.made_share !== null && higher.made_share < advised.made_share) {
      said.push(t("callWhyMade", { made: percent(higher.made_share), adviceMade: percent(advised.made_share) }));
    }
  }
  return paragraph(said.join(" "), "call-why");
}

/** How far behind the advice the next best call is, on the same deals, with its interval: too
 * close to tell apart, or behind; then the other calls these deals cannot tell from the advice
 * (the first CLOSE_CALLS, as shown). Null without an interval (fewer than two deals). */
function callGap(options, advised, samples) {
  const [next, ...others] = byMargin(options, advised);
  const interval = next?.margin_gap_interval;
  if (!interval) return null;
  const [lo, hi] = interval.map((end) => decimal(end, 1));
  const gap = decimal(advised.expected_margin - next.expected_margin, 1);
  const params = { other: callName(next.bid), call: callName(advised.bid), gap, lo, hi, n: samples };
  const said = [t(tied(next) ? "callClose" : "callAhead", params)];
  const named = others.filter(tied).slice(0, CLOSE_CALLS).map((option) => callName(option.bid));
  if (named.length) {
    const calls = named.length > 1 ? `${named.slice(0, -1).join(", ")}${t("or")}${named.at(-1)}` : named[0];
    said.push(t("callTied", { ...params, calls }));
  }
  return paragraph(said.join(" "), "call-gap");
}

/** What passing's figures are: a redeal's 0 (no contract standing), or the standing contract's. */
function passMeant(seat, options) {
  const pass = options.find((option) => option.bid === "pass");
  if (!pass) return null;
  return paragraph(pass.made_share === null ? t("callPassRedeal") : t("callPassStanding", { team: teamOf(seat) }), "call-pass");
}

/** What the call advice's deals stand for at `level` (GET /v1/rules `bid_advice.levels`, its
 * `valued_by`): perfect play searched, or estimated from the four hands. */
function callModel(level) {
  const entry = state.rules?.bid_advice?.levels?.find((each) => each.level === level);
  return t(entry?.valued_by === "model" ? "callModelEstimated" : "callModelSearched");
}

/** The call advice for `seat`: why the advice is the advice, the calls that matter with their
 * intervals and what pass's figures are, then the other calls folded. */
function callParts(seat, data) {
  const advised = data.options.find((option) => option.bid === data.advice);
  const { first, rest } = callsThatMatter(data.options, advised);
  const caption = t("callCaption", { seat: seatName(seat), team: teamOf(seat) });
  const parts = [callWhy(seat, data.options, advised), callGap(data.options, advised, data.samples), passMeant(seat, data.options)];
  parts.push(callTable(caption, first, data.advice));
  if (advised.margin_interval) {
    parts.push(paragraph(t("callIntervals", { n: data.samples, model: callModel(data.level) }), "call-intervals"));
  }
  if (rest.length) {
    const folded = document.createElement("details");
    folded.className = "call-others";
    const summary = document.createElement("summary");
    summary.textContent = t("callOthers", { n: rest.length });
    folded.append(summary, callTable(null, rest, data.advice));
    parts.push(folded);
  }
  return parts.filter(Boolean);
}

/** Whose turn it is after the calls typed, then the call advice for that seat: its own hand
 * (never the others'), the calls and the record's rules, at the level chosen. */
async function adviseCall(result) {
  const { record } = state;
  const shown = state.record;
  const bids = state.calls.split(/[\s,]+/).filter(Boolean);
  const asked = { dealer: record.dealer, bids, ...("rules" in record ? { rules: record.rules } : {}) };
  const chosen = state.adviceLevel;
  const still = () => state.record === shown && state.step === 0 && state.teach && state.adviceLevel === chosen;
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
  const grid = bids.length ? [auctionGrid(record.dealer, bids, judged.violation?.index ?? null)] : [];
  if (judged.violation) return done(...grid, paragraph(judged.violation.message, "unfinished"));
  if (judged.status !== "open") return done(...grid, paragraph(t("auctionOver")));
  const seat = judged.next;
  const level = levelFor("callAdvice");
  const advice = await post(endpoint("callAdvice"), { ...asked, seat, hand: record.hands[seat], ...(level ? { level } : {}) });
  if (!still()) return;
  if (advice.status !== 200) return done(...grid, paragraph(t(advice.status === 503 ? "busy" : "adviceFailed")));
  const { data } = advice;
  if (data.advice === null) return done(...grid, paragraph(t("callNone", { seat: seatName(seat) })));
  const head = t("callHead", { seat: seatName(seat), n: data.samples, call: callName(data.advice), level: atLevel(data.level) });
  done(...grid, paragraph(head, "call-head"), ...callParts(seat, data));
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
