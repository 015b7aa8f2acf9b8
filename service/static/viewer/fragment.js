// The URL state: the situation on the page (language, record, step, review, Teach me) kept in
// the link's fragment, so that a link shows it again (docs/viewer.md, "A link to a deal"):
// `#record=R&step=K&lang=L&review=1&teach=1&rules=G:P`, every part but `record` optional (P:
// the rulebook chosen, a profile of game G). R is the
// record, or an archive line, as JSON: its text percent-encoded (what another tool writes
// most simply), or its UTF-8 bytes in base64url (what the page writes: shorter).

import { $ } from "./dom.js";
import { lineOf, state } from "./state.js";
import { languageOf } from "./words.js";

function encodeRecord(record) {
  const bytes = new TextEncoder().encode(JSON.stringify(record));
  let binary = "";
  bytes.forEach((byte) => (binary += String.fromCharCode(byte)));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The record a link's `record` holds (URLSearchParams has undone its percent-encoding): JSON
 * text, an object's starting with a brace, or base64url of it. Throws when it holds none. */
export function decodeRecord(text) {
  if (text.trimStart().startsWith("{")) return JSON.parse(text);
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
}

export function fragment() {
  const params = new URLSearchParams({ lang: state.lang });
  if (state.record) {
    params.set("record", encodeRecord(lineOf()));
    params.set("step", String(state.step));
    if (state.reviewAsked) params.set("review", "1");
    if (state.teach) params.set("teach", "1");
  }
  if (state.profile) params.set("rules", `${state.profile.game}:${state.profile.name}`);
  return `#${params}`;
}

/** The situation shown, in the URL (without a new history entry) and the share link. */
export function remember() {
  history.replaceState(null, "", fragment());
  $("share-link").href = location.href;
}

/** What the URL's fragment says: its language, Teach me switch and rulebook (one the "Rules:"
 * choice lists, `offered`; else the referee's defaults) go to the state at once; the rest is
 * answered: `encoded` (the record, null when none), `step` and `reviewed`. */
export function readLink(offered = []) {
  const params = new URLSearchParams(location.hash.slice(1));
  const lang = languageOf(params.get("lang"));
  if (lang) state.lang = lang;
  state.teach = params.get("teach") === "1";
  const rules = params.get("rules") ?? "";
  const [game, name] = rules.split(":");
  state.profile = offered.includes(rules) && name ? { game, name } : null;
  const step = Number.parseInt(params.get("step") ?? "0", 10);
  return { encoded: params.get("record"), step: Number.isNaN(step) ? 0 : step, reviewed: params.get("review") === "1" };
}
