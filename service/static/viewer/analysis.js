// The analysis panel: perfect play from the current step (/analysis/solve), the value of every
// card and a perfect line when the search is exact, what it proved and the offer to search
// longer when its budget stopped it; and the double-dummy table of the deal (/analysis/dd-table):
// what each team makes in each strain with perfect play, and the par.

import { post } from "./api.js";
import { teamOf } from "./cards.js";
import { $, cardElement, headedTable, paragraph } from "./dom.js";
import { endpoint, state, takerOf } from "./state.js";
import { seatName, strainName, t } from "./words.js";

/** The value of every card and a perfect line: what an exact search found. */
function exactResult(data) {
  const points = data.value.points;
  const value = { seat: seatName(data.to_move), a: points[0], b: points[1], contract: t(`contract_${data.value.contract}`) };
  const head = paragraph(t(data.to_move === null ? "finalValue" : "bestValue", value), "best");
  const table = headedTable("moves", null, ["col_card", "col_value", "col_loss"].map((key) => t(key)));
  for (const move of data.moves) {
    const row = document.createElement("tr");
    const card = document.createElement("td");
    card.append(cardElement(move.card));
    const value = document.createElement("td");
    value.textContent = `${move.value.points[0]} – ${move.value.points[1]}`;
    const loss = document.createElement("td");
    loss.textContent = move.loss;
    row.append(card, value, loss);
    table.append(row);
  }
  const line = paragraph(`${t("line")} `, "line");
  for (const card of data.line) line.append(cardElement(card));
  const parts = [head];
  if (data.moves.length) parts.push(table);
  if (data.line.length) parts.push(line);
  parts.push(paragraph(t("exact", { nodes: data.nodes, ms: Math.round(data.elapsed_ms) })));
  return parts;
}

/** A search the budget stopped: no result, what it proved (whose points), and the offer to
 * search longer, up to the longest the contract allows. */
function unfinishedResult(data, budget) {
  const parts = [paragraph(t("unfinished", { ms: Math.round(data.elapsed_ms), nodes: data.nodes }), "unfinished")];
  if (data.bounds) {
    const [lo, hi] = data.bounds;
    parts.push(paragraph(t("boundsRange", { team: teamOf(takerOf(state.record)), lo, hi }), "bounds"));
    parts.push(paragraph(t("boundsNote")));
  } else {
    parts.push(paragraph(t("noBounds"), "bounds"));
  }
  const longest = state.longestBudget[state.variant];
  if (longest === null) return parts;
  const seconds = longest / 1000;
  if (budget === longest) {
    parts.push(paragraph(t("longest", { s: seconds })));
    return parts;
  }
  const again = document.createElement("button");
  again.type = "button";
  again.id = "solve-longer";
  again.textContent = t("searchLonger", { s: seconds });
  again.addEventListener("click", () => {
    $("solve").focus(); // the button goes with the answer it belongs to
    solve(longest);
  });
  parts.push(again);
  return parts;
}

/** Ask the referee for perfect play from the current step; `budget` in ms (the service's
 * default when null). */
export async function solve(budget = null) {
  const box = $("analysis-result");
  box.setAttribute("aria-busy", "true");
  box.replaceChildren(paragraph(t("solving")));
  const step = state.step;
  const body = { ...state.record, plays: state.record.plays.slice(0, step) };
  if (budget !== null) body.budget_ms = budget;
  const { status, data } = await post(endpoint("solve"), body);
  if (status === 404) {
    state.paths.delete(endpoint("solve"));
    $("analysis").hidden = true;
    return;
  }
  if (step !== state.step) return;
  box.removeAttribute("aria-busy");
  if (status !== 200) {
    box.replaceChildren(paragraph(t(status === 503 ? "busy" : "solveFailed")));
    return;
  }
  box.replaceChildren(...(data.exact ? exactResult(data) : unfinishedResult(data, budget)));
}

/** A strain's row of the double-dummy table: each team's points and tricks, and what each
 * makes as takers (the highest bid made, or the take's outcome). */
function ddRow(row) {
  const cells = [strainName(row.strain)];
  for (const team of [0, 1]) {
    const made = row.contracts.find((contract) => contract.team === team);
    const points = row.exact ? `${row.points[team]} (${t("ddTricks", { n: row.tricks[team] })})` : "…";
    const outcome = made === undefined ? "" : t(`contract_${made.contract}`);
    const bid = made?.value == null ? outcome : t("ddMade", { value: made.value, contract: outcome });
    cells.push(row.capot === team ? `${points} · ${t("ddCapot")}` : points, bid);
  }
  const tr = document.createElement("tr");
  tr.dataset.strain = row.strain;
  for (const text of cells) {
    const cell = document.createElement("td");
    cell.textContent = text;
    tr.append(cell);
  }
  return tr;
}

/** The deal's double-dummy table: every strain with perfect play from the first lead. */
export async function ddTable() {
  const box = $("dd-result");
  box.setAttribute("aria-busy", "true");
  box.replaceChildren(paragraph(t("solving")));
  const { dealer, hands, rules } = state.record;
  const { status, data } = await post(endpoint("ddTable"), rules ? { dealer, hands, rules } : { dealer, hands });
  box.removeAttribute("aria-busy");
  if (status !== 200) {
    box.replaceChildren(paragraph(t(status === 503 ? "busy" : "solveFailed")));
    return;
  }
  const heads = ["col_strain", "col_team0", "col_made0", "col_team1", "col_made1"].map((key) => t(key));
  const table = headedTable("dd-table", t("ddCaption", { seat: seatName(data.leader) }), heads);
  for (const row of data.strains) table.append(ddRow(row));
  const parts = [table];
  if (data.par?.contract) {
    const { contract, score } = data.par;
    const call = `${contract.value} ${strainName(contract.strain)}`;
    parts.push(paragraph(t("ddPar", { call, seat: seatName(contract.taker), a: score[0], b: score[1] }), "dd-par"));
  } else if (data.exact && state.variant === "coinche") {
    parts.push(paragraph(t("ddParNone"), "dd-par"));
  }
  parts.push(paragraph(t("exact", { nodes: data.nodes, ms: Math.round(data.elapsed_ms) })));
  box.replaceChildren(...parts);
}
