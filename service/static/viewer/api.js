// The referee's public API, on this origin: a POST in the page's language, what the contract
// (/openapi.json) offers (the paths, the longest search, the advice's levels), and GET
// /v1/rules, asked once.

import { VARIANTS, state } from "./state.js";

export async function post(path, body) {
  body = withProfile(path, body);
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Accept-Language": state.lang },
    body: JSON.stringify(body),
  });
  const type = response.headers.get("Content-Type") ?? "";
  const data = type.includes("json") ? await response.json() : await response.blob();
  return { status: response.status, data };
}

export async function discoverAnalysis() {
  // The contract says which paths exist (asking it avoids probing for a 404), the fields of
  // each request, the advice levels each takes and the longest search it allows.
  const response = await fetch("/openapi.json");
  const contract = await response.json();
  state.paths = new Set(Object.keys(contract.paths ?? {}));
  const request = (path) => {
    const schema = contract.paths?.[path]?.post?.requestBody?.content?.["application/json"]?.schema;
    return schema?.$ref ? contract.components?.schemas?.[schema.$ref.split("/").pop()] : schema;
  };
  for (const path of state.paths) {
    state.fields[path] = new Set(Object.keys(request(path)?.properties ?? {}));
    state.levels[path] = request(path)?.properties?.level?.enum ?? [];
  }
  for (const [variant, paths] of Object.entries(VARIANTS)) {
    state.longestBudget[variant] = request(paths.solve)?.properties?.budget_ms?.maximum ?? null;
  }
}

/** GET /v1/rules, asked once. */
export async function rules() {
  if (state.rules === null) state.rules = await (await fetch("/v1/rules")).json();
  return state.rules;
}

/** The body with the chosen profile in its `rules` (the record's own options after it, so they
 * win), when the path is one of the profile's game's and its request takes rules. */
function withProfile(path, body) {
  const chosen = state.profile;
  if (!chosen || body === null || typeof body !== "object" || Array.isArray(body)) return body;
  if (!Object.values(VARIANTS[chosen.game]).includes(path) || !state.fields[path]?.has("rules")) return body;
  return { ...body, rules: { profile: chosen.name, ...(body.rules ?? {}) } };
}

/** Each game's named rulebooks, from GET /v1/rules and /v1/coinche/rules (`profiles`):
 * [{game, names}]. */
export async function profiles() {
  const coinche = await (await fetch("/v1/coinche/rules")).json();
  const classic = await rules();
  return [
    { game: "coinche", names: (coinche.profiles ?? []).map((profile) => profile.name) },
    { game: "classic", names: (classic.profiles ?? []).map((profile) => profile.name) },
  ];
}
