import { startServer } from "./fixtures";
import { postJson } from "./support/env";
const server = await startServer({ SEED_DEMO: "yes", RATE_LIMITS: "off" });
const u = server.url;
const bad: string[] = [];
try {
  const reg = await postJson<any>(u, "/api/register", { username: "fuzz_user", email: "fuzz@example.com", password: "secret-42" });
  const cookie = reg.cookie!;
  const w = await postJson<any>(u, "/api/wallet/generate", {}, cookie);
  const wallet = w.body.wallet.publicKey;
  await postJson(u, "/api/wallet/airdrop", { address: wallet, amount: 2 }, cookie);
  const created = await postJson<any>(u, "/api/tokens/create", { name: "Fuzz", symbol: "FUZZ", totalSupply: "1000", userId: reg.body.user.id, creatorWallet: wallet }, cookie);
  const mint = created.body.mintAddress;
  const agents = await (await fetch(`${u}/api/ai-agents`, { headers: { cookie } })).json() as any;
  const agentId = (Array.isArray(agents) ? agents : agents.agents ?? [])[0]?.id ?? "x";
  const posts = ["/api/register", "/api/auth/email", "/api/auth/wallet", "/api/auth/wallet/challenge", "/api/ai/generate-identity",
    "/api/wallet/generate", "/api/wallet/link", "/api/wallet/airdrop", "/api/tokens/create", "/api/tokens/prepare", "/api/tokens/submit",
    `/api/tokens/${mint}/transfer`, "/api/ai-agents", "/api/ai-agents/chat", `/api/ai-agents/${agentId}/messages`, "/api/auth/logout", "/rpc"];
  const long = "x".repeat(200_000);
  const bodies: Array<[string, string]> = [
    ["none", ""], ["invalid", "{"], ["null", "null"], ["array", "[]"], ["string", '"s"'], ["number", "1"], ["empty", "{}"],
    ["nums", JSON.stringify({ name: 1, symbol: 2, totalSupply: 3, amount: -1, to: 5, message: 6, agentId: 7, email: 8, password: 9, username: 10, walletAddress: 11, address: 12, userInput: 13, transaction: 14, tokenId: 15, signature: 16 })],
    ["objs", JSON.stringify({ name: {}, symbol: [], totalSupply: { a: 1 }, amount: [], to: {}, message: {}, agentId: [], email: [], password: {}, userInput: [], transaction: {}, tokenId: {}, signature: [], jsonrpc: "2.0", method: {}, id: {} })],
    ["long", JSON.stringify({ name: long, symbol: long, description: long, totalSupply: long, amount: long, to: long, message: long, email: long, password: long, username: long, walletAddress: long, address: long, userInput: long, transaction: long, tokenId: long, signature: long })],
    ["weird", JSON.stringify({ name: "\u0000\ud800", symbol: "ÄÖ", totalSupply: "1e309", amount: "0.0000000001", to: "\u0000", message: "\ud800", email: "a@b", password: "\u0000".repeat(10), walletAddress: "1".repeat(44), address: "1".repeat(44), userInput: "\u0000".repeat(20), tokenId: "../../", transaction: "!!!", signature: "0".repeat(88), userId: reg.body.user.id, creatorWallet: wallet })],
    ["bigsupply", JSON.stringify({ name: "Big", symbol: "BIGG", totalSupply: "9".repeat(40), userId: reg.body.user.id, creatorWallet: wallet })],
    ["amounts", JSON.stringify({ to: "fuzz_user", amount: "99999999999999999999999999999" })],
    ["neg", JSON.stringify({ to: wallet, amount: "-5" })],
    ["rpcbatch", JSON.stringify([{ jsonrpc: "2.0", id: 1, method: "getBalance", params: [{}] }, { jsonrpc: "2.0", id: 2, method: "getAccountInfo", params: ["x".repeat(100), { encoding: "jsonParsed" }] }, { jsonrpc: "2.0", id: 3, method: "getTransaction", params: [1] }, { jsonrpc: "2.0", id: 4, method: "sendTransaction", params: ["AAAA"] }, { jsonrpc: "2.0", id: 5, method: "getSignaturesForAddress", params: [wallet, { limit: -1, before: 5 }] }])],
  ];
  for (const path of posts) for (const [label, body] of bodies) for (const ct of ["application/json", "text/plain"]) {
    const res = await fetch(`${u}${path}`, { method: "POST", headers: { "content-type": ct, origin: u, cookie }, body: body || undefined });
    const text = await res.text();
    if (res.status >= 500 || /at .*\.ts:\d+|stack/i.test(text)) bad.push(`${res.status} POST ${path} [${label} ${ct}] ${text.slice(0, 160)}`);
  }
  const gets = [`/api/tokens/${"%00"}`, "/api/tokens/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx/metadata.json", `/api/tokens/${"1".repeat(44)}`, `/api/tokens/${"1".repeat(44)}/metadata.json`,
    `/api/tokens/user/${"%ff"}`, "/api/tokens/user/" + "a".repeat(5000), `/api/ai-agents/${"%00"}`, `/api/ai-agents/${"x".repeat(3000)}/messages`, "/api/ai-agents/mine",
    `/api/ai-agents/${agentId}/messages?limit=-1&before=zzz`, "/api/user/token-balances", "/api/wallets", "/api/ledger", "/api/site", "/rpc", "/api/nonexistent", "/%E0%A4%A", "/create?%%%"];
  for (const path of gets) {
    const res = await fetch(`${u}${path}`, { headers: { cookie } });
    const text = await res.text();
    if (res.status >= 500) bad.push(`${res.status} GET ${path} ${text.slice(0, 160)}`);
  }
  for (const [label, body] of bodies) {
    const res = await fetch(`${u}/api/ai-agents/${agentId}`, { method: "PATCH", headers: { "content-type": "application/json", origin: u, cookie }, body: body || undefined });
    if (res.status >= 500) bad.push(`${res.status} PATCH agent [${label}] ${(await res.text()).slice(0, 160)}`);
  }
} finally {
  await server.stop();
  const errs = server.output().split("\n").filter((l) => /error|Error/.test(l)).slice(0, 20);
  console.log(bad.length ? bad.join("\n") : "no 5xx");
  console.log("server log errors:\n" + errs.join("\n"));
}
