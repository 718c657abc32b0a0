import type { ApiError } from "@shared/schemas/api-error";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";

// Abuse limits seen from outside: many addresses (X-Forwarded-For from a trusted proxy),
// many accounts, an injected clock for the login delays (no sleeps).

let clock = 1_700_000_000_000;
const now = () => clock;
const logLines: string[] = [];
const capture = (lines: string[]) => ({ write: (line: string) => void lines.push(line) });

// One app for the whole file (each test uses its own addresses and accounts); it logs at
// info into logLines. The flood test starts its own, to count its lines alone.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(
    { TRUST_PROXY: "127.0.0.1", LOG_LEVEL: "info" },
    { now, logStream: capture(logLines) },
  );
});
afterAll(async () => t?.close());

/** One request from `ip`, with `cookies` (name=value; ...). */
async function send(ip: string, path: string, body: unknown, cookies = "", app = t) {
  const res = await fetch(`${app.url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": ip,
      ...(cookies ? { cookie: cookies } : {}),
    },
    body: JSON.stringify(body),
  });
  const set = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .join("; ");
  return {
    status: res.status,
    body: (await res.json()) as ApiError & Record<string, unknown>,
    headers: res.headers,
    set,
  };
}

const login = (ip: string, email: string, password: string, cookies = "") =>
  send(ip, "/api/auth/email", { email, password }, cookies);

describe("login throttling (OWASP: per-account delays, trusted devices)", () => {
  it("caps guesses per account across addresses: 12 addresses x 10 guesses get 5 checks", async () => {
    await send("10.0.0.1", "/api/register", {
      username: "vic",
      email: "vic@example.com",
      password: "right-pass",
    });
    const statuses: number[] = [];
    for (let a = 0; a < 12; a++)
      for (let g = 0; g < 10; g++)
        statuses.push((await login(`10.1.0.${a}`, "vic@example.com", `guess-${a}-${g}`)).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(115);

    // A refused attempt says when to come back; it is a delay, not a lockout.
    const refused = await login("10.2.0.1", "vic@example.com", "right-pass");
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("RATE_LIMITED");
    expect(refused.body.error).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ seconds\.$/);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    clock += wait * 1000;
    expect((await login("10.2.0.1", "vic@example.com", "right-pass")).status).toBe(200);
  });

  it("throttles an unknown email exactly like a real one (no account enumeration)", async () => {
    await send("10.0.0.1", "/api/register", {
      username: "real",
      email: "real@example.com",
      password: "right-pass",
    });
    const run = async (email: string) => {
      const out: Array<[number, unknown]> = [];
      for (let i = 0; i < 7; i++) {
        const r = await login(`10.3.${i}.1`, email, "wrong-pass");
        out.push([r.status, r.body]);
      }
      return out;
    };
    expect(await run("nobody@example.com")).toEqual(await run("real@example.com"));
  });

  it("an attacker's failures, from many addresses and the victim's own, cannot lock the victim out on a trusted device", async () => {
    const home = "10.9.9.9";
    const reg = await send(home, "/api/register", {
      username: "owner",
      email: "owner@example.com",
      password: "right-pass",
    });
    expect(reg.status).toBe(201);
    const device = reg.set.split("; ").find((c) => c.startsWith("device=")) ?? "";
    expect(device).toMatch(/^device=.+/);

    // Distributed guessing, then guesses and junk emails from the victim's own (shared) address.
    for (let a = 0; a < 12; a++)
      for (let g = 0; g < 10; g++) await login(`10.4.0.${a}`, "owner@example.com", `guess-${a}-${g}`);
    for (let g = 0; g < 8; g++) await login(home, "owner@example.com", `guess-home-${g}`);
    for (let j = 0; j < 10; j++) await login(home, `junk${j}@example.com`, "wrong-pass");

    // A stranger's browser waits; the owner's browser, which signed in before, gets in.
    expect((await login(home, "owner@example.com", "right-pass")).status).toBe(429);
    const back = await login(home, "owner@example.com", "right-pass", device);
    expect(back.status).toBe(200);
    expect(back.set).toMatch(/device=/);
  });
});

describe("per-account and per-address budgets", () => {
  it("limits launches per user, whatever addresses they come from", async () => {
    const reg = await send("10.5.0.1", "/api/register", {
      username: "maker",
      email: "maker@example.com",
      password: "secret1",
    });
    const cookies = reg.set
      .split("; ")
      .filter((c) => c.startsWith("sid="))
      .join("; ");
    const gen = await send("10.5.0.1", "/api/wallet/generate", {}, cookies);
    const wallet = (gen.body as unknown as { wallet: { publicKey: string } }).wallet.publicKey;
    expect((await send("10.5.0.1", "/api/wallet/airdrop", { address: wallet }, cookies)).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await send(
        `10.6.0.${i}`,
        "/api/tokens/create",
        {
          userId: (reg.body as unknown as { user: { id: string } }).user.id,
          creatorWallet: wallet,
          name: `Maker ${i}`,
          symbol: `MK${i}X`,
          description: "A token for the makers who make things",
          totalSupply: "1000000",
          imageUrl: "",
          website: "https://maker.example",
          twitter: "",
          discord: "",
          tagline: "Made here",
        },
        cookies,
      );
      statuses.push(res.status);
      if (i === 10) expect(res.body.code).toBe("RATE_LIMITED");
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
  });

  it("limits new accounts per address, and test SOL per address across accounts", async () => {
    const created: number[] = [];
    for (let i = 0; i < 31; i++) {
      // Both ways of opening an account draw on one budget.
      const res =
        i % 2
          ? await send("10.7.0.1", "/api/register", {
              username: `user${i}`,
              email: `user${i}@example.com`,
              password: "secret1",
            })
          : await send("10.7.0.1", "/api/wallet/generate", {});
      created.push(res.status);
      if (res.status !== 201)
        expect(res.body.error).toBe("Too many new accounts from your network. Try again later.");
    }
    expect(created.filter((s) => s === 201)).toHaveLength(30);
    expect(created[30]).toBe(429);

    // 21 wallet-only accounts (opened from their own addresses) claim test SOL from one.
    const airdrops: number[] = [];
    for (let i = 0; i < 21; i++) {
      const gen = await send(`10.12.0.${i}`, "/api/wallet/generate", {});
      const wallet = (gen.body as unknown as { wallet: { publicKey: string } }).wallet.publicKey;
      airdrops.push((await send("10.8.0.1", "/api/wallet/airdrop", { address: wallet }, gen.set)).status);
    }
    expect(airdrops.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(airdrops[20]).toBe(429);
  });
});

describe("logs", () => {
  it("does not log refused (429) requests one by one; sums them up instead", async () => {
    const lines: string[] = [];
    const flood = await startTestApp(
      { TRUST_PROXY: "127.0.0.1", LOG_LEVEL: "info" },
      { logStream: capture(lines) },
    );
    try {
      for (let i = 0; i < 40; i++) await send("10.10.0.1", "/api/auth/email", { email: "bad" }, "", flood);
    } finally {
      const during = lines.length;
      await flood.close();
      expect(during).toBeLessThan(5);
    }
    expect(lines.join("\n")).not.toMatch(/"statusCode":429|incoming request|request completed/);
    const summary = lines.map((l) => JSON.parse(l)).find((l) => l.msg === "requests by status");
    expect(summary?.requests).toEqual({ "4xx": 20, "429": 20 });
  });

  it("logs a failed query by class and SQLSTATE, never its parameters", async () => {
    // Make a sign-up fail inside the database, with the user's words in the query.
    await t.deps.database.db.execute(
      sql`alter table users add constraint no_leaks check (username not like '%leaky%')`,
    );
    const res = await send("10.11.0.1", "/api/register", {
      username: "leaky_secret_name",
      email: "private.person@example.com",
      password: "secret1",
    });
    expect(res.status).toBe(500);
    expect(res.body.code).toBe("INTERNAL");
    const log = logLines.join("\n");
    expect(log).toMatch(/"sqlState":"23514"/);
    expect(log).not.toMatch(/leaky_secret_name|private\.person|params|Failed query/);
  });
});
