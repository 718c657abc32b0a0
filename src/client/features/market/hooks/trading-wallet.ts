import type { User } from "@shared/schemas/auth";

export interface TradingWallet {
  publicKey: string;
  kind: "embedded" | "external";
}

/** The wallet a trade comes from: the platform wallet when there is one (the server signs),
 * else the person's browser wallet (prepare, sign, submit). */
export function tradingWallet(user: Pick<User, "wallets"> | null): TradingWallet | null {
  const wallets = user?.wallets ?? [];
  return wallets.find((w) => w.kind === "embedded") ?? wallets.find((w) => w.kind === "external") ?? null;
}
