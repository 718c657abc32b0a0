// Cache keys more than one feature touches: a launch or a transfer spends SOL, so the
// tokens and create features refresh the wallet balances the wallet feature shows.
export const walletsQueryKey = ["wallets"] as const;
