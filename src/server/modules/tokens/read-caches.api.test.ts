import type { Agent, ManagedAgent } from "@shared/schemas/agents";
import { type TokenBalance, TokenBalancesSchema } from "@shared/schemas/token";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { freezeDate } from "../../../../tests/support/frozen-date";
import { signUpWithWallet } from "../../../../tests/support/people";
import { watchQueries } from "../../../../tests/support/queries";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";

// The most read pages (token page, balances, agents list) answer from memory once warm, and
// what they answer follows every write at once: a transfer, a launch, a new agent.

let t: TestApp;
const queries = watchQueries();
beforeAll(async () => {
  t = await startTestApp();
});
afterEach(() => vi.useRealTimers());
afterAll(async () => {
  queries.stop();
  await t?.close();
});

async function member(username: string) {
  const who = await signUpWithWallet(t.url, username);
  await who.c.post("/api/wallet/airdrop", { address: who.wallet, amount: 2 });
  return who;
}

async function launch(who: Awaited<ReturnType<typeof member>>, symbol: string) {
  const res = await who.c.post<{ mintAddress: string }>("/api/tokens/create", {
    name: `${symbol} Token`,
    symbol,
    totalSupply: "1000",
    userId: who.userId,
    creatorWallet: who.wallet,
  });
  expect(res.status).toBe(201);
  return res.body.mintAddress;
}

/** What a launch sets off in the background (indexing it, then the reward minter's look at
 * its holders) is over, so the queries counted next are the reads' alone. */
async function settled() {
  await t.app.services.indexer.drained(10_000);
  await t.app.services.rewardAutoMinter.idle();
}

type TokenPage = {
  token: { status: string; circulatingSupply: string };
  creator: { username: string };
  holders: unknown[];
};

