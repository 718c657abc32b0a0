import {
  address,
  type Base64EncodedWireTransaction,
  createSolanaRpcFromTransport,
  type Rpc,
  type SolanaRpcApi,
  lamports as toLamports,
  signature as toSignature,
} from "@solana/kit";
import bs58 from "bs58";
import { compareText } from "../lib/compare-text";
import type { RpcTransactionError } from "./errors";
import { errorSummary, toLedgerError } from "./errors";
import type {
  AccountSnapshot,
  Blockhash,
  Ledger,
  LedgerHealth,
  LedgerInfo,
  MintInfo,
  SignatureInfo,
  SignatureStatus,
  TokenBalanceRecord,
  TokenHolding,
  TransactionRecord,
} from "./ledger";
import { LedgerError } from "./ledger";
import { ledgerErrorFromRpcFailure, plainJson, rateLimitAwareTransport } from "./rpc-errors";
import { mintInfoFromAccount, TOKEN_PROGRAM_IDS, tokenAccountFromAccount } from "./token-state";
import type { MessageFacts } from "./wire";
import { parseWire, readSigned } from "./wire-parse";

// The Ledger over a remote Solana JSON-RPC cluster (devnet by default), through kit's
// createSolanaRpc. Submissions are confirmed at 'confirmed' by polling signature statuses,
// re-sending the same bytes meanwhile (same signature, so never a double spend) until the
// blockhash expires.

export interface RpcLedgerOptions {
  url: string;
  /** Status polling interval (devnet allows ~100 requests / 10 s per IP). */
  pollMs?: number;
  /** Give up waiting for confirmation after this long even if the blockhash seems valid. */
  confirmTimeoutMs?: number;
}

export function clusterOf(url: string): Pick<LedgerInfo, "cluster" | "clusterLabel"> {
  if (url.includes("devnet")) return { cluster: "devnet", clusterLabel: "Solana Devnet" };
  if (url.includes("testnet")) return { cluster: "testnet", clusterLabel: "Solana Testnet" };
  if (url.includes("mainnet")) return { cluster: "mainnet-beta", clusterLabel: "Solana Mainnet" };
  return { cluster: "custom", clusterLabel: "Solana RPC" };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `items` in runs of at most `size` (the RPC caps how many one call may ask about). */
function chunksOf<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );
}

export class RpcLedger implements Ledger {
  readonly info: LedgerInfo;
  private readonly rpc: Rpc<SolanaRpcApi>;
  private readonly pollMs: number;
  private readonly confirmTimeoutMs: number;

  constructor(options: RpcLedgerOptions) {
    this.info = { kind: "rpc", ...clusterOf(options.url) };
    this.rpc = createSolanaRpcFromTransport(rateLimitAwareTransport(options.url, this.info.clusterLabel));
    this.pollMs = options.pollMs ?? 500;
    this.confirmTimeoutMs = options.confirmTimeoutMs ?? 90_000;
  }

  /** Other clients change the cluster too: nothing derived from it can be reused. */
  stateVersion(): null {
    return null;
  }

