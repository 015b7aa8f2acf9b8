// What the contract needs, asked of the referee's score (/deals/score) as a finished deal
// with the takers' card points: the least that makes it, whether one less is a litige, or that
// only a capot makes it. The review's graph draws it as a line.

import { post, rules } from "./api.js";
import { DEAL_POINTS, teamOf } from "./cards.js";
import { endpoint, state, takers } from "./state.js";
import { t } from "./words.js";

/** The belote a classic deal's score counts (a team or null), or each team's count of them
 * in coinche, as the replay answers it (the holder, counted under the record's rules). */
async function counted() {
  const { belote } = state.replay;
  if (state.variant === "coinche") return [0, 1].map((team) => belote.filter((held) => held.team === team).length);
  if (belote === null || belote === undefined) return null;
  const option = state.record.rules?.belote ?? (await rules()).options.find((rule) => rule.name === "belote").default;
  return option === "announce" && !state.record.belote_announced ? null : belote;
}

/** The contract a finished deal has when the takers end with `points` card points (no capot,
 * or theirs when `capot`): the referee's /deals/score answer, or null when it has none. */
async function contractAt(points, capot, belote) {
  const { record } = state;
  const split = takers() === 0 ? [points, DEAL_POINTS - points] : [DEAL_POINTS - points, points];
  const annonces = [[], []];
  for (const declared of state.replay.declarations ?? []) if (declared.valid) annonces[teamOf(declared.seat)].push(declared.cards);
  const common = { points: split, capot: capot ? takers() : null, belote, rules: record.rules ?? {} };
  if (annonces.some((team) => team.length)) common.annonces = annonces;
  const body =
    state.variant === "coinche"
      ? { contract: record.contract, ...common }
      : { taker: record.taker, trump: record.trump, ...common };
  const { status, data } = await post(endpoint("score"), body);
  return status === 200 ? data.contract : null;
}

/** What the contract needs, asked of the referee's score (so every option, the belote and the
 * annonces count as it counts them): the least card points of the takers that make it,
 * whether one point less is a litige, or that only a capot makes it. */
export async function contractNeeds() {
  const belote = await counted();
  const made = async (points) => (await contractAt(points, false, belote)) === "made";
  if (!(await made(DEAL_POINTS))) {
    return (await contractAt(DEAL_POINTS, true, belote)) === "made" ? { points: DEAL_POINTS, capot: true } : null;
  }
  let [lo, hi] = [0, DEAL_POINTS]; // made at hi; at lo, unless lo is the least
  if (await made(lo)) return { points: 0, litige: false };
  while (hi - lo > 1) {
    const middle = Math.floor((lo + hi) / 2);
    if (await made(middle)) hi = middle;
    else lo = middle;
  }
  return { points: hi, litige: (await contractAt(hi - 1, false, belote)) === "litige" };
}

/** What the contract needs, in words (the legend's). */
export function lineText(line) {
  if (line.capot) return t("needCapot");
  return t(line.litige ? "needLitige" : "need", { n: line.points, m: line.points - 1 });
}
