import type { ApiError } from "@shared/schemas/api-error";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/http";
import { startTestApp, type TestApp } from "../support/test-app";

// A NUL byte (or any control character) in any request text reaches PostgreSQL, which
// refuses 0x00: each must be a 400 naming the field, never a 500.

let t: TestApp;
let c: Client;
let userId: string;
let wallet: string;
let mint: string;
let agentId: string;

const NUL = "a\u0000b";

const tokenForm = () => ({
  name: "Control Room",
  symbol: "CTRL",
  description: "",
  totalSupply: "1000",
  imageUrl: "",
  website: "",
  twitter: "",
  discord: "",
  tagline: "",
  userId,
  creatorWallet: wallet,
  idempotencyKey: "key-1",
});
const agentFields = () => ({
  name: "Helper",
  specialty: "Help",
  description: "",
  avatar: "🤖",
  capabilities: ["help"],
  tier: "basic",
  tokenRequirement: "1",
  responseStyle: "Kind",
  knowledgeNotes: "",
});
const signIn = { walletAddress: "", message: "m", signature: "s" };

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMITS: "off" });
  c = new Client(t.url);
  const reg = await c.post<{ user: { id: string } }>("/api/register", {
    username: "ctrl",
    email: "ctrl@example.com",
    password: "secret1",
  });
  userId = reg.body.user.id;
  wallet = (await c.post<{ wallet: { publicKey: string } }>("/api/wallet/generate")).body.wallet.publicKey;
  signIn.walletAddress = wallet;
  await c.post("/api/wallet/airdrop", { address: wallet, amount: 2 });
  const launched = await c.post<{ mintAddress: string }>("/api/tokens/create", {
    ...tokenForm(),
    symbol: "LIVE",
    name: "Live One",
    idempotencyKey: undefined,
  });
  expect(launched.status).toBe(201);
  mint = launched.body.mintAddress;
  const agent = await c.post<{ id: string }>("/api/ai-agents", { ...agentFields(), tokenMint: mint });
  expect(agent.status).toBe(201);
  agentId = agent.body.id;
});
afterAll(async () => t?.close());

type Case = [
  method: "POST" | "PATCH",
  path: () => string,
  body: () => Record<string, unknown>,
  field: string,
];

const cases: Case[] = [
  ...(["username", "email", "password"].map((f) => [
    "POST",
    () => "/api/register",
    () => ({ username: "ctrl2", email: "ctrl2@example.com", password: "secret1", [f]: NUL }),
    f,
  ]) as Case[]),
  ...(["email", "password"].map((f) => [
    "POST",
    () => "/api/auth/email",
    () => ({ email: "ctrl@example.com", password: "secret1", [f]: NUL }),
    f,
  ]) as Case[]),
  [
    "POST",
    () => "/api/auth/wallet/challenge",
    () => ({ walletAddress: `${wallet.slice(0, 40)}\u0000` }),
    "walletAddress",
  ],
  ...(["message", "signature"].map((f) => [
    "POST",
    () => "/api/auth/wallet",
    () => ({ ...signIn, [f]: NUL }),
    f,
  ]) as Case[]),
  ...(["message", "signature"].map((f) => [
    "POST",
    () => "/api/wallet/link",
    () => ({ ...signIn, [f]: NUL }),
    f,
  ]) as Case[]),
  ...(["userInput", "goals", "audience"].map((f) => [
    "POST",
    () => "/api/ai/generate-identity",
    () => ({
      userInput: "I make lo-fi beats for study streams",
      [f]: f === "userInput" ? `${NUL} and more words` : NUL,
    }),
    f,
  ]) as Case[]),
  ...[
    "name",
    "symbol",
    "description",
    "totalSupply",
    "imageUrl",
    "website",
    "twitter",
    "discord",
    "tagline",
    "userId",
    "idempotencyKey",
  ].flatMap((f) =>
    ["/api/tokens/create", "/api/tokens/prepare"].map(
      (p) => ["POST", () => p, () => ({ ...tokenForm(), [f]: NUL }), f] as Case,
    ),
  ),
  ...(["tokenId", "transaction"].map((f) => [
    "POST",
    () => "/api/tokens/submit",
    () => ({ tokenId: "00000000-0000-0000-0000-000000000000", transaction: "AAAA", [f]: NUL }),
    f,
  ]) as Case[]),
  ...(["to", "amount", "idempotencyKey"].map((f) => [
    "POST",
    () => `/api/tokens/${mint}/transfer`,
    () => ({ to: "ctrl", amount: "1", idempotencyKey: "t-1", [f]: NUL }),
    f,
  ]) as Case[]),
  ...([
    "name",
    "specialty",
    "description",
    "avatar",
    "tokenRequirement",
    "responseStyle",
    "knowledgeNotes",
    "tokenMint",
  ].map((f) => [
    "POST",
    () => "/api/ai-agents",
    () => ({ ...agentFields(), tokenMint: mint, [f]: NUL }),
    f,
  ]) as Case[]),
  [
    "POST",
    () => "/api/ai-agents",
    () => ({ ...agentFields(), tokenMint: mint, capabilities: [NUL] }),
    "capabilities.0",
  ],
  ...(["name", "description", "knowledgeNotes"].map((f) => [
    "PATCH",
    () => `/api/ai-agents/${agentId}`,
    () => ({ [f]: NUL }),
    f,
  ]) as Case[]),
  ...(["agentId", "message"].map((f) => [
    "POST",
    () => "/api/ai-agents/chat",
    () => ({ agentId, message: "hello", [f]: NUL }),
    f,
  ]) as Case[]),
];

