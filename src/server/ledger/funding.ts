import { BoundedCache } from "../lib/bounded-cache";
import type { Ledger } from "./ledger";

/** How many of a wallet's past transactions are read to find SOL from the funder. */
const FUNDING_LOOKBACK = 50;

/** Whether a wallet received SOL from another (read from the ledger: the wallet's last
 * transactions, each one's pre/post balances: the funder's went down and the wallet's up).
 * The market marks creator-funded launch buyers with it, the trust score creator-funded
 * holders. An answer is kept once found: history only grows. */
export class FundingCheck {
  private known = new BoundedCache<string, boolean>({ max: 50_000 });

  constructor(private ledger: Ledger) {}

  async funded(funder: string, wallet: string): Promise<boolean> {
    const key = `${funder}:${wallet}`;
    const known = this.known.get(key);
    if (known !== undefined) return known;
    let found = false;
    const signatures = await this.ledger.getSignaturesForAddress(wallet, { limit: FUNDING_LOOKBACK });
    for (const s of signatures) {
      if (s.error) continue;
      const tx = await this.ledger.getTransaction(s.signature);
      if (!tx) continue;
      const f = tx.accountKeys.indexOf(funder);
      const w = tx.accountKeys.indexOf(wallet);
      if (f < 0 || w < 0) continue;
      const funderPaid = (tx.preBalances[f] ?? 0n) > (tx.postBalances[f] ?? 0n);
      const walletGained = (tx.postBalances[w] ?? 0n) > (tx.preBalances[w] ?? 0n);
      if (funderPaid && walletGained) {
        found = true;
        break;
      }
    }
    this.known.set(key, found);
    return found;
  }
}
