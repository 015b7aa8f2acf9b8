// The review of a deal (/analysis/review): every card against perfect play, asked of the
// referee, shown as the value graph (graph.js, review-graph.js), the decisive cards and the
// review table of each player and team.

import { post, rules } from "./api.js";
import { contractNeeds } from "./contract-needs.js";
import { $, headedTable, paragraph, seatRowHead, teamRowHead } from "./dom.js";
import { remember } from "./fragment.js";
import { GRAPH_WIDTH, LABEL_SYMBOLS, valueGraph } from "./graph.js";
import { graphPoints, legend } from "./review-graph.js";
import { seatParts, seatViewAsked } from "./seat-view.js";
import { accepted, endpoint, lineOf, offered, state, takerOf, takers } from "./state.js";
import { decimal, shortName, t } from "./words.js";

/** Ask the referee to review every card of the record against perfect play. */
export async function review(goTo) {
  const box = $("review-result");
  // An archive line's auction goes too, where the review reads it (the view from the seats).
  const record = { ...state.record, ...accepted("review") };
  const asked = seatViewAsked() ? { ...record, view: "seat" } : record;
  const key = JSON.stringify(lineOf()); // the record, and the auction the review reads
  state.reviewAsked = true;
  box.setAttribute("aria-busy", "true");
  box.replaceChildren(paragraph(t("reviewing")));
  remember();
  const { status, data } = await post(endpoint("review"), asked);
  if (JSON.stringify(lineOf()) !== key) return;
  box.removeAttribute("aria-busy");
  if (status !== 200) {
    box.replaceChildren(paragraph(t(status === 503 ? "busy" : "reviewFailed")));
    return;
  }
  await rules(); // the labels' thresholds, for the legend
  state.review = { record: key, data, line: await contractNeeds() };
  renderReview(goTo);
}

const REVIEW_COUNTS = Object.keys(LABEL_SYMBOLS);

/** The review table: each player, then each team, against perfect play. */
function reviewTable(data) {
  const heads = ["col_player", "col_plays", "col_lost", "col_mean", "col_precision", ...REVIEW_COUNTS.map((label) => `col_${label}`)];
  const table = headedTable("review-table", t("reviewCaption"), heads.map((key) => t(key)));
  const row = (who, figures, attributes) => {
    const line = document.createElement("tr");
    Object.entries(attributes).forEach(([key, value]) => (line.dataset[key] = value));
    line.append(who);
    const figuresShown = [figures.plays, figures.loss, decimal(figures.mean_loss, 2), t("percent", { n: decimal(figures.precision, 1) })];
    [...figuresShown, ...REVIEW_COUNTS.map((label) => figures.labels[label])].forEach((text, i) => {
      const cell = document.createElement("td");
      cell.textContent = text;
      cell.dataset.head = t(heads[i + 1]); // shown above it where the rows are stacked (a phone)
      line.append(cell);
    });
    table.append(line);
  };
  for (const seat of data.seats) {
    const roles = seat.seat === takerOf(state.record) ? t("takerBadge") : "";
    row(seatRowHead(seat.seat, roles), seat, { seat: seat.seat });
  }
  for (const team of data.teams) row(teamRowHead(team.team), team, { team: team.team });
  return table;
}

/** From the deal's first renonce on, the outcome its penalty gives (the contract of the
 * value after it, the replay's), or null: no renonce, or its play not reviewed. */
function penaltyOf(data) {
  const at = data.plays.findIndex((play) => play.play === data.renonce);
  const contract = data.plays[at]?.after?.contract;
  return at < 0 || !contract ? null : { from: at + 1, contract };
}

/** The width the graph is drawn at: its box's, or the widest when the box is not laid out. */
const graphWidth = () => $("review-result").getBoundingClientRect().width || GRAPH_WIDTH.most;

let shown = null; // the width the graph was drawn at, and the goTo it steps with
// A graph drawn at its box's width keeps its text's size: drawn again when the box changes.
window.addEventListener("resize", () => {
  if (state.review && shown && Math.round(graphWidth()) !== shown.width) renderReview(shown.goTo);
});

/** The review panel (shown when the service reviews and the record has the hands): the graph,
 * its legend, what the contract needs, the decisive cards and the table; `goTo(step)` steps the
 * deal to a point of the graph. */
export function renderReview(goTo) {
  const panel = $("review");
  panel.hidden = !offered("review") || !state.record?.hands;
  const box = $("review-result");
  if (!state.review) {
    if (box.getAttribute("aria-busy") !== "true") box.replaceChildren();
    return;
  }
  const { data, line } = state.review;
  const focused = Boolean(document.activeElement?.closest(".value-graph"));
  const penalty = penaltyOf(data);
  const width = graphWidth();
  shown = { width: Math.round(width), goTo };
  const graph = valueGraph({
    points: graphPoints(data.plays),
    line: line === null ? null : line.points,
    penalty,
    width,
    step: Math.min(state.step, data.plays.length),
    pick: goTo,
    texts: {
      title: t("graphTitle", { team: takers() }),
      axis: t("graphAxis"),
      trick: (n) => t("graphTrick", { n }),
      penalty: penalty && t("graphPenalty", { contract: t(`contract_${penalty.contract}`) }),
    },
  });
  const parts = [graph, legend(line, penalty)];
  if (line !== null) {
    const key = line.capot ? "lineCapot" : line.litige ? "lineLitige" : "lineMade";
    parts.push(paragraph(t(key, { team: takers(), n: line.points, m: line.points - 1 }), "line-sentence"));
  }
  const decisive = data.decisive ?? [];
  parts.push(
    paragraph(
      decisive.length
        ? t("decisiveList", { cards: decisive.map((k) => `${shortName(data.plays[k].card)} (${t("cardN", { n: k + 1 })})`).join(", ") })
        : t("noDecisive"),
      "decisive-list",
    ),
  );
  if (!data.exact) parts.push(paragraph(t("reviewInexact"), "unfinished"));
  parts.push(reviewTable(data), ...seatParts(data));
  box.replaceChildren(...parts);
  if (focused) graph.querySelector('[tabindex="0"]')?.focus();
}
