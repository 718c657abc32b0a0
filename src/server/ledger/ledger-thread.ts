// The embedded ledger's own thread: LiteSVM, the journal, the history, the token index and the
// checkpoints all live here (everything openEmbeddedLedger builds), so executing and journaling
// transactions does not hold up the server's event loop. Calls arrive in order and are started
// in order, exactly as on the server's thread: a staged send's effects are seen by the next call.
import { parentPort, workerData } from "node:worker_threads";
import { openEmbeddedLedger } from "./embedded-ledger";
import { LedgerError } from "./ledger";
import type {
  LedgerCall,
  LedgerCallBatch,
  LedgerOut,
  LedgerThreadSetup,
  ThreadError,
} from "./ledger-thread-protocol";
import type { LiteSvmLedger } from "./litesvm-ledger";

const port = parentPort;
if (!port) throw new Error("ledger-thread must run in a worker thread");
// At the event loop's priority, unlike the database's thread: every launch, transfer and trade
// waits on it, and behind the loop they made the tail of the mixed workload (decision 016).

let ledger: LiteSvmLedger | null = null;
let queue: LedgerOut[] = [];
let flushing = false;

/** Answers leave together once this turn's promises have settled. */
function post(message: LedgerOut): void {
  queue.push(message);
  if (flushing) return;
  flushing = true;
  setImmediate(() => {
    flushing = false;
    const out = queue;
    queue = [];
    port?.postMessage({ v: ledger?.stateVersion() ?? 0, out });
  });
}

function describe(err: unknown): ThreadError {
  if (err instanceof LedgerError)
    return {
      message: err.message,
      name: err.name,
      ledger: { code: err.code, logs: err.logs, rpcError: err.rpcError },
    };
  if (err instanceof Error) return { message: err.message, name: err.name };
  return { message: String(err), name: "Error" };
}

const setup = workerData as LedgerThreadSetup;
/** The server's clock as of the last batch of calls (the only times the chain looks at it). */
let serverNow = setup.now;
try {
  ledger = await openEmbeddedLedger({
    chainDir: setup.chainDir,
    checkpointIntervalMs: setup.checkpointIntervalMs,
    now: () => serverNow,
    log: {
      warn: (message) => post({ t: "log", level: "warn", message }),
      error: (message) => post({ t: "log", level: "error", message }),
    },
  });
  ledger.onCommit((tx) => post({ t: "commit", tx }));
  post({ t: "ready" });
} catch (err) {
  post({ t: "failed", error: describe(err) });
}

port.on("message", ({ now, calls }: LedgerCallBatch) => {
  serverNow = now;
  for (const call of calls) run(call);
});

function run({ id, method, args }: LedgerCall): void {
  const target = ledger;
  if (!target) {
    post({ t: "err", id, error: describe(new LedgerError("The ledger is not open.", "unavailable")) });
    return;
  }
  if (method === "sendTransactionStaged") {
    target.sendTransactionStaged(args[0] as Uint8Array, args[1] as { after?: string } | undefined).then(
      ({ signature, durable }) => {
        post({ t: "staged", id, signature });
        durable.then(
          () => post({ t: "durable", id }),
          (err: unknown) => post({ t: "durable", id, error: describe(err) }),
        );
      },
      (err: unknown) => post({ t: "err", id, error: describe(err) }),
    );
    return;
  }
  const fn = (target as unknown as Record<string, unknown>)[method];
  if (typeof fn !== "function" || !CALLABLE.has(method)) {
    post({ t: "err", id, error: { message: `unknown ledger call ${method}`, name: "Error" } });
    return;
  }
  let result: Promise<unknown>;
  try {
    result = Promise.resolve((fn as (...a: unknown[]) => unknown).apply(target, args));
  } catch (err) {
    result = Promise.reject(err);
  }
  result.then(
    (value) => post({ t: "ok", id, value }),
    (err: unknown) => post({ t: "err", id, error: describe(err) }),
  );
}

/** The methods the server's side may call (the Ledger interface, checkpoint and close). */
const CALLABLE = new Set([
  "health",
  "getLatestBlockhash",
  "getBlockHeight",
  "isBlockhashValid",
  "getSlot",
  "getBalance",
  "getAccount",
  "getMultipleAccounts",
  "minimumBalanceForRentExemption",
  "airdrop",
  "sendTransaction",
  "simulateTransaction",
  "getSignatureStatuses",
  "getSignaturesForAddress",
  "getTransaction",
  "getMint",
  "getTokenAccountsByOwner",
  "getTokenAccountsByMint",
  "mintAddresses",
  "checkpoint",
  "close",
]);
