import type { RpcTransactionError } from "./errors";
import { errorSummary } from "./errors";
import type {
  BalanceFacts,
  SignatureInfo,
  SignatureState,
  SignatureStatus,
  TokenBalanceRecord,
  TransactionRecord,
} from "./ledger";
import { formatMemos, MEMO_PROGRAMS } from "./memo";
import { decodeMessage, decodeWireTransaction } from "./wire";

// What the embedded chain remembers about processed transactions: the journal entry format
// (also the source of getTransaction), an index by signature and one by address. Old full
// records are read back from the journal on demand, so memory holds only small summaries.

export interface JournalEntry {
  v: 1;
  sig: string;
  slot: string;
  /** Wall-clock milliseconds when it executed (the VM clock is set from it on replay). */
  ts: number;
  bh: string;
  /** base64 wire transaction. */
  wire: string;
  err: RpcTransactionError | null;
  logs: string[];
  fee: string;
  keys: string[];
  pre: string[];
  post: string[];
  cu: string;
  /** Inner instructions by top-level instruction: [program index, accounts, base64 data,
   * stack height]. Absent in entries written before it was recorded. */
  inner?: Array<{ i: number; ix: Array<[number, number[], string, number]> }>;
  /** Token balances before and after (absent in older entries). */
  tok?: { pre: JournalTokenBalance[]; post: JournalTokenBalance[] };
}

export interface JournalTokenBalance {
  i: number;
  mint: string;
  owner: string;
  program: string;
  amount: string;
  decimals: number;
}

const tokenBalanceOf = (b: JournalTokenBalance): TokenBalanceRecord => ({
  accountIndex: b.i,
  mint: b.mint,
  owner: b.owner,
  programId: b.program,
  amount: BigInt(b.amount),
  decimals: b.decimals,
});

export function encodeEntry(entry: JournalEntry): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(entry));
}

export function decodeEntry(bytes: Uint8Array): JournalEntry {
  return JSON.parse(new TextDecoder().decode(bytes)) as JournalEntry;
}

export function entryToRecord(entry: JournalEntry): TransactionRecord {
  return {
    ...entryToBalanceFacts(entry),
    rpcError: entry.err,
    fee: BigInt(entry.fee),
    logs: entry.logs,
    computeUnits: BigInt(entry.cu),
    innerInstructions: (entry.inner ?? []).map((group) => ({
      index: group.i,
      instructions: group.ix.map(([programIdIndex, accounts, data, stackHeight]) => ({
        programIdIndex,
        accounts,
        data: new Uint8Array(Buffer.from(data, "base64")),
        stackHeight,
      })),
    })),
    wire: new Uint8Array(Buffer.from(entry.wire, "base64")),
  };
}

export function entryToBalanceFacts(entry: JournalEntry): BalanceFacts {
  return {
    signature: entry.sig,
    slot: BigInt(entry.slot),
    blockTime: Math.floor(entry.ts / 1000),
    error: entry.err === null ? null : errorSummary(entry.err),
    accountKeys: entry.keys,
    preBalances: entry.pre.map(BigInt),
    postBalances: entry.post.map(BigInt),
    preTokenBalances: (entry.tok?.pre ?? []).map(tokenBalanceOf),
    postTokenBalances: (entry.tok?.post ?? []).map(tokenBalanceOf),
  };
}

/** The RPC's memo of an entry: only entries that name a memo program are decoded. */
const namesMemo = (entry: JournalEntry) => entry.keys.some((key) => MEMO_PROGRAMS.has(key));

function memoOfEntry(entry: JournalEntry): string | null {
  if (!namesMemo(entry)) return null;
  const transaction = decodeWireTransaction(new Uint8Array(Buffer.from(entry.wire, "base64")));
  if (!transaction) return null;
  const message = decodeMessage(transaction);
  const instructions = ("instructions" in message ? message.instructions : []).map((ix) => ({
    programIdIndex: ix.programAddressIndex,
    data: Uint8Array.from(ix.data ?? []),
  }));
  return formatMemos(message.staticAccounts, instructions);
}