describe("read caches", () => {
  it("a token page read again asks the database nothing, and shows a transfer at once", async () => {
    const artist = await member("rc_artist");
    const fan = await member("rc_fan");
    const mint = await launch(artist, "RCA");
    await settled();
    const clock = freezeDate();
    await artist.c.get(`/api/tokens/${mint}`);

    queries.reset();
    const again = await fan.c.get<TokenPage>(`/api/tokens/${mint}`);
    expect(again.body).toMatchObject({ token: { status: "active" }, creator: { username: "rc_artist" } });
    expect(again.body.holders).toEqual([{ owner: artist.wallet, amount: "1000", share: "100.00%" }]);
    await fan.c.get(`/api/tokens/${mint}/metadata.json`);
    expect(queries.reads()).toEqual([]);
    clock.release();

    expect(
      (await artist.c.post(`/api/tokens/${mint}/transfer`, { to: fan.wallet, amount: "25" })).status,
    ).toBe(200);
    const after = await fan.c.get<TokenPage>(`/api/tokens/${mint}`);
    expect(after.body.holders).toEqual([
      { owner: artist.wallet, amount: "975", share: "97.50%" },
      { owner: fan.wallet, amount: "25", share: "2.50%" },
    ]);
    expect(after.body.token.circulatingSupply).toBe("25");
    // Read again (from memory), then a transfer back: the next read has it too.
    expect((await fan.c.get<TokenPage>(`/api/tokens/${mint}`)).body).toEqual(after.body);
    expect(
      (await fan.c.post(`/api/tokens/${mint}/transfer`, { to: artist.wallet, amount: "5" })).status,
    ).toBe(200);
    const back = await artist.c.get<TokenPage>(`/api/tokens/${mint}`);
    expect(back.body.holders).toEqual([
      { owner: artist.wallet, amount: "980", share: "98.00%" },
      { owner: fan.wallet, amount: "20", share: "2.00%" },
    ]);
    expect(back.body.token.circulatingSupply).toBe("20");
  });

  it("a creator's portfolio read again asks the chain nothing after others' commits, and shows a transfer at once", async () => {
    const artist = await member("rc_pf_artist");
    const fan = await member("rc_pf_fan");
    const other = await member("rc_pf_other");
    const [first, second] = [await launch(artist, "RCPA"), await launch(artist, "RCPB")];
    const otherMint = await launch(other, "RCPO");
    type Listed = Array<{ mintAddress: string; circulatingSupply: string }>;
    const portfolio = async () => (await artist.c.get<Listed>(`/api/tokens/user/${artist.userId}`)).body;
    const circulating = (list: Listed) =>
      Object.fromEntries(list.map((t) => [t.mintAddress, t.circulatingSupply]));
    expect(circulating(await portfolio())).toEqual({ [first]: "0", [second]: "0" });

    // Someone else's commits (a transfer of another token) name none of these accounts.
    expect(
      (await other.c.post(`/api/tokens/${otherMint}/transfer`, { to: fan.wallet, amount: "7" })).status,
    ).toBe(200);
    const reads = vi.spyOn(t.deps.ledger, "getMultipleAccounts");
    try {
      expect(circulating(await portfolio())).toEqual({ [first]: "0", [second]: "0" });
      expect(reads).not.toHaveBeenCalled();

      // A transfer of one of them: only that token's accounts are read again.
      expect(
        (await artist.c.post(`/api/tokens/${first}/transfer`, { to: fan.wallet, amount: "25" })).status,
      ).toBe(200);
      reads.mockClear();
      expect(circulating(await portfolio())).toEqual({ [first]: "25", [second]: "0" });
      expect(reads.mock.calls.map(([addresses]) => addresses.length)).toEqual([2]);
    } finally {
      reads.mockRestore();
    }
  });

  it("a creator's portfolio and balances, read between each launch and transfer, list every token with its own figures", async () => {
    // Each read reuses what did not change (the other tokens' entries): what it answers must
    // still be the whole list, newest first, each token with its own figures.
    const artist = await member("rc_many_artist");
    const fan = await member("rc_many_fan");
    type Listed = Array<{ mintAddress: string; circulatingSupply: string }>;
    const portfolio = async () => (await artist.c.get<Listed>(`/api/tokens/user/${artist.userId}`)).body;
    // Sent as JSON made once per change: still what its schema says.
    const balances = async () =>
      TokenBalancesSchema.parse((await artist.c.get("/api/user/token-balances")).body).map((b) => [
        b.symbol,
        b.balance,
      ]);
    const newestFirst: string[] = [];
    const sent = new Map<string, number>();
    const symbols = ["RCMC", "RCMA", "RCMD", "RCMB"];
    for (const [i, symbol] of symbols.entries()) {
      newestFirst.unshift(await launch(artist, symbol));
      sent.set(symbol, 0);
      await portfolio();
      await balances();
      const older = symbols[i - 1];
      if (older) {
        const amount = 10 * i;
        const res = await artist.c.post(`/api/tokens/${newestFirst[1]}/transfer`, {
          to: fan.wallet,
          amount: `${amount}`,
        });
        expect(res.status).toBe(200);
        sent.set(older, amount);
      }
      const list = await portfolio();
      expect(list.map((token) => token.mintAddress)).toEqual(newestFirst);
      expect(list.map((token) => token.circulatingSupply)).toEqual(
        symbols
          .slice(0, i + 1)
          .reverse()
          .map((s) => `${sent.get(s)}`),
      );
      expect(await balances()).toEqual(
        [...sent].sort(([a], [b]) => (a < b ? -1 : 1)).map(([s, n]) => [s, `${1000 - n}`]),
      );
    }
  });

  it("a creator's first portfolio read after a launch asks neither the chain nor the markets table; a market opened later counts", async () => {
    const artist = await member("rc_new_artist");
    type Listed = Array<{ mintAddress: string; circulatingSupply: string }>;
    const portfolio = async () => (await artist.c.get<Listed>(`/api/tokens/user/${artist.userId}`)).body;
    const mint = await launch(artist, "RCNA");
    await settled();
    const reads = vi.spyOn(t.deps.ledger, "getMultipleAccounts");
    try {
      queries.reset();
      expect(await portfolio()).toMatchObject([{ mintAddress: mint, circulatingSupply: "0" }]);
      expect(reads).not.toHaveBeenCalled();
      expect(queries.reads().filter((sql) => /"markets"/.test(sql))).toEqual([]);
    } finally {
      reads.mockRestore();
    }

    // The creator puts 80% of the supply on a curve: those tokens are the curve's, not
    // circulating (a vault still remembered as "none" would count them as circulating).
    const open = await artist.c.post(`/api/market/${mint}/open`, { curveShareBps: 8000 });
    expect(open.status).toBe(200);
    expect(await portfolio()).toMatchObject([{ mintAddress: mint, circulatingSupply: "0" }]);
  });

  it("balances read again ask the database nothing, and are the chain's right after a transfer", async () => {
    const artist = await member("rc_bal_artist");
    const fan = await member("rc_bal_fan");
    const mint = await launch(artist, "RCB");
    expect((await fan.c.get<TokenBalance[]>("/api/user/token-balances")).body).toEqual([]);
    await settled();
    const clock = freezeDate();
    await artist.c.get("/api/user/token-balances");

    queries.reset();
    const own = await artist.c.get<TokenBalance[]>("/api/user/token-balances");
    expect(own.body).toEqual([{ symbol: "RCB", name: "RCB Token", balance: "1000", mint, decimals: 9 }]);
    expect(queries.reads()).toEqual([]);
    clock.release();

    expect(
      (await artist.c.post(`/api/tokens/${mint}/transfer`, { to: fan.wallet, amount: "40" })).status,
    ).toBe(200);
    expect((await artist.c.get<TokenBalance[]>("/api/user/token-balances")).body).toMatchObject([
      { mint, balance: "960" },
    ]);
    expect((await fan.c.get<TokenBalance[]>("/api/user/token-balances")).body).toMatchObject([
      { mint, balance: "40" },
    ]);
  });

  it("the agents list read again asks the database nothing; a new agent and a transfer show at once", async () => {
    const artist = await member("rc_agent_artist");
    const fan = await member("rc_agent_fan");
    const mint = await launch(artist, "RCG");
    const fields = {
      tokenMint: mint,
      name: "Cache Agent",
      specialty: "Answering fans",
      description: "Answers questions about the work",
      avatar: "🎵",
      capabilities: ["Answers questions"],
      tier: "basic",
      tokenRequirement: "10",
      responseStyle: "friendly",
      knowledgeNotes: "",
    };
    await fan.c.get("/api/ai-agents");
    const created = await artist.c.post<ManagedAgent>("/api/ai-agents", fields);
    expect(created.status).toBe(201);
    await settled();
    const clock = freezeDate();
    const listed = (await fan.c.get<Agent[]>("/api/ai-agents")).body.find((a) => a.id === created.body.id);
    expect(listed).toMatchObject({ name: "Cache Agent", isUnlocked: false });

    queries.reset();
    await fan.c.get<Agent[]>("/api/ai-agents");
    expect(queries.reads()).toEqual([]);
    clock.release();

    expect(
      (await artist.c.post(`/api/tokens/${mint}/transfer`, { to: fan.wallet, amount: "10" })).status,
    ).toBe(200);
    const unlocked = (await fan.c.get<Agent[]>("/api/ai-agents")).body.find((a) => a.id === created.body.id);
    expect(unlocked?.isUnlocked).toBe(true);
  });
});
