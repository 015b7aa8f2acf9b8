// The referee's public API, on this origin: a POST in the page's language, what the contract
// (/openapi.json) offers (the paths, the longest search), and GET /v1/rules, asked once.

import { VARIANTS, state } from "./state.js";

export async function post(path, body) {
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
  // The contract says which paths exist (asking it avoids probing for a 404) and the longest
  // search it allows.
  const response = await fetch("/openapi.json");
  const contract = await response.json();
  state.paths = new Set(Object.keys(contract.paths ?? {}));
  for (const [variant, paths] of Object.entries(VARIANTS)) {
    const operation = contract.paths?.[paths.solve]?.post;
    let schema = operation?.requestBody?.content?.["application/json"]?.schema;
    if (schema?.$ref) schema = contract.components?.schemas?.[schema.$ref.split("/").pop()];
    state.longestBudget[variant] = schema?.properties?.budget_ms?.maximum ?? null;
  }
}

/** GET /v1/rules, asked once. */
export async function rules() {
  if (state.rules === null) state.rules = await (await fetch("/v1/rules")).json();
  return state.rules;
}