describe("a NUL byte in a request text field", () => {
  it.each(
    cases.map(([method, path, body, field]) => ({ method, path, body, field, name: `${method} ${field}` })),
  )("$name is a 400 naming the field ($method)", async ({ method, path, body, field }) => {
    const res = await c.request<ApiError>(method, path(), body());
    expect(res.status, `${path()} ${field}: ${JSON.stringify(res.body)}`).toBe(400);
    expect(res.body.code).toBe("VALIDATION_FAILED");
    expect(res.body.fields?.[field]).toMatch(/control characters/);
  });

  it("a line break is text in a multi-line field, not in a one-line one", async () => {
    const notes = await c.patch<ApiError>(`/api/ai-agents/${agentId}`, {
      knowledgeNotes: "line 1\n\tline 2",
    });
    expect(notes.status).toBe(200);
    const name = await c.patch<ApiError>(`/api/ai-agents/${agentId}`, { name: "line 1\nline 2" });
    expect(name.status).toBe(400);
    expect(name.body.fields?.name).toMatch(/control characters/);
  });
});

describe("a NUL byte (or junk) in a path parameter", () => {
  it.each([
    ["GET", "/api/tokens/%00"],
    ["GET", `/api/tokens/${"1".repeat(40)}%00`],
    ["GET", `/api/tokens/${"0".repeat(44)}`],
    ["GET", `/api/tokens/${"1".repeat(40)}%00/metadata.json`],
    ["GET", `/api/tokens/${"1".repeat(40)}%00/image.svg`],
    ["POST", `/api/tokens/${"1".repeat(40)}%00/transfer`],
    ["GET", "/api/tokens/user/%00"],
    ["GET", "/api/tokens/user/a%00b"],
    ["GET", "/api/ai-agents/%00/messages"],
    ["PATCH", "/api/ai-agents/a%00b"],
  ])("%s %s is a 400 with a message", async (method, path) => {
    const res = await c.request<ApiError>(
      method,
      path,
      method === "GET" ? undefined : { to: "x", amount: "1", name: "n" },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe("VALIDATION_FAILED");
    expect(res.body.error).toMatch(/Invalid|control characters/);
  });

  it("a well-formed mint nobody launched is a 404", async () => {
    const res = await c.get<ApiError>(`/api/tokens/${"1".repeat(44)}`);
    expect(res.status).toBe(404);
  });
});
