// What the review's value graph draws (graph.js draws it): each step's value for the takers,
// or the bounds the search proved, its label and what a screen reader says of it; and the
// graph's legend.

import { lineText } from "./contract-needs.js";
import { LABEL_SYMBOLS } from "./graph.js";
import { state, takers } from "./state.js";
import { capitalised, cardName, seatName, t } from "./words.js";

/** The takers' final card points in a value, or null. */
const takersPoints = (value) => value?.points?.[takers()] ?? null;

/** The label the graph marks a play with (a best card's is not marked), or null. */
const markedLabel = (play) => (play.label in LABEL_SYMBOLS ? play.label : null);

/** What the value after `k` cards is in words: the takers' final points, or the bounds the
 * search proved when the budget ran out first. */
function valueWords(value, bounds) {
  if (value !== null) return t("pointValue", { v: value });
  return bounds ? t("pointBounds", { lo: bounds[0], hi: bounds[1] }) : null;
}

/** What a screen reader says of the graph's point after `k` cards. */
function pointName(k, reviewed) {
  if (k === 0) {
    const start = reviewed[0];
    const words = start ? valueWords(takersPoints(start.before), start.before_bounds) : null;
    return words === null ? t("pointStartUnknown") : `${t("pointStart", { value: words })}.`;
  }
  const play = reviewed[k - 1];
  const parts = [t("pointCard", { k, seat: seatName(play.seat), card: cardName(play.card) })];
  const words = valueWords(takersPoints(play.after), play.after_bounds);
  if (words !== null) parts.push(words);
  if (!play.judged) parts.push(t("pointUnjudged"));
  else if (markedLabel(play)) parts.push(t("pointLabel", { label: t(`label_${play.label}`), loss: play.loss }));
  else if (play.loss > 0) parts.push(t("pointLoss", { loss: play.loss }));
  if (play.decisive) parts.push(t("pointDecisive"));
  return `${parts.map(capitalised).join(". ")}.`;
}

/** The value graph's points (graph.js), from the review's plays: one a step. */
export function graphPoints(reviewed) {
  const start = reviewed[0];
  const point = (value, bounds, play) => ({
    value: takersPoints(value),
    bounds: takersPoints(value) === null ? bounds ?? null : null,
    label: play ? markedLabel(play) : null,
    decisive: Boolean(play?.decisive),
  });
  return [
    { ...point(start?.before, start?.before_bounds, null), name: pointName(0, reviewed) },
    ...reviewed.map((play, i) => ({ ...point(play.after, play.after_bounds, play), name: pointName(i + 1, reviewed) })),
  ];
}

/** What the graph's marks mean: the value, the contract's line, the penalty's outcome from
 * the renonce on, each label's losses (from the thresholds GET /v1/rules states), a decisive
 * card. */
export function legend(line, penalty) {
  const list = document.createElement("ul");
  list.className = "legend";
  const item = (className, symbol, text) => {
    const entry = document.createElement("li");
    const mark = document.createElement("span");
    mark.className = `legend-mark ${className}`;
    mark.setAttribute("aria-hidden", "true");
    mark.textContent = symbol;
    entry.append(mark, text);
    list.append(entry);
  };
  item("value", "—", t("legendValue", { team: takers() }));
  if (line !== null) item("need", "- -", t("legendNeed", { text: lineText(line) }));
  if (penalty) item(`penalty penalty-${penalty.contract}`, "▮", t("legendPenalty", { contract: t(`contract_${penalty.contract}`) }));
  // Each label's losses, from the thresholds the referee states (GET /v1/rules, review).
  const least = Object.fromEntries(state.rules.review.labels.map((entry) => [entry.label, entry.least_loss]));
  const bounds = Object.values(least).filter((n) => n !== null);
  for (const [label, symbol] of Object.entries(LABEL_SYMBOLS)) {
    const lo = least[label];
    const above = bounds.filter((n) => n > lo);
    const words =
      lo === null
        ? t(`legend_${label}`)
        : above.length
          ? t("legendRange", { label: t(`label_${label}`), lo, hi: Math.min(...above) - 1 })
          : t("legendFrom", { label: t(`label_${label}`), lo });
    item(`label-${label}`, symbol, words);
  }
  item("decisive", "◯", t("legendDecisive"));
  return list;
}
