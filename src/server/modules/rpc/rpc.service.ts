import { getCompiledTransactionMessageDecoder } from "@solana/kit";
import bs58 from "bs58";
import { isValidAddress } from "../../ledger/keys";
import type { Ledger } from "../../ledger/ledger";
import { LedgerError } from "../../ledger/ledger";
import { TOKEN_PROGRAM_IDS, tokenAccountFromAccount } from "../../ledger/token-state";
import { type DecimalsOf, encodeAccount, readEncoding } from "./rpc.parsed";
import {
  config,
  INTERNAL_ERROR,
  integerParam,
  invalidParams,
  METHOD_NOT_FOUND,
  type Params,
  RpcError,
  SEND_TRANSACTION_PREFLIGHT_FAILURE,
  stringArrayParam,
  stringParam,
  tokenAmount,
} from "./rpc.protocol";
import { decodeSubmitted, presentTransaction, statusOf } from "./rpc.transactions";

// The Solana JSON-RPC methods /rpc serves, over the Ledger interface (no HTTP here).

export interface RpcCaller {
  /** Counts an airdrop for this caller; false when over the limit. */
  allowAirdrop(): boolean | Promise<boolean>;
}

type Handler = (params: Params, caller: RpcCaller) => Promise<unknown>;

const LAMPORTS_PER_SIGNATURE = 5000n;
const MAX_AIRDROP_LAMPORTS = 5n * 1_000_000_000n;
/** The runtime's largest account (MAX_PERMITTED_DATA_LENGTH): no rent figure beyond it. */
const MAX_ACCOUNT_DATA_LENGTH = 10n * 1024n * 1024n;

export class RpcService {
  /** Immutable: a mint's decimals never change. */
  private readonly decimalsCache = new Map<string, number>();
  private readonly methods: Record<string, Handler>;

  constructor(private readonly ledger: Ledger) {
    this.methods = this.table();
  }

  async call(method: string, params: Params, caller: RpcCaller): Promise<unknown> {
    const handler = Object.hasOwn(this.methods, method) ? this.methods[method] : undefined;
    if (!handler) throw new RpcError(METHOD_NOT_FOUND, "Method not found");
    try {
      return await handler(params, caller);
    } catch (err) {
      if (err instanceof RpcError) throw err;
      if (err instanceof LedgerError) {
        throw new RpcError(
          err.code === "rate_limited" ? 429 : SEND_TRANSACTION_PREFLIGHT_FAILURE,
          err.message,
          {
            err: err.rpcError,
            logs: err.logs,
          },
        );
      }
      throw new RpcError(INTERNAL_ERROR, "Internal error");
    }
  }

  private async context() {
    return { slot: await this.ledger.getSlot(), apiVersion: "2.2.0" };
  }

  private readonly decimalsOf: DecimalsOf = async (mint) => {
    const cached = this.decimalsCache.get(mint);
    if (cached !== undefined) return cached;
    const info = await this.ledger.getMint(mint);
    if (info) this.decimalsCache.set(mint, info.decimals);
    return info?.decimals;
  };

  private async withContext(value: unknown) {
    return { context: await this.context(), value };
  }

  private address(params: Params, index: number, name: string): string {
    const value = stringParam(params, index, name);
    if (!isValidAddress(value)) throw invalidParams(`${name} is not a valid address`);
    return value;
  }

  private async accounts(addresses: string[], encodingValue: unknown) {
    const encoding = readEncoding(encodingValue, "base64");
    const accounts = await this.ledger.getMultipleAccounts(addresses);
    return Promise.all(accounts.map((a) => (a ? encodeAccount(a, encoding, this.decimalsOf) : null)));
  }

  private async tokenAccount(address: string): Promise<{ mint: string; amount: bigint }> {
    const account = await this.ledger.getAccount(address);
    const parsed = account ? tokenAccountFromAccount(account) : null;
    if (!parsed) throw invalidParams("Invalid param: not a Token account");
    return parsed;
  }

