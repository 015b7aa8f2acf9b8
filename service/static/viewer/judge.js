// Asking the referee about a card of the seat to play: which of its cards are legal
// (legal-moves), and the verdict on the one clicked (plays/validate), with the offer to play
// it when the record ends there.

import { post } from "./api.js";
import { $, paragraph } from "./dom.js";
import { handsAt, toMove, trickBefore } from "./position.js";
import { formatRecord } from "./reading.js";
import { endpoint, lineOf, state } from "./state.js";
import { cardName, sentence, shortName, t } from "./words.js";

/** What the legal-moves and validate endpoints are asked before play `step`: the strain, the
 * trick so far, the hand of the seat to play, the rules. */
function situation(step) {
  const { record } = state;
  const trick = trickBefore(step);
  const mover = toMove(step);
  const played = { leader: trick.leader, trick: trick.cards, hand: handsAt(step)[mover], rules: record.rules ?? {} };
  return state.variant === "coinche" ? { strain: record.contract.strain, ...played } : { trump: record.trump, ...played };
}

/** The seat to play's cards marked legal or not, as the referee answers. */
export async function markLegal(mover, hand) {
  const step = state.step;
  if (!hand.length) return;
  const { status, data } = await post(endpoint("legal"), situation(step));
  if (status !== 200 || step !== state.step) return;
  const legal = new Set(data.legal);
  for (const element of $(`seat-${mover}`).querySelectorAll(".card")) {
    const ok = legal.has(element.dataset.card);
    element.classList.toggle("legal", ok);
    element.classList.toggle("illegal", !ok);
  }
}

/** The referee's verdict on a card of the seat to play, and at the record's end the offer to
 * play it (the record with it, shown by `showRecord(text, step)`). */
export async function judge(card, showRecord) {
  const step = state.step;
  const { status, data } = await post(endpoint("validate"), { ...situation(step), card });
  const box = $("verdict");
  box.replaceChildren();
  if (status !== 200) {
    box.replaceChildren(paragraph(t("cannotValidate")));
    return;
  }
  const verdict = document.createElement("p");
  verdict.className = data.legal ? "legal-verdict" : "illegal-verdict";
  const violation = data.violation ?? null;
  verdict.textContent = data.legal
    ? sentence("legal", { card: cardName(data.card) })
    : sentence("illegal", { card: cardName(data.card), sentence: violation ? violation.message : "" });
  box.append(verdict);
  if (step === state.plays.length && !state.replay.complete) {
    const play = document.createElement("button");
    play.type = "button";
    play.id = "play-it";
    play.textContent = t("playIt", { card: shortName(data.card) });
    play.addEventListener("click", () => {
      const record = { ...state.record, plays: [...state.record.plays, data.card] };
      $("record").value = formatRecord(lineOf(record));
      showRecord($("record").value, step + 1);
    });
    box.append(play);
  }
}
