// The URL state: the situation on the page (language, record, step, review, Teach me) kept in
// the link's fragment, so that a link shows it again; the record as base64url JSON.

import { $ } from "./dom.js";
import { state } from "./state.js";
import { languageOf } from "./words.js";

function encodeRecord(record) {
  const bytes = new TextEncoder().encode(JSON.stringify(record));
  let binary = "";
  bytes.forEach((byte) => (binary += String.fromCharCode(byte)));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeRecord(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
}

export function fragment() {
  const params = new URLSearchParams({ lang: state.lang });
  if (state.record) {
    params.set("record", encodeRecord(state.record));
    params.set("step", String(state.step));
    if (state.reviewAsked) params.set("review", "1");
    if (state.teach) params.set("teach", "1");
  }
  return `#${params}`;
}

/** The situation shown, in the URL (without a new history entry) and the share link. */
export function remember() {
  history.replaceState(null, "", fragment());
  $("share-link").href = location.href;
}

/** What the URL's fragment says: its language and Teach me switch go to the state at once;
 * the rest is answered: `encoded` (the record, null when none), `step` and `reviewed`. */
export function readLink() {
  const params = new URLSearchParams(location.hash.slice(1));
  const lang = languageOf(params.get("lang"));
  if (lang) state.lang = lang;
  state.teach = params.get("teach") === "1";
  return { encoded: params.get("record"), step: Number(params.get("step") ?? 0), reviewed: params.get("review") === "1" };
}
