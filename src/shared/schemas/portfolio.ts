import { z } from "zod";

/** One platform token the user's wallets hold. Amounts are whole-token decimal strings. */
export const HoldingSchema = z.object({
  mint: z.string(),
  name: z.string(),
  symbol: z.string(),
  decimals: z.number(),
  /** Summed over the user's wallets. */
  balance: z.string(),
  /** The token's supply on chain. */
  supply: z.string(),
  /** balance / supply, "12.50%" (integer math; "<0.01%" for dust). */
  share: z.string(),
  /** The token's page in this app. */
  url: z.string(),
  /** The curve's price now, decimal lamports per whole token (up to 9 fraction digits, see
   * shared/market/price.ts); null when the token has no open or completed market. */
  priceLamports: z.string().nullable(),
  /** balance x price in lamports, rounded down; null without a market. */
  valueLamports: z.string().nullable(),
  /** True when the user launched this token. */
  launchedByYou: z.boolean(),
  /** Which of the user's wallets hold it: a transfer is signed by the wallet that holds. */
  wallets: z.array(
    z.object({
      address: z.string(),
      kind: z.enum(["embedded", "external"]),
      balance: z.string(),
    }),
  ),
});
export type Holding = z.infer<typeof HoldingSchema>;

/** GET /api/portfolio/holdings */
export const HoldingsResponseSchema = z.object({ holdings: z.array(HoldingSchema) });
export type HoldingsResponse = z.infer<typeof HoldingsResponseSchema>;
