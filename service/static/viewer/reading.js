// Reading a record: the text area's layout of one, an archive line's own fields apart from its
// record, and what is wrong with one in words for the person who pasted it (the referee's
// problem, each JSON Pointer it names found in the text, named in words and marked).

import { SEATS } from "./cards.js";
import { $ } from "./dom.js";
import { AUCTION_FIELDS, LINE_FIELDS, VARIANTS } from "./state.js";
import { capitalised, known, seatName, t } from "./words.js";

/** A record as the text area shows it: one line a field. */
export function formatRecord(record) {
  const lines = Object.entries(record).map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`);
  return `{\n${lines.join(",\n")}\n}`;
}

const isName = (value) => typeof value === "string" && value.length > 0;

/** A record, or an archive line (docs/audit.md), as `record` (what the replay reads) and
 * `line` (its own fields, LINE_FIELDS and AUCTION_FIELDS; a null one is absent), with what is
 * wrong with those the page reads as a problem's `errors` (the audit refuses such a line). */
export function splitLine(value) {
  const record = {};
  const line = {};
  for (const [key, field] of Object.entries(value)) {
    if (!LINE_FIELDS.includes(key) && !AUCTION_FIELDS.includes(key)) record[key] = field;
    else if (field !== null) line[key] = field;
  }
  const { id, variant, players, calls } = line;
  const errors = [];
  if (id !== undefined && !isName(id) && !Number.isInteger(id)) errors.push({ pointer: "/id", message: t("badId") });
  if (variant !== undefined && !Object.hasOwn(VARIANTS, variant)) errors.push({ pointer: "/variant", message: t("badVariant") });
  const seated = Array.isArray(players) && players.length === SEATS && players.every(isName) && new Set(players).size === SEATS;
  if (players !== undefined && !seated) errors.push({ pointer: "/players", message: t("badPlayers") });
  if (calls !== undefined && !(Array.isArray(calls) && calls.every(isName))) errors.push({ pointer: "/calls", message: t("badCalls") });
  return { record, line, errors };
}

/** Where each JSON Pointer of a JSON text lies: pointer -> [start, end). The text is valid
 * JSON (JSON.parse read it first). */
function pointerSpans(text) {
  const spans = new Map();
  let i = 0;
  const blank = () => {
    while (/\s/.test(text[i] ?? "")) i++;
  };
  const string = () => {
    const start = i++;
    while (text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i));
  };
  const value = (pointer) => {
    blank();
    const start = i;
    if (text[i] === "{" || text[i] === "[") {
      const object = text[i++] === "{";
      let index = 0;
      blank();
      while (text[i] !== "}" && text[i] !== "]") {
        let key = index++;
        if (object) {
          blank();
          key = string();
          blank();
          i++; // the colon
        }
        value(`${pointer}/${String(key).replace(/~/g, "~0").replace(/\//g, "~1")}`);
        blank();
        if (text[i] === ",") i++;
        blank();
      }
      i++;
    } else if (text[i] === '"') {
      string();
    } else {
      while (i < text.length && !/[\s,\]}]/.test(text[i])) i++;
    }
    spans.set(pointer, [start, i]);
  };
  value("");
  return spans;
}

/** The span a problem's pointer names, or its nearest ancestor present in the text. */
function spanOf(spans, pointer) {
  let current = pointer;
  while (!spans.has(current) && current) current = current.slice(0, current.lastIndexOf("/"));
  return spans.get(current);
}

const unescapeKey = (key) => key.replace(/~1/g, "/").replace(/~0/g, "~");

/** The part of a record a JSON Pointer names, in words: "/plays/2" -> "play 3". */
function partName(pointer) {
  const keys = pointer.split("/").slice(1).map(unescapeKey);
  const [head, ...rest] = keys;
  const nth = (index) => Number(index) + 1;
  if (head === undefined) return t("part_record");
  if (head === "plays" && rest.length === 1) return t("part_play", { n: nth(rest[0]) });
  if (head === "hands" && rest.length === 1) return t("part_hand", { seat: seatName(rest[0]) });
  if (head === "hands" && rest.length === 2) return t("part_handCard", { seat: seatName(rest[0]), n: nth(rest[1]) });
  if ((head === "rules" || head === "contract") && rest.length === 1) return t(`part_${head}Part`, { name: rest[0] });
  if (!rest.length && known(`part_${head}`)) return t(`part_${head}`);
  return t("part_field", { name: keys.join(" › ") });
}

