// Play a table: deal a game, then call and play for any seat, the referee judging every action
// (/v1/table and /v1/coinche/table), with Teach me asking the table's advice for the seat to
// act (/table/advice). The page keeps the table's record and sends it back with each action;
// every ruling (whose turn, what is legal, the verdict, the score) is the table's answer.

import { post } from "./api.js";
import { SEATS, SUIT_SYMBOLS, sortedHand, teamOf } from "./cards.js";
import { $, cardElement, paragraph } from "./dom.js";
import { cardOrders, state } from "./state.js";
import { seatName, shortName, t } from "./words.js";

const PATHS = {
  classic: { table: "/v1/table", advice: "/v1/table/advice" },
  coinche: { table: "/v1/coinche/table", advice: "/v1/coinche/table/advice" },
};
// The advice's own seed; its deals are its level's (Teach me's level, as chosen).
const ADVICE = { advice_seed: "viewer" };

/** The level the table's advice is asked at: Teach me's, when the contract offers it. */
function adviceLevel(path) {
  return (state.levels[path] ?? []).includes(state.adviceLevel) ? state.adviceLevel : undefined;
}

const play = { variant: "coinche", body: null, table: null, advice: null, deals: 0, asking: null };

/** The table's trump suit, for the cards' marks (null: none yet, SA, TA). */
function trumpOf(table) {
  const contract = table?.contract;
  const suit = contract?.trump ?? contract?.strain ?? null;
  return suit !== null && suit.length === 1 ? suit : null;
}

/** The suits in trump order at the table: the trump, every suit in tout-atout, none before
 * the contract or in sans-atout (a hand's layout, `sortedHand`). */
function trumpsOf(table) {
  const contract = table?.contract;
  const strain = contract?.trump ?? contract?.strain ?? null;
  if (strain === "TA") return Object.keys(SUIT_SYMBOLS);
  return strain !== null && strain.length === 1 ? [strain] : [];
}

/** A new deal of the game: the seed's `n`th, with the game's deals so far. */
function dealBody(dealer, game) {
  const seed = play.deals === 0 ? $("play-seed").value : `${$("play-seed").value} #${play.deals}`;
  const rules = $("play-stand").checked ? { illegal_card: "stand" } : {};
  return { seed, dealer, game, rules };
}

async function startGame(event) {
  event.preventDefault();
  play.variant = $("play-game").value;
  play.deals = 0;
  play.body = dealBody(Number($("play-dealer").value), []);
  await ask(null);
}

async function nextDeal() {
  const { table } = play;
  play.deals += 1;
  const game = [...play.body.game, ...(table.game_entry ? [table.game_entry] : [])];
  play.body = dealBody(table.next_dealer, game);
  await ask(null);
}

/** The table after `action` (none: as it stands); its record is the page's from now on. */
async function ask(action) {
  const { status, data } = await post(PATHS[play.variant].table, action ? { ...play.body, action } : play.body);
  if (status !== 200) {
    $("play-verdict").replaceChildren(paragraph(data.errors?.[0]?.message ?? data.title, "illegal-verdict"));
    return;
  }
  play.table = data;
  play.body = { ...play.body, ...data.record };
  play.advice = null;
  renderPlay();
  if (state.teachTable) await teach();
}

async function teach() {
  const asked = play.table;
  if (!["auction", "play"].includes(asked.phase)) return;
  play.asking = asked;
  renderTeach();
  const path = PATHS[play.variant].advice;
  const level = adviceLevel(path);
  const { status, data } = await post(path, { ...play.body, ...ADVICE, ...(level && { level }) });
  if (play.table !== asked) return;
  play.asking = null;
  play.advice = status === 200 ? data : { problem: data.title };
  renderTeach();
}

function button(text, onClick, className = "") {
  const element = document.createElement("button");
  element.type = "button";
  element.textContent = text;
  if (className) element.className = className;
  element.addEventListener("click", onClick);
  return element;
}

function renderStatus(table) {
  const phase = t(`phase_${table.phase}`);
  const lines = [table.to_act === null ? t("playNobody", { phase }) : t("playToAct", { phase, seat: seatName(table.to_act) })];
  const { contract } = table;
  if (contract) {
    const call = contract.trump ?? `${contract.value}${contract.strain}`;
    lines.push(t("playContract", { call, seat: seatName(contract.taker) }));
  }
  if (table.phase !== "auction") lines.push(t("playTricks", { a: table.tricks[0], b: table.tricks[1] }));
  if (table.score) lines.push(t("playScore", { a: table.score.score[0], b: table.score.score[1] }));
  const [c, d] = table.game.totals;
  lines.push(t("playGame", { a: c, b: d }));
  if (table.game.finished) lines.push(t("playWinner", { team: table.game.winner }));
  $("play-status").replaceChildren(...lines.map((line) => paragraph(line)));
}

