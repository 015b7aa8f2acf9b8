// The deal table at the current step: the contract line (and an archive line's auction), the
// four seats (their names, an archive line's players, their badges and the cards left in hand
// as players hold them, the seat to play's as buttons), the trick in the middle and the stepper.

import { auctionGrid } from "./auction.js";
import { SEATS, sortedHand, suitOf, teamOf } from "./cards.js";
import { $, cardElement } from "./dom.js";
import { cardOrders, state, strain, takerOf, trumpSuits } from "./state.js";
import { seatName, strainName, t } from "./words.js";

/** "Trump ♠ spades · dealer: East (3) · taker: South (0)", or a coinche contract:
 * "Contract 120 all trumps (TA), coinched · taker: South (0) · dealer: East (3)"; after an
 * archive line's id ("Deal t12-d7 · "). */
function contractLine() {
  const { record, line } = state;
  const named = strainName(strain());
  const id = line.id === undefined ? "" : `${t("dealId", { id: line.id })} · `;
  const dealer = seatName(record.dealer);
  if (state.variant === "classic") return id + t("contract", { trump: named, dealer, taker: seatName(record.taker) });
  const { value, taker, coinche = 0 } = record.contract;
  return (
    id +
    t("contractCoinche", {
      value: { capot: t("capotBid"), generale: t("generaleBid") }[value] ?? value,
      strain: named,
      level: ["", t("coinched"), t("surcoinched")][coinche] ?? "",
      taker: seatName(taker),
      dealer,
    })
  );
}

/** A seat's name, its player's when the record is an archive line's, and its badges: its team,
 * dealer, taker, to play. */
function seatHeading(seat, mover) {
  const { record, line } = state;
  const heading = document.createElement("h3");
  heading.textContent = seatName(seat);
  if (line.players) {
    const player = document.createElement("span");
    player.className = "player";
    player.textContent = line.players[seat];
    heading.append(" ", player);
  }
  const roles = document.createElement("span");
  roles.className = "roles";
  const badges = [[t("team", { team: teamOf(seat) }), `team team-${teamOf(seat)}`]];
  if (seat === record.dealer) badges.push([t("dealerBadge"), "role"]);
  if (seat === takerOf(record)) badges.push([t("takerBadge"), "role taker"]);
  if (seat === mover) badges.push([t("toMove"), "role move"]);
  for (const [text, className] of badges) {
    const badge = document.createElement("span");
    badge.className = className;
    badge.textContent = text;
    roles.append(badge);
  }
  heading.append(" ", roles);
  return heading;
}

/** A seat's cards left in hand, by suit (the seat to play's are buttons: `judge(card)`), or
 * how many it holds when the record has no hands. */
function seatHand(seat, mover, hands, judge) {
  const hand = document.createElement("div");
  hand.className = "hand";
  hand.setAttribute("role", "group");
  hand.setAttribute("aria-label", t("handOf", { seat: seatName(seat) }));
  if (hands) {
    let suit = null;
    for (const card of sortedHand(hands[seat], trumpSuits(), cardOrders())) {
      const element = cardElement(card, { button: seat === mover });
      if (suit !== null && suitOf(card) !== suit) element.classList.add("next-suit"); // a gap between suits
      suit = suitOf(card);
      if (seat === mover) element.addEventListener("click", () => judge(card));
      hand.append(element);
    }
  } else {
    const left = 8 - state.plays.slice(0, state.step).filter((play) => play.seat === seat).length;
    const unknown = document.createElement("p");
    unknown.className = "unknown";
    unknown.textContent = t("handUnknown", { n: left });
    hand.append(unknown);
  }
  return hand;
}

/** The trick in the middle: the cards of the last trick played into, its leader and winner. */
function renderCenter(marked) {
  const { step } = state;
  const center = $("center");
  center.replaceChildren();
  if (step === 0) {
    const note = document.createElement("p");
    note.textContent = t("notStarted");
    center.append(note);
    return;
  }
  const number = Math.floor((step - 1) / SEATS);
  const trick = state.replay.tricks[number];
  const shown = state.plays.filter((play) => play.trick === number && play.index < step);
  const title = document.createElement("p");
  title.className = "trick-title";
  title.textContent = `${t("trickN", { n: number + 1 })} · ${t("ledBy", { seat: seatName(trick.leader) })}`;
  center.append(title);
  const spots = document.createElement("div");
  spots.className = "spots";
  for (const play of shown) {
    const spot = document.createElement("div");
    spot.className = `spot spot-${play.seat}`;
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = seatName(play.seat);
    const element = cardElement(play.card, { mark: marked.get(play.index) });
    if (play.seat === trick.leader) element.classList.add("led");
    const complete = shown.length === SEATS && trick.winner !== undefined && trick.winner !== null;
    if (complete && play.seat === trick.winner) element.classList.add("winner");
    spot.append(who, element);
    spots.append(spot);
  }
  center.append(spots);
  if (shown.length === SEATS && trick.winner !== undefined && trick.winner !== null) {
    const result = document.createElement("p");
    result.className = "trick-result";
    result.textContent = t("wins", { seat: seatName(trick.winner), points: trick.points });
    center.append(result);
  }
}

/** The table at the current step: `mover` the seat to play (or null), `hands` the cards left
 * (or null), `marked` the renonces' marks, `judge(card)` asks about a card of the seat to play. */
export function renderTable(mover, hands, marked, judge) {
  const { replay, step } = state;
  $("contract").textContent = contractLine();
  const { calls } = state.line; // an archive line's auction
  $("auction").replaceChildren(...(calls?.length ? [auctionGrid(state.record.dealer, calls)] : []));
  for (let seat = 0; seat < SEATS; seat++) {
    const box = $(`seat-${seat}`);
    box.classList.toggle("to-move", seat === mover);
    box.replaceChildren(seatHeading(seat, mover), seatHand(seat, mover, hands, judge));
  }
  renderCenter(marked);
  // The trick of the next card: after card 16, trick 5 (a solve from here is of that trick).
  const over = step === state.plays.length && replay.complete;
  $("step-label").textContent = over
    ? t("stepOver", { k: step, n: state.plays.length })
    : t("step", { k: step, n: state.plays.length, trick: Math.floor(step / SEATS) + 1 });
  $("first").disabled = $("prev").disabled = step === 0;
  $("last").disabled = $("next").disabled = step === state.plays.length;
}
