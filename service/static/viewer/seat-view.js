// The review seen from the seats (/analysis/review with "view": "seat", issue 32): for each
// card that lost points with every hand seen, whether its seat could have known (a mistake)
// or not (unlucky), in a sentence; and each player's precision from the seat and guesses.

import { rankOf } from "./cards.js";
import { $, headedTable, paragraph } from "./dom.js";
import { capitalised, cardName, decimal, t } from "./words.js";

/** A card's name with its article: "the nine of clubs", "la dame de cœur", "l'as de pique". */
function named(code) {
  return `${t(`articles.${rankOf(code)}`)}${cardName(code)}`;
}

/** Whether the review is asked from the seats (the panel's checkbox). */
export const seatViewAsked = () => Boolean($("review-seat")?.checked);

const SEAT_MISTAKES = new Set(["inaccuracy", "mistake", "blunder"]);

/** The sentence for one judged card seen from its seat, or null when there is nothing to say
 * (a double-dummy best card, a renonce, a card not seen from the seat). */
export function seatSentence(play) {
  if (!play.judged || play.seat_samples === 0 || !play.loss) return null;
  const params = {
    n: play.play + 1,
    seat: play.seat,
    card: named(play.card),
    best: play.best.map(named).join(t("or")),
    seatBest: play.seat_best.map(named).join(t("or")),
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

/** Each player's and team's figures from the seat. */
function seatTable(data) {
  const heads = ["col_player", "col_precision", "col_seat_precision", "col_guesses", "col_hits", "col_expected"];
  const table = headedTable("seat-table", t("seatCaption"), heads.map((key) => t(key)));
  const row = (name, figures) => {
    const line = document.createElement("tr");
    const who = document.createElement("th");
    who.scope = "row";
    who.textContent = name;
    line.append(who);
    const shown = [
      t("percent", { n: decimal(figures.precision, 1) }),
      t("percent", { n: decimal(figures.seat_precision, 1) }),
      figures.guess_decisions,
      figures.guess_hits,
      decimal(figures.guess_expected, 1),
    ];
    for (const text of shown) {
      const cell = document.createElement("td");
      cell.textContent = text;
      line.append(cell);
    }
    table.append(line);
  };
  for (const seat of data.seats) row(t("seat", { seat: seat.seat }), seat);
  for (const team of data.teams) row(t("teamName", { team: team.team }), team);
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
