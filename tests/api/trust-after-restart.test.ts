import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ExploreToken } from "@shared/schemas/market";
import { afterAll, describe, expect, it } from "vitest";
import { startServer } from "../e2e/fixtures";
import { Client } from "../support/http";
import { signUpWithWallet } from "../support/people";

// After a restart Explore's cards keep their trust scores: each token's last recorded score
// stands in while a fresh one is computed in the background (every card used to lose its
// score, and the trust sort its order, for the 10-30 s that took on a busy site).
const dataDir = mkdtempSync(path.join(os.tmpdir(), "launchpad-trust-restart-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const explore = async (url: string) =>
  (await new Client(url).get<{ tokens: ExploreToken[] }>("/api/explore?sort=new")).body.tokens;

describe("trust scores across a restart", () => {
  it("Explore's first answer after a restart carries each token's last score", {
    timeout: 240_000,
  }, async () => {
    const first = await startServer({ RATE_LIMITS: "off" }, dataDir);
    const mints: string[] = [];
    try {
      const artist = await signUpWithWallet(first.url, "restart_artist");
      await artist.c.post("/api/wallet/airdrop", { address: artist.wallet, amount: 2 });
      for (const symbol of ["RSTA", "RSTB", "RSTC"]) {
        const launched = await artist.c.post<{ mintAddress: string }>("/api/tokens/create", {
          name: `Restart ${symbol}`,
          symbol,
          totalSupply: "1000000",
          userId: artist.userId,
          creatorWallet: artist.wallet,
        });
        expect(launched.status, JSON.stringify(launched.body)).toBe(201);
        mints.push(launched.body.mintAddress);
      }
      // Scored in the background once Explore asks.
      const deadline = Date.now() + 60_000;
      for (;;) {
        const cards = (await explore(first.url)).filter((t) => mints.includes(t.mint));
        if (cards.length === 3 && cards.every((t) => t.trustScore !== null)) break;
        if (Date.now() > deadline) throw new Error("trust scores not computed");
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await first.stop();
    }

    const second = await startServer({ RATE_LIMITS: "off" }, dataDir);
    try {
      const cards = (await explore(second.url)).filter((t) => mints.includes(t.mint));
      expect(cards).toHaveLength(3);
      for (const card of cards) {
        expect(card.trustScore).toEqual(expect.any(Number));
        expect(card.trustBand).toBe(
          (card.trustScore ?? 0) >= 80 ? "good" : (card.trustScore ?? 0) >= 50 ? "caution" : "high_risk",
        );
      }
    } finally {
      await second.stop();
    }
  });
});