function renderHands(table) {
  const rows = [];
  const illegal = new Map(table.illegal.map((item) => [item.card, item]));
  for (let seat = 0; seat < SEATS; seat += 1) {
    const row = document.createElement("div");
    row.className = "play-seat";
    row.dataset.seat = String(seat);
    const name = paragraph(t("playSeat", { seat: seatName(seat), team: teamOf(seat) }), "play-seat-name");
    const cards = document.createElement("div");
    cards.className = "play-cards";
    for (const code of sortedHand(table.hands[seat], trumpsOf(table), cardOrders())) {
      const playable = table.phase === "play" && seat === table.to_act;
      const card = cardElement(code, { button: playable, trump: trumpOf(table) });
      if (playable) {
        card.classList.add(illegal.has(code) ? "illegal" : "legal");
        card.addEventListener("click", () => ask({ seat, card: code }));
      }
      cards.append(card);
    }
    row.append(name, cards);
    if (seat === table.to_act) row.classList.add("to-act");
    rows.push(row);
  }
  $("play-hands").replaceChildren(...rows);
}

function renderActions(table) {
  const actions = [];
  const seat = table.to_act;
  if (table.phase === "auction") {
    for (const call of table.legal) actions.push(button(call, () => ask({ seat, call }), "call"));
  }
  if (table.phase === "play") {
    for (const word of table.announceable) actions.push(button(t("playSay", { word }), () => ask({ seat, announce: word })));
    for (const annonce of table.annonces) {
      const cards = annonce.cards.map(shortName).join(" ");
      actions.push(button(t("playDeclare", { cards }), () => ask({ seat, announce: "annonce", cards: annonce.cards })));
    }
    actions.push(button(t("playClaimRest", { seat: seatName(seat) }), () => ask({ seat, claim: "rest" })));
    const offenders = new Set(table.renonces.map((renonce) => teamOf(renonce.seat)));
    for (const team of offenders) {
      const claimant = (team + 1) % 2;
      actions.push(button(t("playClaimRenonce", { seat: seatName(claimant) }), () => ask({ seat: claimant, claim: "renonce" })));
    }
  }
  if (table.phase === "deal_over" || table.phase === "redeal") actions.push(button(t("playNext"), nextDeal, "primary"));
  $("play-actions").replaceChildren(...actions);
}

function renderTrick(table) {
  const parts = [];
  if (table.trick) {
    const cards = document.createElement("div");
    cards.className = "play-cards";
    for (const code of table.trick.cards) cards.append(cardElement(code, { trump: trumpOf(table) }));
    parts.push(paragraph(t("playTrick", { seat: seatName(table.trick.leader) })), cards);
  }
  $("play-trick").replaceChildren(...parts);
}

function renderTeach() {
  const box = $("play-teach-result");
  if (!state.teachTable || !play.table) {
    box.replaceChildren();
    return;
  }
  if (play.asking) {
    box.replaceChildren(paragraph(t("playAdvising", { seat: seatName(play.asking.to_act) })));
    return;
  }
  const advice = play.advice;
  if (!advice) {
    box.replaceChildren();
    return;
  }
  if (advice.problem || !advice.action) {
    box.replaceChildren(paragraph(advice.problem ?? t("playAdviceNone")));
    return;
  }
  const { action } = advice;
  const what = action.call ? t("playAdviceCall", { call: action.call }) : t("playAdviceCard", { card: shortName(action.card) });
  const parts = [paragraph(t("playAdvice", { seat: seatName(action.seat), what }), "play-advice")];
  const assumed = advice.card?.assumed_renonces ?? [];
  if (assumed.length) parts.push(paragraph(t("playAssumed", { plays: assumed.map((index) => index + 1).join(", ") })));
  box.replaceChildren(...parts);
}

/** The table on the page, in its language. */
export function renderPlay() {
  $("play-teach").setAttribute("aria-checked", String(Boolean(state.teachTable)));
  const { table } = play;
  if (!table) return;
  $("play").hidden = false;
  const { verdict } = table;
  const shown = verdict ? [paragraph(verdict.message, verdict.legal ? "legal-verdict" : "illegal-verdict")] : [];
  $("play-verdict").replaceChildren(...shown);
  renderStatus(table);
  renderTrick(table);
  renderHands(table);
  renderActions(table);
  renderTeach();
}

export function wirePlayTable() {
  $("play-form").addEventListener("submit", startGame);
  $("play-teach").addEventListener("click", async () => {
    state.teachTable = !state.teachTable;
    renderPlay();
    if (state.teachTable && play.table && !play.advice) await teach();
  });
}

/** The table in the page's new language (a verdict already given keeps its words). */
export function relanguagePlay() {
  renderPlay();
}
