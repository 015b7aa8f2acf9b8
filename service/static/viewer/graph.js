// The value graph of a reviewed deal: the takers' final card points under perfect play after
// each card, the line the contract needs (or, from a renonce on, the outcome its penalty
// gives), and the reviewed plays marked by their label. A plain SVG built here, with every
// point a named, focusable step of the deal (a roving tabindex: the current step is the one
// tab stop, the arrow keys move along the deal). Its user units are CSS pixels (the viewBox
// is as wide as the graph is drawn), so that its text keeps its size on a phone.

const NS = "http://www.w3.org/2000/svg";
const DEAL_POINTS = 162;
const PLAYS_PER_TRICK = 4;
export const GRAPH_WIDTH = { least: 300, most: 980 }; // CSS px, the width it is drawn at
const HEIGHT = 270;
const TRICK_NAME_ROOM = 56; // px a trick needs for its name ("trick 8"); less: its number
const PAD = { left: 46, right: 40, top: 18, bottom: 40 };
const TICKS = [0, 40, 80, 120, 162];

/** How each label is drawn: the symbol chess players write beside such a move; R a renonce. */
export const LABEL_SYMBOLS = { inaccuracy: "?!", mistake: "?", blunder: "??", renonce: "R" };

function svg(name, attributes = {}, text = null) {
  const element = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  if (text !== null) element.textContent = text;
  return element;
}

/** Where a step and a value are drawn in a graph `width` wide: `x(k)` for step k of
 * `plays`, `y(value)`. */
function scales(points, width) {
  const plays = Math.max(points.length - 1, 1);
  const inner = { width: width - PAD.left - PAD.right, height: HEIGHT - PAD.top - PAD.bottom };
  const x = (k) => PAD.left + (k * inner.width) / plays;
  const y = (value) => PAD.top + ((DEAL_POINTS - value) * inner.height) / DEAL_POINTS;
  return { plays, inner, x, y, right: width - PAD.right };
}

/** The value axis's ticks, a line between tricks, each trick's number, the axis's name. */
function grid({ plays, inner, x, y, right }, texts) {
  const group = svg("g", { class: "grid", "aria-hidden": "true" });
  const named = (inner.width * PLAYS_PER_TRICK) / plays >= TRICK_NAME_ROOM;
  for (const tick of TICKS) {
    group.append(svg("line", { x1: PAD.left, x2: right, y1: y(tick), y2: y(tick) }));
    group.append(svg("text", { x: PAD.left - 6, y: y(tick) + 4, class: "tick" }, String(tick)));
  }
  for (let k = 0; k <= plays; k += PLAYS_PER_TRICK) {
    group.append(svg("line", { x1: x(k), x2: x(k), y1: PAD.top, y2: HEIGHT - PAD.bottom, class: "trick-line" }));
  }
  for (let k = 0; k < plays; k += PLAYS_PER_TRICK) {
    const n = k / PLAYS_PER_TRICK + 1;
    const number = named ? texts.trick(n) : String(n);
    const middle = x(Math.min(k + PLAYS_PER_TRICK / 2, plays));
    group.append(svg("text", { x: middle, y: HEIGHT - PAD.bottom + 16, class: "trick-number" }, number));
  }
  group.append(svg("text", { x: 12, y: PAD.top + inner.height / 2, class: "axis", transform: `rotate(-90 12 ${PAD.top + inner.height / 2})` }, texts.axis));
  return group;
}

/** The line the contract needs and the zone above it (made), up to step `until` (the end,
 * or the renonce whose penalty decides the deal from there), and its number at the right end. */
function contractLine({ x, y, right }, line, until) {
  const at = y(line);
  const end = x(until);
  const contract = svg("g", { class: "contract-line", "aria-hidden": "true" });
  contract.append(svg("rect", { x: PAD.left, y: PAD.top, width: end - PAD.left, height: at - PAD.top, class: "made-zone" }));
  contract.append(svg("line", { x1: PAD.left, x2: end, y1: at, y2: at }));
  contract.append(svg("text", { x: right + 4, y: at + 4, class: "line-text" }, String(line)));
  return contract;
}

/** From the renonce on, the outcome its penalty gives, whatever the card points: a zone the
 * graph's height in that outcome's colour, its name at the top. */
function penaltyZone({ x, inner, right }, penalty, texts) {
  const from = x(penalty.from);
  const zone = svg("g", { class: `penalty penalty-${penalty.contract}`, "aria-hidden": "true" });
  zone.append(svg("rect", { x: from, y: PAD.top, width: right - from, height: inner.height, class: "penalty-zone" }));
  zone.append(svg("text", { x: right - 4, y: PAD.top + 14, class: "penalty-text" }, texts.penalty));
  return zone;
}