  private table(): Record<string, Handler> {
    const l = this.ledger;
    return {
      getHealth: async () =>
        (await l.health()).ok ? "ok" : Promise.reject(new RpcError(-32005, "Node is unhealthy")),
      getVersion: async () => ({ "solana-core": "2.2.0", "feature-set": 0 }),
      getSlot: async () => l.getSlot(),
      getBlockHeight: async () => l.getBlockHeight(),
      getGenesisHash: async () => "EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG",
      getEpochInfo: async () => {
        const slot = await l.getSlot();
        return {
          absoluteSlot: slot,
          blockHeight: slot,
          epoch: 0,
          slotIndex: slot,
          slotsInEpoch: 432000,
          transactionCount: null,
        };
      },
      getLatestBlockhash: async () => this.withContext(await l.getLatestBlockhash()),
      isBlockhashValid: async (p) =>
        this.withContext(await l.isBlockhashValid(stringParam(p, 0, "blockhash"))),
      getBalance: async (p) => this.withContext(await l.getBalance(this.address(p, 0, "pubkey"))),
      getAccountInfo: async (p) => {
        const [account] = await this.accounts([this.address(p, 0, "pubkey")], config(p, 1).encoding);
        return this.withContext(account ?? null);
      },
      getMultipleAccounts: async (p) => {
        const addresses = stringArrayParam(p, 0, "pubkeys", 100);
        for (const a of addresses) if (!isValidAddress(a)) throw invalidParams(`${a} is not a valid address`);
        return this.withContext(await this.accounts(addresses, config(p, 1).encoding));
      },
      getMinimumBalanceForRentExemption: async (p) =>
        l.minimumBalanceForRentExemption(Number(integerParam(p, 0, "dataLength", MAX_ACCOUNT_DATA_LENGTH))),
      getFeeForMessage: async (p) => {
        const bytes = Buffer.from(stringParam(p, 0, "message"), "base64");
        try {
          const message = getCompiledTransactionMessageDecoder().decode(bytes);
          return this.withContext(LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts));
        } catch {
          throw invalidParams("the message could not be decoded");
        }
      },
      getTokenSupply: async (p) => {
        const mint = await l.getMint(this.address(p, 0, "mint"));
        if (!mint) throw invalidParams("Invalid param: not a Token mint");
        return this.withContext(tokenAmount(mint.supply, mint.decimals));
      },
      getTokenAccountBalance: async (p) => {
        const { mint, amount } = await this.tokenAccount(this.address(p, 0, "account"));
        return this.withContext(tokenAmount(amount, (await this.decimalsOf(mint)) ?? 0));
      },
      getTokenAccountsByOwner: async (p) => {
        const owner = this.address(p, 0, "owner");
        const filter = config(p, 1);
        const mint = typeof filter.mint === "string" ? filter.mint : null;
        const programId = typeof filter.programId === "string" ? filter.programId : null;
        if (!mint === !programId) throw invalidParams("provide exactly one of mint or programId");
        if (programId && !(TOKEN_PROGRAM_IDS as readonly string[]).includes(programId)) {
          throw invalidParams("Invalid param: unrecognized Token program id");
        }
        const holdings = (await l.getTokenAccountsByOwner(owner)).filter((h) => !mint || h.mint === mint);
        const addresses = holdings.map((h) => h.address);
        const accounts = await l.getMultipleAccounts(addresses);
        const encoding = readEncoding(config(p, 2).encoding, "base64");
        const value = [];
        for (const [i, account] of accounts.entries()) {
          if (!account || (programId && account.owner !== programId)) continue;
          value.push({
            pubkey: addresses[i],
            account: await encodeAccount(account, encoding, this.decimalsOf),
          });
        }
        return this.withContext(value);
      },
      getTokenLargestAccounts: async (p) => {
        const mint = this.address(p, 0, "mint");
        const info = await l.getMint(mint);
        if (!info) throw invalidParams("Invalid param: not a Token mint");
        const holders = (await l.getTokenAccountsByMint(mint)).slice(0, 20);
        return this.withContext(
          holders.map((h) => ({ address: h.address, ...tokenAmount(h.amount, info.decimals) })),
        );
      },
      sendTransaction: async (p) => {
        const options = config(p, 1);
        const wire = decodeSubmitted(p[0], options.encoding);
        try {
          return await l.sendTransaction(wire);
        } catch (err) {
          // With skipPreflight a transaction that landed but failed still gets its signature back.
          if (options.skipPreflight === true && err instanceof LedgerError && err.code === "rejected") {
            const signature = signatureOf(wire);
            const [status] = signature ? await l.getSignatureStatuses([signature]) : [];
            if (signature && status?.state === "failed") return signature;
          }
          throw err;
        }
      },
      simulateTransaction: async (p) => {
        const options = config(p, 1);
        const result = await l.simulateTransaction(decodeSubmitted(p[0], options.encoding));
        return this.withContext({
          err: result.error === null ? null : (result.rpcError ?? result.error),
          logs: result.logs,
          accounts: null,
          unitsConsumed: result.unitsConsumed,
          returnData: null,
        });
      },
      getSignatureStatuses: async (p) => {
        const signatures = stringArrayParam(p, 0, "signatures", 256);
        const statuses = await l.getSignatureStatuses(signatures);
        const value = await Promise.all(
          statuses.map(async (s) => {
            if (s.state === "unknown") return null;
            const record = s.state === "failed" ? await l.getTransaction(s.signature) : null;
            const err = s.state === "failed" ? (record?.rpcError ?? s.error) : null;
            return {
              slot: s.slot,
              confirmations: null,
              err,
              status: statusOf(err),
              confirmationStatus: "finalized",
            };
          }),
        );
        return this.withContext(value);
      },
      getSignaturesForAddress: async (p) => {
        const options = config(p, 1);
        const limit = options.limit === undefined ? undefined : Number(options.limit);
        if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= 1000)) {
          throw invalidParams("limit must be between 1 and 1000");
        }
        const list = await l.getSignaturesForAddress(this.address(p, 0, "address"), {
          limit,
          before: typeof options.before === "string" ? options.before : undefined,
          until: typeof options.until === "string" ? options.until : undefined,
        });
        return Promise.all(
          list.map(async (s) => ({
            signature: s.signature,
            slot: s.slot,
            err: s.error === null ? null : ((await l.getTransaction(s.signature))?.rpcError ?? s.error),
            memo: s.memo,
            blockTime: s.blockTime,
            confirmationStatus: "finalized",
          })),
        );
      },
      getTransaction: async (p) => {
        const options = config(p, 1);
        const record = await l.getTransaction(stringParam(p, 0, "signature"));
        return record
          ? presentTransaction(record, {
              encoding: options.encoding,
              maxSupportedTransactionVersion: options.maxSupportedTransactionVersion,
            })
          : null;
      },
      requestAirdrop: async (p, caller) => {
        const to = this.address(p, 0, "pubkey");
        const lamports = integerParam(p, 1, "lamports");
        if (lamports === 0n || lamports > MAX_AIRDROP_LAMPORTS) {
          throw invalidParams("lamports must be between 1 and 5000000000 (5 SOL)");
        }
        // The faucet's transfer would make the program writable, which no transaction may.
        if ((await l.getAccount(to))?.executable) throw invalidParams("pubkey is a program, not a wallet");
        if (!(await caller.allowAirdrop())) {
          throw new RpcError(
            429,
            "Too many airdrop requests from this address. Wait a minute and try again.",
          );
        }
        return l.airdrop(to, lamports);
      },
    };
  }
}

function signatureOf(wire: Uint8Array): string | null {
  // The first signature follows the compact-u16 count (one byte for fewer than 128 signers).
  return wire.length > 65 && (wire[0] ?? 0) > 0 ? bs58.encode(wire.subarray(1, 65)) : null;
}
