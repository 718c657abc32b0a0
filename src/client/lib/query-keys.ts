// Cache keys more than one feature touches: a launch or a transfer spends SOL, so the
// tokens and create features refresh the wallet balances the wallet feature shows; a trade
// moves SOL, tokens and the curve, so the market feature refreshes all three.
export const walletsQueryKey = ["wallets"] as const;

/** Everything about tokens: lists, details (holders, circulating supply) and holdings. */
export const tokensQueryKey = ["tokens"] as const;
export const holdingsQueryKey = [...tokensQueryKey, "holdings"] as const;
/** One token's public page (its holders among it): the market feature's live stream says
 * when its holders moved. */
export const tokenQueryKey = (mint: string) => [...tokensQueryKey, "mint", mint] as const;
/** A token's updates for holders: whether the reader may read them depends on what they hold,
 * so a trade, transfer or airdrop (each refreshes every token query) unlocks them at once, and
 * the market feature's live stream refreshes them when the holders move. */
export const postsQueryKey = (mint: string) => [...tokensQueryKey, "posts", mint] as const;

/** One token's market: its state, and under it its quotes, trades and candles. */
export const marketQueryKey = (mint: string) => ["market", mint] as const;

/** NFT rewards: stats, active rewards (with the session user's standing) and collections.
 * A claim or a new reward refreshes all of them. */
export const rewardsQueryKey = ["nft-rewards"] as const;
