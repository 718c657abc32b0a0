import type { ApiError } from "@shared/schemas/api-error";
import { CreateRewardSchema, type RewardDraft, RewardDraftsSchema } from "@shared/schemas/rewards";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeLlm, startFakeLlm } from "../../../../tests/support/fake-llm-server";
import { Client } from "../../../../tests/support/http";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";

// Create with AI (POST /api/nft-rewards/draft): drafts from the token's own holders, offline
// by default, from a provider when one is configured, and always fit for the create form.

async function person(t: TestApp, name: string) {
  const c = new Client(t.url);
  const reg = await c.post<{ user: { id: string } }>("/api/register", {
    username: name,
    email: `${name}@example.com`,
    password: "secret1",
  });
  const gen = await c.post<{ wallet: { publicKey: string } }>("/api/wallet/generate");
  await c.post("/api/wallet/airdrop", { address: gen.body.wallet.publicKey, amount: 2 });
  return { c, userId: reg.body.user.id, wallet: gen.body.wallet.publicKey };
}

/** A creator's live token held by four fans: 5,000, 3,000, 2,000 and 1,000 tokens. */
async function community(t: TestApp, prefix: string) {
  const creator = await person(t, `${prefix}creator`);
  const launched = await creator.c.post<{ mintAddress: string }>("/api/tokens/create", {
    name: "Loop Studio",
    symbol: `${prefix.toUpperCase()}LOOP`,
    description: "Lo-fi piano loops for study streams.",
    totalSupply: "1000000",
    userId: creator.userId,
    creatorWallet: creator.wallet,
  });
  expect(launched.status).toBe(201);
  const mint = launched.body.mintAddress;
  const fans = [];
  for (const [i, amount] of ["5000", "3000", "2000", "1000"].entries()) {
    const fan = await person(t, `${prefix}fan${i}`);
    const sent = await creator.c.post(`/api/tokens/${mint}/transfer`, { to: fan.wallet, amount });
    expect(sent.status).toBe(200);
    fans.push(fan);
  }
  return { creator, fans, mint };
}

/** Every draft must fill the create form as it is. */
function expectFormReady(drafts: RewardDraft[], tokenMint: string) {
  for (const d of drafts) {
    const form = CreateRewardSchema.safeParse({ tokenMint, ...d });
    expect(form.success, JSON.stringify(form.error?.issues)).toBe(true);
  }
}

