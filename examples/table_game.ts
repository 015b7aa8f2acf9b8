// The game of table_game.py in TypeScript, its bodies and answers typed by the referee's
// contract (openapi-typescript generates ./referee.d.ts from openapi.yaml). The loop keeps
// no rule of the game: the table says whose turn it is and what that seat may do.
//   node table_game.js [REFEREE_URL] [TARGET]
import type { operations } from "./referee";

type Json = "application/json";
type Body = NonNullable<operations["coinche_table"]["requestBody"]>["content"][Json];
type Table = operations["coinche_table"]["responses"][200]["content"][Json];
type Advice = operations["coinche_advise_table"]["responses"][200]["content"][Json];
type Action = NonNullable<Body["action"]>;
declare const process: { argv: string[] };

const REFEREE = process.argv[2] ?? "http://127.0.0.1:8000";
const RULES = { target: Number(process.argv[3] ?? 2000) };
const BOTS = new Set([0, 1, 2]); // seat 3 is the random player
let state = 1; // a small seeded generator (mulberry32): the same game every run
const random = (): number => {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

async function post<T>(path: string, body: unknown): Promise<T> {
  const headers = { "Content-Type": "application/json" };
  const answer = await fetch(REFEREE + path, { method: "POST", headers, body: JSON.stringify(body) });
  if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

type Next = NonNullable<Table["next"]>;
const deal = (n: number) => ({ seed: `tutorial game, deal ${n}` });

async function playGame(): Promise<[Next["table"], number]> {
  let body: Body = { dealer: 0, ...deal(0), next_deal: deal(1), rules: RULES };
  let table: Next["table"] = await post<Table>("/v1/coinche/table", body);
  let deals = 1;
  while (table.phase !== "game_over") {
    const seat = table.to_act as number;
    let action: Action | null = null;
    if (table.announceable.length > 0) { // belote, rebelote: said with the card
      action = { seat, announce: table.announceable[0] };
    } else if (BOTS.has(seat)) {
      const asked = { ...body, samples: 8, advice_seed: `bot ${seat}` };
      action = (await post<Advice>("/v1/coinche/table/advice", asked)).action;
    }
    const choice = table.legal[Math.floor(random() * table.legal.length)];
    action ??= table.phase === "auction" ? { seat, call: choice } : { seat, card: choice };
    const after = await post<Table>("/v1/coinche/table", { ...body, action });
    body = { ...body, ...after.record };
    table = after;
    if (after.next) { // the deal is over: the next one, dealt, the game so far
      body = { ...after.next.body, next_deal: deal(++deals), rules: RULES };
      table = after.next.table;
    }
  }
  return [table, deals];
}

playGame().then(([table, deals]) => {
  const [a, b] = table.game.totals;
  console.log(`${deals} deals, totals ${a} to ${b}: team ${table.game.winner} wins`);
});