  /** Runs an RPC call, turning transport failures into a LedgerError people can read. */
  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof LedgerError) throw err;
      throw ledgerErrorFromRpcFailure(err, this.info.clusterLabel);
    }
  }

  async health(): Promise<LedgerHealth> {
    try {
      const slot = await this.rpc.getSlot({ commitment: "confirmed" }).send();
      const health = await this.rpc.getHealth().send();
      return { ok: health === "ok", slot };
    } catch (err) {
      return { ok: false, slot: 0n, detail: err instanceof Error ? err.message : String(err) };
    }
  }

  async getLatestBlockhash(): Promise<Blockhash> {
    const { value } = await this.call(() => this.rpc.getLatestBlockhash({ commitment: "confirmed" }).send());
    return { blockhash: value.blockhash, lastValidBlockHeight: value.lastValidBlockHeight };
  }

  async isBlockhashValid(blockhash: string): Promise<boolean> {
    const { value } = await this.call(() =>
      this.rpc
        .isBlockhashValid(blockhash as Parameters<SolanaRpcApi["isBlockhashValid"]>[0], {
          commitment: "confirmed",
        })
        .send(),
    );
    return value;
  }

  getBlockHeight(): Promise<bigint> {
    return this.call(() => this.rpc.getBlockHeight({ commitment: "confirmed" }).send());
  }

  getSlot(): Promise<bigint> {
    return this.call(() => this.rpc.getSlot({ commitment: "confirmed" }).send());
  }

  async getBalance(addr: string): Promise<bigint> {
    const { value } = await this.call(() =>
      this.rpc.getBalance(address(addr), { commitment: "confirmed" }).send(),
    );
    return value;
  }

  /** One getMultipleAccounts per hundred addresses, not a getBalance each. */
  async getBalances(addresses: string[]): Promise<bigint[]> {
    return (await this.getMultipleAccounts(addresses)).map((a) => a?.lamports ?? 0n);
  }

  async getAccount(addr: string): Promise<AccountSnapshot | null> {
    const [account] = await this.getMultipleAccounts([addr]);
    return account ?? null;
  }

  async getMultipleAccounts(addresses: string[]): Promise<Array<AccountSnapshot | null>> {
    const out: Array<AccountSnapshot | null> = [];
    for (const chunk of chunksOf(addresses, 100)) {
      const { value } = await this.call(() =>
        this.rpc
          .getMultipleAccounts(
            chunk.map((a) => address(a)),
            { encoding: "base64", commitment: "confirmed" },
          )
          .send(),
      );
      value.forEach((account, j) => {
        out.push(
          account
            ? {
                address: chunk[j] ?? "",
                lamports: account.lamports,
                owner: account.owner,
                executable: account.executable,
                data: new Uint8Array(Buffer.from(account.data[0], "base64")),
              }
            : null,
        );
      });
    }
    return out;
  }

  minimumBalanceForRentExemption(dataLength: number): Promise<bigint> {
    return this.call(() => this.rpc.getMinimumBalanceForRentExemption(BigInt(dataLength)).send());
  }

  async airdrop(to: string, lamports: bigint): Promise<string> {
    let signature: string;
    try {
      signature = await this.rpc
        .requestAirdrop(address(to), toLamports(lamports), { commitment: "confirmed" })
        .send();
    } catch (err) {
      throw ledgerErrorFromRpcFailure(err, this.info.clusterLabel, undefined, "airdrop");
    }
    await this.confirm(signature, null, null);
    return signature;
  }

  async sendTransaction(wire: Uint8Array): Promise<string> {
    const facts = readSigned(wire);
    const { signature } = facts;
    const encoded = Buffer.from(wire).toString("base64") as Base64EncodedWireTransaction;
    const send = () =>
      this.rpc
        .sendTransaction(encoded, { encoding: "base64", preflightCommitment: "confirmed", maxRetries: 0n })
        .send();
    try {
      await send();
    } catch (err) {
      throw ledgerErrorFromRpcFailure(err, this.info.clusterLabel, facts.programOf);
    }
    await this.confirm(signature, facts, async () => {
      await send().catch(() => undefined); // same bytes again: harmless, helps it land
    });
    return signature;
  }

  /** Waits until the signature is confirmed (or failed), re-sending meanwhile, and gives up
   * once its blockhash has expired without it landing. */
  private async confirm(signature: string, facts: MessageFacts | null, resend: (() => Promise<void>) | null) {
    const started = Date.now();
    for (let round = 1; ; round++) {
      const { value } = await this.call(() =>
        this.rpc.getSignatureStatuses([toSignature(signature)], { searchTransactionHistory: false }).send(),
      );
      const status = value[0];
      if (
        status &&
        (status.confirmationStatus === "confirmed" || status.confirmationStatus === "finalized")
      ) {
        if (status.err)
          throw toLedgerError(
            plainJson(status.err) as RpcTransactionError,
            facts?.programOf ?? (() => undefined),
          );
        return;
      }
      if (Date.now() - started > this.confirmTimeoutMs) {
        throw new LedgerError(
          `${this.info.clusterLabel} did not confirm the transaction in time. It may still land; check again shortly.`,
          "unavailable",
        );
      }
      if (facts && round % 4 === 0) {
        if (!(await this.isBlockhashValid(facts.blockhash))) {
          const [last] = await this.getSignatureStatuses([signature]);
          if (last?.state === "confirmed") return;
          throw new LedgerError(
            "This transaction expired before it reached the ledger. Please try again.",
            "blockhash_expired",
          );
        }
        await resend?.();
      }
      await sleep(this.pollMs);
    }
  }

  async simulateTransaction(wire: Uint8Array): ReturnType<Ledger["simulateTransaction"]> {
    const programOf = parseWire(wire)?.programOf ?? (() => undefined);
    const encoded = Buffer.from(wire).toString("base64") as Base64EncodedWireTransaction;
    const { value } = await this.call(() =>
      this.rpc
        .simulateTransaction(encoded, {
          encoding: "base64",
          sigVerify: false,
          replaceRecentBlockhash: true,
          commitment: "confirmed",
        })
        .send(),
    );
    const rpcError = value.err ? (plainJson(value.err) as RpcTransactionError) : null;
    return {
      error: rpcError ? toLedgerError(rpcError, programOf).message : null,
      logs: [...(value.logs ?? [])],
      unitsConsumed: value.unitsConsumed ?? 0n,
      rpcError,
    };
  }

  async getSignatureStatuses(signatures: string[]): Promise<SignatureStatus[]> {
    const out: SignatureStatus[] = [];
    for (const chunk of chunksOf(signatures, 256)) {
      const { value } = await this.call(() =>
        this.rpc
          .getSignatureStatuses(
            chunk.map((s) => toSignature(s)),
            { searchTransactionHistory: true },
          )
          .send(),
      );
      chunk.forEach((signature, j) => {
        const status = value[j];
        const landed =
          status && (status.confirmationStatus === "confirmed" || status.confirmationStatus === "finalized");
        if (!status || !landed) {
          out.push({ signature, state: "unknown", slot: status?.slot ?? null, error: null });
          return;
        }
        const error = status.err ? errorSummary(plainJson(status.err) as RpcTransactionError) : null;
        out.push({ signature, state: error ? "failed" : "confirmed", slot: status.slot, error });
      });
    }
    return out;
  }

  async getSignaturesForAddress(
    addr: string,
    options: { limit?: number; before?: string; until?: string } = {},
  ): Promise<SignatureInfo[]> {
    const list = await this.call(() =>
      this.rpc
        .getSignaturesForAddress(address(addr), {
          commitment: "confirmed",
          limit: options.limit,
          before: options.before ? toSignature(options.before) : undefined,
          until: options.until ? toSignature(options.until) : undefined,
        })
        .send(),
    );
    return list.map((s) => ({
      signature: s.signature,
      slot: s.slot,
      blockTime: s.blockTime === null ? null : Number(s.blockTime),
      error: s.err ? errorSummary(plainJson(s.err) as RpcTransactionError) : null,
      memo: s.memo,
    }));
  }

  async getTransaction(sig: string): Promise<TransactionRecord | null> {
    const tx = await this.call(() =>
      this.rpc
        .getTransaction(toSignature(sig), {
          commitment: "confirmed",
          encoding: "base64",
          maxSupportedTransactionVersion: 0,
        })
        .send(),
    );
    if (!tx) return null;
    const wire = new Uint8Array(Buffer.from(tx.transaction[0], "base64"));
    const rpcError = tx.meta?.err ? plainJson(tx.meta.err) : null;
    return {
      signature: sig,
      slot: tx.slot,
      blockTime: tx.blockTime === null ? null : Number(tx.blockTime),
      error: rpcError ? errorSummary(rpcError as RpcTransactionError) : null,
      rpcError,
      fee: tx.meta?.fee ?? 0n,
      logs: [...(tx.meta?.logMessages ?? [])],
      accountKeys: parseWire(wire)?.accountKeys ?? [],
      preBalances: [...(tx.meta?.preBalances ?? [])],
      postBalances: [...(tx.meta?.postBalances ?? [])],
      computeUnits: tx.meta?.computeUnitsConsumed ?? 0n,
      preTokenBalances: (tx.meta?.preTokenBalances ?? []).map(tokenBalanceOf),
      postTokenBalances: (tx.meta?.postTokenBalances ?? []).map(tokenBalanceOf),
      innerInstructions: (tx.meta?.innerInstructions ?? []).map((group) => ({
        index: group.index,
        instructions: group.instructions.map((ix) => ({
          programIdIndex: ix.programIdIndex,
          accounts: [...ix.accounts],
          data: bs58.decode(ix.data),
          stackHeight: ix.stackHeight ?? null,
        })),
      })),
      wire,
    };
  }

  async getMint(mint: string): Promise<MintInfo | null> {
    const account = await this.getAccount(mint);
    return account ? mintInfoFromAccount(account) : null;
  }

  async getTokenAccountsByOwner(owner: string): Promise<TokenHolding[]> {
    const holdings: TokenHolding[] = [];
    for (const programId of TOKEN_PROGRAM_IDS) {
      const { value } = await this.call(() =>
        this.rpc
          .getTokenAccountsByOwner(
            address(owner),
            { programId: address(programId) },
            { encoding: "jsonParsed", commitment: "confirmed" },
          )
          .send(),
      );
      for (const { pubkey, account } of value) {
        const info = account.data.parsed.info;
        holdings.push({
          address: pubkey,
          mint: info.mint,
          owner: info.owner,
          amount: BigInt(info.tokenAmount.amount),
          decimals: info.tokenAmount.decimals,
        });
      }
    }
    return holdings.sort((a, b) => compareText(a.mint, b.mint) || compareText(a.address, b.address));
  }

  async getTokenAccountsByMint(mint: string): Promise<TokenHolding[]> {
    // Public RPCs rarely allow a full program-account scan; the largest 20 holders is what
    // they answer, which is what the analytics need (concentration, creator share).
    const info = await this.getMint(mint);
    if (!info) return [];
    const { value } = await this.call(() =>
      this.rpc.getTokenLargestAccounts(address(mint), { commitment: "confirmed" }).send(),
    );
    const accounts = await this.getMultipleAccounts(value.map((v) => v.address));
    return accounts.flatMap((account) => {
      const parsed = account ? tokenAccountFromAccount(account) : null;
      if (!parsed) return [];
      return [
        {
          address: parsed.address,
          mint,
          owner: parsed.owner,
          amount: parsed.amount,
          decimals: info.decimals,
        },
      ];
    });
  }

  async close(): Promise<void> {}
}

/** A cluster's pre/post token balance entry, as the ledger records it. */
function tokenBalanceOf(b: {
  accountIndex: number;
  mint: string;
  owner?: string;
  programId?: string;
  uiTokenAmount: { amount: string; decimals: number };
}): TokenBalanceRecord {
  return {
    accountIndex: b.accountIndex,
    mint: b.mint,
    owner: b.owner ?? "",
    programId: b.programId ?? "",
    amount: BigInt(b.uiTokenAmount.amount),
    decimals: b.uiTokenAmount.decimals,
  };
}
