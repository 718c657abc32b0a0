import { randomUUID } from "node:crypto";
import type { Signer } from "../../ledger/keys";
import { type Ledger, LedgerError } from "../../ledger/ledger";
import { buildSolTransferTransaction } from "../../ledger/system";
import { LAMPORTS_PER_SIGNATURE } from "../../ledger/token-2022";
import { errorText } from "../../lib/safe-error";
import type { CurveBook } from "./market-curves";
import type { OwedWallet, PayoutRow, PayoutsRepo } from "./market-payouts.repo";

// Owed creator fees paid out (docs/market.md): a trade whose creator's wallet could not
// receive its fee part (below the rent-exempt minimum) paid that part to the treasury and
// recorded it as owed. This background job, run by the leader only, pays each creator wallet
// its owed sum from the treasury in ONE transaction once the wallet can receive it (its
// balance plus the sum reaches the rent-exempt minimum). Each payout is recorded (signed
// bytes, signature, the trades it pays) before it is sent, settled from the chain at start
// and on every sweep, and resent only with its same bytes: it can never pay twice.

/** The sweep over every owed wallet when nothing woke the job sooner (a wallet funded by a
 * transfer from anywhere is noticed here). */
const SWEEP_MS = 60_000;

interface Deps {
  repo: PayoutsRepo;
  ledger: Ledger;
  /** The treasury's address, funded to its rent minimum where test SOL exists. */
  treasury: () => Promise<string>;
  /** Null: the platform does not hold the treasury's key (TREASURY_ADDRESS): nothing is paid. */
  treasurySigner: Signer | null;
  curves: CurveBook;
  now: () => number;
  warn: (message: string) => void;
  /** Told when a market's owed sum went down (its state is re-read). */
  onChange?: (mint: string) => void;
}

export class CreatorFeePayouts {
  private stopped = true;
  private running = false;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private loop: Promise<void> = Promise.resolve();
  private lastError: string | null = null;
  /** Mints with owed fees at the last look: a trade on one of them wakes the job. */
  private owedMints = new Set<string>();
  private treasuryShort = false;

  constructor(private deps: Deps) {}