/** The value's path, broken where a value is unknown. */
function valuePath(points, { x, y }) {
  const path = [];
  let pen = "M";
  points.forEach((point, k) => {
    if (point.value === null) {
      pen = "M";
      return;
    }
    path.push(`${pen}${x(k).toFixed(1)},${y(point.value).toFixed(1)}`);
    pen = "L";
  });
  return svg("path", { d: path.join(" "), class: "value-line", "aria-hidden": "true" });
}

/** Step k's point: a focusable button (the one tab stop when it is the current step) with its
 * name, the bounds when the value is unknown, a wide target, the dot and the label's symbol. */
function pointMark(points, k, { plays, inner, x, y }, step, pick) {
  const point = points[k];
  const mark = svg("g", {
    class: ["point", point.label ? `label-${point.label}` : "", point.decisive ? "decisive" : ""].join(" ").trim(),
    role: "button",
    tabindex: k === step ? 0 : -1,
    "data-step": k,
    "aria-label": point.name,
  });
  if (k === step) mark.setAttribute("aria-current", "step");
  mark.append(svg("title", {}, point.name));
  if (point.bounds) {
    const [lo, hi] = point.bounds;
    mark.append(svg("line", { x1: x(k), x2: x(k), y1: y(lo), y2: y(hi), class: "bounds" }));
  }
  const middle = point.value ?? (point.bounds ? (point.bounds[0] + point.bounds[1]) / 2 : DEAL_POINTS / 2);
  // A wide, invisible target for the pointer; the dot drawn inside it.
  mark.append(svg("rect", { x: x(k) - inner.width / plays / 2, y: PAD.top, width: inner.width / plays, height: inner.height, class: "target" }));
  mark.append(svg("circle", { cx: x(k), cy: y(middle), r: point.label ? 6 : 3.5, class: "dot" }));
  if (point.label) {
    // Written on the side the line does not come from: below the dot after a fall.
    const before = points[k - 1]?.value ?? null;
    const offset = before !== null && point.value !== null && before > point.value ? 20 : -10;
    mark.append(svg("text", { x: x(k), y: y(middle) + offset, class: "symbol" }, LABEL_SYMBOLS[point.label]));
  }
  mark.addEventListener("click", () => pick(k));
  mark.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    pick(k);
  });
  return mark;
}

/**
 * The graph as an <svg> element, `width` CSS px wide (within GRAPH_WIDTH).
 * - `points`: one per step, from 0 (before any card) to the number of plays: `{value}` (the
 *   takers' final card points, or null), `bounds` ([lo, hi] when the search did not settle
 *   it), `label` (of the card that led there, or null), `decisive`, `name` (what a screen
 *   reader says).
 * - `line`: the takers' card points that make the contract (marked by its number at the
 *   right end), or null.
 * - `penalty`: `{from, contract}`, the step after the deal's first renonce and the outcome
 *   its penalty gives (made, dedans, annulled), or null.
 * - `step`: the step on the table; `pick(step)`: go there (a click, Enter or Space).
 * - `texts`: `{title, axis, trick(n), penalty}` (the graph's name, the value axis, trick n's
 *   name, the penalty's outcome in words).
 */
export function valueGraph({ points, line, penalty, width, step, pick, texts }) {
  const drawn = Math.round(Math.min(Math.max(width, GRAPH_WIDTH.least), GRAPH_WIDTH.most));
  const scale = scales(points, drawn);
  const root = svg("svg", { viewBox: `0 0 ${drawn} ${HEIGHT}`, width: drawn, height: HEIGHT, class: "value-graph", role: "group" });
  root.setAttribute("aria-label", texts.title);
  root.append(svg("title", {}, texts.title));
  root.append(grid(scale, texts));
  if (penalty) root.append(penaltyZone(scale, penalty, texts));
  if (line) root.append(contractLine(scale, line, penalty ? penalty.from : scale.plays));
  const { x } = scale;
  root.append(svg("line", { x1: x(step), x2: x(step), y1: PAD.top, y2: HEIGHT - PAD.bottom, class: "now", "aria-hidden": "true" }));
  root.append(valuePath(points, scale));
  const marks = svg("g", { class: "points" });
  points.forEach((_, k) => marks.append(pointMark(points, k, scale, step, pick)));
  root.append(marks);
  return root;
}