/** A sentence of the referee's, each JSON Pointer in it named in words. */
const inWords = (message) =>
  message.replace(/(^|[\s(])(\/[A-Za-z_]\w*(?:\/[\w~.-]+)*)/g, (_, before, pointer) => before + partName(pointer));

/** One part the referee named: a button selecting it in the text area (when the text holds
 * it or an ancestor), and what is wrong with it. */
function problemItem(error, n, spans, text) {
  const item = document.createElement("li");
  const part = capitalised(partName(error.pointer));
  // A part the text does not hold is one the record lacks.
  const message = text && !spans.has(error.pointer) ? t("missing") : inWords(error.message);
  if (error.span) {
    const link = document.createElement("button");
    link.type = "button";
    link.className = "pointer";
    link.textContent = part;
    link.addEventListener("click", () => {
      const area = $("record");
      area.focus();
      area.setSelectionRange(...error.span);
    });
    item.append(link, `${t("colon")} ${message}`);
  } else {
    item.append(`${part}${t("colon")} ${message}`);
  }
  item.dataset.pointer = error.pointer;
  item.id = `problem-${n}`;
  return item;
}

/** The record again in `shown`, each part a problem names marked (outermost spans first). */
function markParts(shown, text, marks) {
  const cuts = marks
    .map((error, n) => ({ n, start: error.span[0], end: error.span[1] }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  let done = 0;
  for (const cut of cuts) {
    if (cut.start < done) continue; // inside a part already marked
    shown.append(text.slice(done, cut.start));
    const mark = document.createElement("mark");
    mark.textContent = text.slice(cut.start, cut.end);
    mark.dataset.pointer = marks[cut.n].pointer;
    shown.append(mark);
    done = cut.end;
  }
  shown.append(text.slice(done));
  shown.setAttribute("aria-hidden", "false");
}

/** What is wrong with a record, for the person who pasted it: a sentence, what to do, each
 * part the referee named (a button selecting it in the text area) and the text again with
 * those parts marked. `at` marks one position instead (where a text stops being JSON). */
export function showProblem({ title, help = "", errors = [], text = "", at = null }) {
  const box = $("problem");
  $("problem-title").textContent = title;
  $("problem-help").textContent = help;
  const list = $("problem-errors");
  const shown = $("problem-record");
  list.replaceChildren();
  shown.replaceChildren();
  shown.setAttribute("aria-hidden", "true");
  box.hidden = false;
  if (at !== null) {
    const mark = document.createElement("mark");
    mark.textContent = text.slice(at, at + 1).trim() || " ";
    shown.append(text.slice(0, at), mark, text.slice(at + 1));
    shown.setAttribute("aria-hidden", "false");
    return;
  }
  if (!errors.length) return;
  const spans = text ? pointerSpans(text) : new Map();
  const marks = errors.map((error) => ({ ...error, span: spanOf(spans, error.pointer) }));
  marks.forEach((error, n) => list.append(problemItem(error, n, spans, text)));
  if (text) markParts(shown, text, marks);
}

/** Why a text is not JSON, in words, with where it stops being JSON when the browser says. */
export function notJson(text, error) {
  if (!text.trim()) return { title: t("empty") };
  const found = /position (\d+)/.exec(error.message);
  const at = found ? Number(found[1]) : /end of JSON/i.test(error.message) ? text.length : null;
  if (at === null) return { title: t("notJson"), help: t("notJsonWhere") };
  const before = text.slice(0, at).split("\n");
  const where = { line: before.length, column: before[before.length - 1].length + 1 };
  return { title: t("notJson"), help: t("notJsonAt", where), text, at };
}

/** The title of a problem the referee answered, by its type. */
export function problemTitle(problem) {
  const kind = String(problem.type ?? "").split("/").pop();
  return { "invalid-request": t("unreadable"), "inconsistent-input": t("impossible") }[kind] ?? t("cannotJudge");
}