  /** Settles what a crash left pending, then pays what can be paid; then every SWEEP_MS. */
  start(): void {
    if (!this.stopped || !this.deps.treasurySigner) return;
    this.stopped = false;
    this.wake();
    this.timer = setInterval(() => this.wake(), SWEEP_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.loop;
  }

  /** A trade on this mint confirmed: it may have made the owed sum large enough to open the
   * creator's wallet, or moved SOL into it (the creator selling), so a market owing fees is
   * looked at again (runs coalesce: one at a time, one more queued). Free for other mints. */
  noteTrade(mint: string): void {
    const owed = this.deps.curves.peek(mint)?.feesCreatorOwedLamports ?? 0n;
    if (owed > 0n || this.owedMints.has(mint)) this.wake();
  }

  /** Resolves once the job has nothing left to do (tests wait on it). */
  async idle(): Promise<void> {
    while (this.running) await this.loop;
  }

  /** Whether it runs here (the leader's job, with a treasury key) and whether its last sweep
   * paid what it could, with why not. */
  health(): { ok: boolean; running: boolean; detail?: string } {
    return {
      ok: this.lastError === null,
      running: !this.stopped,
      ...(this.lastError ? { detail: this.lastError } : {}),
    };
  }

  private wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    this.loop = this.drain().finally(() => {
      this.running = false;
    });
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.run();
        this.lastError = null;
      } catch (err) {
        this.lastError = `paying owed creator fees failed, retrying at the next sweep: ${errorText(err)}`;
        this.deps.warn(this.lastError);
      }
    } while (this.again && !this.stopped);
  }

  /** One pass: pending payouts settled from the chain, then each wallet that can now receive
   * its owed sum paid. Returns what was settled and paid. */
  async run(): Promise<{ settled: number; paid: number; lamports: bigint }> {
    const settled = await this.settle();
    const result = { settled, paid: 0, lamports: 0n };
    const signer = this.deps.treasurySigner;
    if (!signer) return result;
    const owed = await this.deps.repo.owedWallets();
    this.owedMints = new Set(owed.flatMap((o) => o.mints));
    if (!owed.length) return result;
    const rent = await this.deps.ledger.minimumBalanceForRentExemption(0);
    const treasury = await this.deps.treasury();
    for (const wallet of owed) {
      if (this.stopped) break;
      if (await this.pay(wallet, signer, { rent, treasury })) {
        result.paid++;
        result.lamports += wallet.lamports;
      }
    }
    return result;
  }

  /** One wallet's owed sum, when it can receive it and the treasury can pay it. */
  private async pay(
    owed: OwedWallet,
    signer: Signer,
    { rent, treasury }: { rent: bigint; treasury: string },
  ): Promise<boolean> {
    const { ledger, repo } = this.deps;
    const [creatorAcc, treasuryAcc] = await ledger.getMultipleAccounts([owed.wallet, treasury]);
    // A transfer that leaves the wallet below the rent minimum would fail: it waits.
    if ((creatorAcc?.lamports ?? 0n) + owed.lamports < rent) return false;
    // The treasury pays the network fee and stays rent-exempt.
    if ((treasuryAcc?.lamports ?? 0n) < owed.lamports + LAMPORTS_PER_SIGNATURE + rent) {
      // Said once until it can pay again (trades wake the job often).
      if (!this.treasuryShort)
        this.deps.warn("The market treasury cannot pay owed creator fees yet: it holds too little");
      this.treasuryShort = true;
      return false;
    }
    this.treasuryShort = false;
    const id = randomUUID();
    const blockhash = await ledger.getLatestBlockhash();
    const built = await buildSolTransferTransaction({
      from: signer,
      to: owed.wallet,
      lamports: owed.lamports,
      blockhash,
      // Distinct bytes (and signature) for every payout, even of equal sums.
      memo: `creator fees ${id}`,
    });
    const recorded = await repo.record(
      {
        id,
        creatorWallet: owed.wallet,
        lamports: owed.lamports,
        signature: built.signature,
        signedTransaction: built.wire,
        lastValidBlockHeight: blockhash.lastValidBlockHeight,
      },
      owed.tradeIds,
    );
    if (!recorded) return false;
    return (await this.settleSent(id, built.wire, built.signature)) === "confirmed";
  }

  /** Payouts recorded whose outcome was not seen (a crash, a ledger that did not answer):
   * confirmed ones applied, failed or expired ones given back as owed, the rest resent with
   * their same bytes. */
  private async settle(): Promise<number> {
    const { repo, ledger } = this.deps;
    const rows = await repo.pending();
    if (!rows.length) return 0;
    const statuses = await ledger.getSignatureStatuses(rows.map((r) => r.signature ?? ""));
    const height = await ledger.getBlockHeight();
    let settled = 0;
    for (const [i, row] of rows.entries()) {
      const status = statuses[i];
      if (status?.state === "confirmed") {
        await this.confirmed(row.id);
        settled++;
      } else if (status?.state === "failed") {
        await repo.fail(row.id, status.error ?? "The payout transaction failed");
        settled++;
      } else if (expired(row, height) || !row.signedTransaction) {
        await repo.fail(row.id, "The payout expired before it was confirmed");
        settled++;
      } else {
        // Same bytes, same signature: resending can never pay twice.
        const outcome = await this.settleSent(row.id, row.signedTransaction, row.signature ?? "");
        if (outcome !== "unknown") settled++;
      }
    }
    return settled;
  }

  /** Sends a recorded payout and records what came of it (an unknown outcome stays pending). */
  private async settleSent(id: string, wire: Uint8Array, signature: string) {
    const outcome = await this.send(wire, signature);
    if (outcome === "confirmed") await this.confirmed(id);
    else if (typeof outcome === "object") await this.deps.repo.fail(id, outcome.failed);
    return outcome;
  }

  private async send(
    wire: Uint8Array,
    signature: string,
  ): Promise<"confirmed" | "unknown" | { failed: string }> {
    const { ledger } = this.deps;
    try {
      await ledger.sendTransaction(wire);
      return "confirmed";
    } catch (err) {
      if (err instanceof LedgerError && err.code === "already_processed") {
        const [status] = await ledger.getSignatureStatuses([signature]);
        return status?.state === "confirmed" ? "confirmed" : "unknown";
      }
      // "unavailable" may still have reached the chain: the next settle decides.
      if (err instanceof LedgerError && err.code !== "unavailable") return { failed: err.message };
      return "unknown";
    }
  }

  /** The payout is on chain: the markets it paid owe that much less (in the database and in
   * the curves' copies in memory). */
  private async confirmed(id: string): Promise<void> {
    const paid = await this.deps.repo.confirm(id, new Date(this.deps.now()));
    for (const [mint, lamports] of paid) {
      this.deps.curves.creatorFeesPaid(mint, lamports);
      this.deps.onChange?.(mint);
    }
  }
}

function expired(row: PayoutRow, height: bigint): boolean {
  return row.lastValidBlockHeight !== null && height > row.lastValidBlockHeight;
}
