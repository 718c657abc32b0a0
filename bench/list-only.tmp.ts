import { benchTokenList, creatorWithTokens } from "./api-launch";
const url = process.env.URL ?? "http://127.0.0.1:5055";
for (const n of [5, 5, 100]) {
  const who = await creatorWithTokens(url, n);
  if (process.env.WAIT) await new Promise((r) => setTimeout(r, Number(process.env.WAIT)));
  const r = await benchTokenList(url, who.userId, 50, 6);
  console.log(`list ${n}: ${r.requestsPerSecond.toFixed(0)} req/s p99 ${r.p99} err ${r.errors}`);
}
