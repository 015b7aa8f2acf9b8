// The review seen from the seats (/analysis/review with "view": "seat", issue 32): for each
// card that lost points with every hand seen, whether its seat could have known (a mistake)
// or not (unlucky), in a sentence; and each player's precision from the seat and guesses.

import { $, headedTable, paragraph, seatRowHead, teamRowHead } from "./dom.js";
import { capitalised, decimal, namedCard, seatName, t } from "./words.js";

/** Whether the review is asked from the seats (the panel's checkbox). */
export const seatViewAsked = () => Boolean($("review-seat")?.checked);

const SEAT_MISTAKES = new Set(["inaccuracy", "mistake", "blunder"]);

/** The sentence for one judged card seen from its seat, or null when there is nothing to say
 * (a double-dummy best card, a renonce, a card not seen from the seat). */
export function seatSentence(play) {
  if (!play.judged || play.seat_samples === 0 || !play.loss) return null;
  const params = {
    n: play.play + 1,
    seat: seatName(play.seat),
    card: namedCard(play.card),
    best: play.best.map(namedCard).join(t("or")),
    seatBest: play.seat_best.map(namedCard).join(t("or")),
    loss: play.loss,
    seatLoss: decimal(play.seat_loss, 1),
  };
  if (play.label === "unlucky") {
    const key = play.seat_best.includes(play.card) ? "seatUnlucky" : "seatNearlyUnlucky";
    return capitalised(t(key, params));
  }
  if (SEAT_MISTAKES.has(play.label)) return capitalised(t("seatMistake", { ...params, label: t(`seatLabel_${play.label}`) }));
  return null;
}

/** Each player's and team's figures from the seat (on a phone each row stacks its figures
 * under their heads, as the review table's do). */
function seatTable(data) {
  const heads = ["col_player", "col_precision", "col_seat_precision", "col_guesses", "col_hits", "col_expected"];
  const table = headedTable("seat-table", t("seatCaption"), heads.map((key) => t(key)));
  const row = (who, figures, attributes) => {
    const line = document.createElement("tr");
    Object.entries(attributes).forEach(([key, value]) => (line.dataset[key] = value));
    line.append(who);
    const shown = [
      t("percent", { n: decimal(figures.precision, 1) }),
      t("percent", { n: decimal(figures.seat_precision, 1) }),
      figures.guess_decisions,
      figures.guess_hits,
      decimal(figures.guess_expected, 1),
    ];
    shown.forEach((text, i) => {
      const cell = document.createElement("td");
      cell.textContent = text;
      cell.dataset.head = t(heads[i + 1]); // shown above it where the rows are stacked (a phone)
      line.append(cell);
    });
    table.append(line);
  };
  for (const seat of data.seats) row(seatRowHead(seat.seat), seat, { seat: seat.seat });
  for (const team of data.teams) row(teamRowHead(team.team), team, { team: team.team });
  return table;
}

/** What the review panel adds when the review was seen from the seats: the sentences (one a
 * card that lost points), then the table. */
export function seatParts(data) {
  if (data.view !== "seat") return [];
  const sentences = data.plays.map(seatSentence).filter(Boolean);
  const list = document.createElement("ul");
  list.className = "seat-sentences";
  for (const text of sentences) {
    const item = document.createElement("li");
    item.textContent = text;
    list.append(item);
  }
  const parts = [paragraph(t("seatIntro"), "seat-intro")];
  parts.push(sentences.length ? list : paragraph(t("seatNothing"), "seat-sentences"));
  if (!data.seat_complete) parts.push(paragraph(t("seatIncomplete"), "unfinished"));
  parts.push(seatTable(data));
  return parts;
}
