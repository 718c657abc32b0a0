// The launch builder's own thread: a launch transaction is mostly CPU (a fresh ed25519 key,
// nine Token-2022 instructions encoded, compiled, signed by the mint) that would otherwise
// run on the server's event loop ahead of every page read. The payer's key never comes here:
// the loop adds its signature to the bytes this thread sends back.
import { parentPort } from "node:worker_threads";
import { perTurn } from "../lib/per-turn";
import { buildMintSignedLaunch } from "./launch-builder";
import type { BuildReply, BuildRequest } from "./launch-builder-protocol";

const port = parentPort;
if (!port) throw new Error("launch-builder-thread must run in a worker thread");
// At the event loop's priority, as the ledger's thread is: a launch waits on it (decision 016).

const reply = perTurn<BuildReply>((batch) => port.postMessage(batch));
port.on("message", (batch: BuildRequest[]) => {
  for (const { id, launch } of batch)
    buildMintSignedLaunch(launch).then(
      (built) => reply({ id, ok: true, built }),
      (err: unknown) => reply({ id, ok: false, message: err instanceof Error ? err.message : String(err) }),
    );
});
reply({ id: 0 });