describe("POST /api/nft-rewards/draft offline", () => {
  let t: TestApp;
  let c: Awaited<ReturnType<typeof community>>;
  beforeAll(async () => {
    t = await startTestApp();
    c = await community(t, "off");
  });
  afterAll(async () => t?.close());

  const draft = (who: { c: Client }, body: unknown) =>
    who.c.post<ApiError & { drafts: RewardDraft[]; engine: string }>("/api/nft-rewards/draft", body);

  it("drafts from the fans' figures, leaving out the creator's own wallet", async () => {
    const res = await draft(c.creator, { tokenMint: c.mint });
    expect(res.status).toBe(200);
    const body = RewardDraftsSchema.parse(res.body);
    expect(body.engine).toBe("drafted offline");
    expect(body.drafts.map((d) => d.rarity)).toEqual(["legendary", "epic", "rare", "common"]);
    const [inner, loyal, top] = body.drafts;
    // Four fans: the top quartile's edge is the largest (5,000), the median 3,000.
    expect(inner?.unlockCondition).toEqual({ type: "holding_amount", value: "5000" });
    expect(inner?.rationale).toContain("4 fans hold OFFLOOP");
    expect(loyal?.unlockCondition).toEqual({ type: "holding_duration", value: "3000", days: 1 });
    expect(top?.unlockCondition).toEqual({ type: "engagement", value: "75" });
    expectFormReady(body.drafts, c.mint);
  });

  it("takes the creator's idea into account", async () => {
    const res = await draft(c.creator, { tokenMint: c.mint, prompt: "something for my early listeners" });
    expect(res.status).toBe(200);
    const [first] = res.body.drafts;
    expect(first?.title).toBe("Early Listener");
    expect(first?.unlockCondition.type).toBe("holding_duration");
    expectFormReady(res.body.drafts, c.mint);
  });

  it("is for the token's creator only", async () => {
    const fan = c.fans[0];
    if (!fan) throw new Error("no fan");
    const res = await draft(fan, { tokenMint: c.mint });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: "FORBIDDEN",
      error: "Only the token's creator can create its rewards",
    });
    const anonymous = await draft({ c: new Client(t.url) }, { tokenMint: c.mint });
    expect(anonymous.status).toBe(401);
  });

  it("answers 404 for an unknown mint and 400 for a bad request", async () => {
    const unknown = await draft(c.creator, { tokenMint: "So11111111111111111111111111111111111111112" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("NOT_FOUND");
    const long = await draft(c.creator, { tokenMint: c.mint, prompt: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.fields?.prompt).toBe("Keep the idea under 500 characters");
    const missing = await draft(c.creator, {});
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("VALIDATION_FAILED");
  });
});

describe("POST /api/nft-rewards/draft with a provider", () => {
  const KEY = "local-key-SECRET-reward-123";
  let t: TestApp;
  let fake: FakeLlm;
  let c: Awaited<ReturnType<typeof community>>;
  beforeAll(async () => {
    fake = await startFakeLlm();
    t = await startTestApp({
      AI_PROVIDER: "openai-compatible",
      AI_BASE_URL: `${fake.url}/v1`,
      AI_MODEL: "local-fake",
      AI_API_KEY: KEY,
      AI_TIMEOUT_MS: "2000",
    });
    c = await community(t, "prov");
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const good = {
    title: "Loop Keeper",
    description: "For fans who kept the loops playing.",
    rarity: "Epic",
    totalSupply: "50",
    soulbound: true,
    unlockCondition: { type: "holding_duration", value: "2,000", days: 7 },
    rationale: "Half the fans hold 2,000 or more.",
  };
  const draft = async () => {
    const res = await c.creator.c.post<{ drafts: RewardDraft[]; engine: string }>("/api/nft-rewards/draft", {
      tokenMint: c.mint,
      prompt: "a badge for loyal listeners",
    });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(KEY);
    expectFormReady(res.body.drafts, c.mint);
    return res.body;
  };

  it("answers with the provider's drafts, repaired, and sends it the community's figures", async () => {
    const bad = { ...good, title: "Moon", rarity: "mythic" };
    fake.enqueue({ kind: "text", text: JSON.stringify({ drafts: [good, bad] }) });
    const body = await draft();
    expect(body.engine).toBe("drafted by local-fake");
    // The mythic one is dropped; the rest fits the form (rarity lower-cased, digits parsed).
    expect(body.drafts).toEqual([
      {
        ...good,
        rarity: "epic",
        totalSupply: 50,
        unlockCondition: { type: "holding_duration", value: "2000", days: 7 },
      },
    ]);
    const sent = JSON.stringify(fake.requests.at(-1)?.body);
    expect(sent).toContain("top-quartile balance 5000 PROVLOOP");
    expect(sent).toContain("Fans holding it: 4");
    expect(sent).toContain("a badge for loyal listeners");
  });

  it.each([
    [
      "garbage twice",
      [
        { kind: "text", text: "{oops" },
        { kind: "text", text: JSON.stringify({ drafts: [{ ...good, totalSupply: "lots" }] }) },
      ],
      "provider answer unusable",
    ],
    [
      "a 500 twice",
      [
        { kind: "status", status: 500 },
        { kind: "status", status: 500 },
      ],
      "provider unavailable",
    ],
    [
      "a refused key",
      [{ kind: "status", status: 401, message: `bad key ${KEY}` }],
      "provider refused the key",
    ],
  ] as const)("falls back to the offline drafts after %s", async (_name, replies, reason) => {
    fake.enqueue(...replies);
    const body = await draft();
    expect(body.engine).toBe(`drafted offline (${reason})`);
    expect(body.drafts[0]?.unlockCondition).toEqual({ type: "holding_amount", value: "5000" });
  });
});