interface Summary {
  info: Omit<SignatureInfo, "memo">;
  /** Read from the entry when first asked for (undefined until then): replaying the journal
   * at start decodes no transaction. */
  memo?: string | null;
  /** Where the full entry lives in the journal; null when kept in memory. */
  location: { segment: number; offset: number } | null;
}

const RECENT_CAPACITY = 512;

export class History {
  private readonly bySignature = new Map<string, Summary>();
  private readonly byAddress = new Map<string, string[]>();
  /** Full entries of recent transactions, and of all of them when there is no journal. */
  private readonly recent = new Map<string, JournalEntry>();

  constructor(private readonly readAt: ((segment: number, offset: number) => JournalEntry | null) | null) {}

  get size(): number {
    return this.bySignature.size;
  }

  has(signature: string): boolean {
    return this.bySignature.has(signature);
  }

  add(entry: JournalEntry, location: { segment: number; offset: number } | null): void {
    if (this.bySignature.has(entry.sig)) return;
    this.bySignature.set(entry.sig, {
      info: {
        signature: entry.sig,
        slot: BigInt(entry.slot),
        blockTime: Math.floor(entry.ts / 1000),
        error: entry.err === null ? null : errorSummary(entry.err),
      },
      memo: namesMemo(entry) ? undefined : null,
      location,
    });
    for (const key of new Set(entry.keys)) {
      const list = this.byAddress.get(key);
      if (list) list.push(entry.sig);
      else this.byAddress.set(key, [entry.sig]);
    }
    this.recent.set(entry.sig, entry);
    if (this.readAt && location && this.recent.size > RECENT_CAPACITY) {
      const oldest = this.recent.keys().next().value;
      if (oldest !== undefined) this.recent.delete(oldest);
    }
  }

  status(signature: string): SignatureStatus {
    const summary = this.bySignature.get(signature);
    if (!summary) return { signature, state: "unknown", slot: null, error: null };
    const state: SignatureState = summary.info.error ? "failed" : "confirmed";
    return { signature, state, slot: summary.info.slot, error: summary.info.error };
  }

  info(signature: string): SignatureInfo | null {
    const summary = this.bySignature.get(signature);
    return summary ? { ...summary.info, memo: this.memoOf(signature, summary) } : null;
  }

  private memoOf(signature: string, summary: Summary): string | null {
    if (summary.memo === undefined) {
      const entry = this.entry(signature);
      // An entry the journal cannot give back now is asked again next time.
      if (!entry) return null;
      summary.memo = memoOfEntry(entry);
    }
    return summary.memo;
  }

  /** Newest first; `before`/`until` are exclusive bounds, as in the Solana RPC. */
  signaturesFor(
    address: string,
    options: { limit?: number; before?: string; until?: string } = {},
  ): SignatureInfo[] {
    const list = this.byAddress.get(address) ?? [];
    const limit = Math.min(Math.max(options.limit ?? 1000, 1), 1000);
    let start = list.length - 1;
    if (options.before) {
      const at = list.lastIndexOf(options.before);
      start = at === -1 ? -1 : at - 1;
    }
    const out: SignatureInfo[] = [];
    for (let i = start; i >= 0 && out.length < limit; i--) {
      const sig = list[i];
      if (sig === undefined || sig === options.until) break;
      const info = this.info(sig);
      if (info) out.push(info);
    }
    return out;
  }

  entry(signature: string): JournalEntry | null {
    const cached = this.recent.get(signature);
    if (cached) return cached;
    const location = this.bySignature.get(signature)?.location;
    if (!location || !this.readAt) return null;
    return this.readAt(location.segment, location.offset);
  }

  get(signature: string): TransactionRecord | null {
    const entry = this.entry(signature);
    return entry ? entryToRecord(entry) : null;
  }
}
