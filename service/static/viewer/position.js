// The deal at a step, from the replay's answer: the seat to play, the trick being played,
// the cards left in each hand, and the renonces' and proofs' marks on the plays.

import { SEATS, canonical } from "./cards.js";
import { state } from "./state.js";

/** The seat to play after `step` plays (null when the deal is over). */
export function toMove(step) {
  return step < state.plays.length ? state.plays[step].seat : state.replay.to_move ?? null;
}

/** The trick as it stands before play `step`: its leader and the cards already on it. */
export function trickBefore(step) {
  const number = Math.floor(step / SEATS);
  const trick = state.replay.tricks[number];
  const cards = trick ? trick.cards.slice(0, step % SEATS) : [];
  return { leader: trick ? trick.leader : state.replay.to_move, cards };
}

/** Each seat's cards still in hand after `step` plays, when the record gives the hands. */
export function handsAt(step) {
  if (!state.record.hands) return null;
  const played = new Set(state.plays.slice(0, step).map((play) => play.card));
  return state.record.hands.map((hand) => hand.map(canonical).filter((card) => !played.has(card)));
}

/** Each marked play's index -> its mark: a renonce (R1, R2…) or the play proving it (P1…). */
export function marks() {
  const found = new Map();
  state.replay.renonces.forEach((renonce, n) => {
    found.set(renonce.play, { kind: "renonce", label: `R${n + 1}`, n });
    const proof = renonce.proof ?? {};
    if (proof.play !== undefined && proof.play !== null && !found.has(proof.play)) {
      found.set(proof.play, { kind: "proof", label: `P${n + 1}`, n });
    }
  });
  return found;
}

/** Whether play `index` is on the table at the current step (shown), or still to come. */
export const played = (index) => index < state.step;
