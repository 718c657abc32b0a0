import { formatAmount, parseAmount } from "@shared/amounts";
import { LAMPORTS_PER_SOL } from "@shared/constants";
import { and, asc, count, eq, ne } from "drizzle-orm";
import type { Db } from "../db/client";
import { agents, tokens, users, wallets } from "../db/schema/index";
import type { Ledger } from "../ledger/ledger";
import type { Services } from "../services";
import { DEMO_CREATOR, DEMO_CURVE_SHARE_BPS, DEMO_FAN, DEMO_TOKENS } from "./demo-content";

export interface SeedResult {
  creator: { username: string; email: string };
  fan: { username: string; email: string };
  tokens: Array<{ symbol: string; mint: string; agent: string; created: boolean }>;
}

type SeedServices = Pick<
  Services,
  "accounts" | "wallets" | "launches" | "transfers" | "tokens" | "agents" | "market" | "opens"
>;

/** Creates (or completes) the demo content. Idempotent: every step first looks for what an
 * earlier run made (accounts by username, tokens by creator and symbol, agents by name,
 * fan holdings by on-chain balance, markets by mint), so a second run changes nothing, and a
 * run interrupted half-way finishes the job. */
export async function seedDemo(deps: {
  db: Db;
  ledger: Ledger;
  services: SeedServices;
  /** Told each step as it is done (a first start's log shows the seed advancing). */
  onProgress?: (step: string) => void;
}): Promise<SeedResult> {
  const { db, ledger, services } = deps;
  const progress = deps.onProgress ?? (() => {});
  const creator = await ensureAccount(db, services, DEMO_CREATOR);
  const creatorWallet = await ensureFundedWallet(db, ledger, services, creator);
  progress("demo creator ready");
  const fan = await ensureAccount(db, services, DEMO_FAN);
  const fanWallet = await ensureFundedWallet(db, ledger, services, fan);
  progress("demo fan ready");

  const who = ({ username, email }: typeof DEMO_CREATOR) => ({ username, email });
  const result: SeedResult = { creator: who(DEMO_CREATOR), fan: who(DEMO_FAN), tokens: [] };
  for (const demo of DEMO_TOKENS) {
    const mint = await ensureToken(db, services, creator, creatorWallet, demo);
    const { created } = await ensureAgent(db, services, creator, mint, demo.agent);

    const wanted = parseAmount(demo.fanHolding, 9) ?? 0n;
    const held = await services.tokens.balanceUnits(fan, mint);
    if (held < wanted) {
      await services.transfers.transfer(creator, mint, {
        to: fanWallet,
        amount: formatAmount(wanted - held, 9),
        idempotencyKey: `demo-fan-${demo.symbol}-${held}`,
      });
    }
    // After the fan's holding: the curve gets its share of what the creator still holds.
    // `spot`, not `state`: no launch-window buyers or funding checks read at every start.
    if ((await services.market.spot(mint)) === null)
      await services.opens.openExisting(creator, mint, DEMO_CURVE_SHARE_BPS);
    result.tokens.push({ symbol: demo.symbol, mint, agent: demo.agent.name, created });
    progress(`${demo.symbol} ready`);
  }
  return result;
}

/** Whether a start-up with SEED_DEMO=ask seeds: on a fresh install (no account but demo
 * ones), or to finish a demo seed once begun (a demo account exists), so a first start
 * killed part-way is completed by the next one. Only an install used without demo content
 * is left alone. */
export async function demoSeedWanted(db: Db): Promise<boolean> {
  const rows = await db.select({ isDemo: users.isDemo, n: count() }).from(users).groupBy(users.isDemo);
  const demo = rows.find((r) => r.isDemo)?.n ?? 0;
  const real = rows.find((r) => !r.isDemo)?.n ?? 0;
  return demo > 0 || real === 0;
}

async function ensureAccount(db: Db, services: SeedServices, who: typeof DEMO_CREATOR): Promise<string> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, who.username))
    .limit(1);
  if (existing) return existing.id;
  return (await services.accounts.register({ ...who, isDemo: true })).id;
}

async function ensureFundedWallet(
  db: Db,
  ledger: Ledger,
  services: SeedServices,
  userId: string,
): Promise<string> {
  const [existing] = await db
    .select({ publicKey: wallets.publicKey })
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.kind, "embedded")))
    .orderBy(asc(wallets.createdAt))
    .limit(1);
  const publicKey = existing?.publicKey ?? (await services.wallets.generate(userId)).publicKey;
  // Enough test SOL for four launches and the fan transfers; straight from the ledger so
  // the per-person airdrop limit does not apply to the seed.
  if ((await ledger.getBalance(publicKey)) < LAMPORTS_PER_SOL)
    await ledger.airdrop(publicKey, 2n * LAMPORTS_PER_SOL);
  return publicKey;
}

async function ensureToken(
  db: Db,
  services: SeedServices,
  userId: string,
  wallet: string,
  demo: (typeof DEMO_TOKENS)[number],
): Promise<string> {
  const [mine] = await db
    .select({ mint: tokens.mintAddress, status: tokens.status })
    .from(tokens)
    .where(and(eq(tokens.userId, userId), eq(tokens.symbol, demo.symbol), ne(tokens.status, "failed")))
    .limit(1);
  if (mine?.status === "active") return mine.mint;
  const { mintAddress } = await services.launches.launch(userId, {
    name: demo.name,
    symbol: demo.symbol,
    description: demo.description,
    tagline: demo.tagline,
    totalSupply: demo.totalSupply,
    imageUrl: "",
    website: "",
    twitter: "",
    discord: "",
    userId,
    creatorWallet: wallet,
    // Same key every run: a launch interrupted after sending is resumed, not repeated.
    idempotencyKey: `demo-launch-${demo.symbol}`,
  });
  return mintAddress;
}

async function ensureAgent(
  db: Db,
  services: SeedServices,
  userId: string,
  mint: string,
  fields: (typeof DEMO_TOKENS)[number]["agent"],
) {
  const [existing] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.mintAddress, mint), eq(agents.name, fields.name)))
    .limit(1);
  if (existing) return { created: false };
  await services.agents.create(userId, { tokenMint: mint, ...fields, isActive: true });
  return { created: true };
}
