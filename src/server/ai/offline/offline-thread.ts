// The offline engine's own thread: drafting an identity and answering a chat are CPU alone
// (tokenising, name and symbol candidates, templates, retrieval over the agent's notes) that
// would otherwise run on the server's event loop ahead of every page read. The one thing it
// asks the server is which symbols are taken.
import { parentPort } from "node:worker_threads";
import { perTurn } from "../../lib/per-turn";
import { runThisThreadInBackground } from "../../lib/thread-priority";
import { composeAnswer } from "./chat";
import { draftIdentityOffline } from "./identity";
import type { OfflineReply, OfflineRequest } from "./offline-thread-protocol";
import { draftRewardsOffline } from "./rewards";

const port = parentPort;
if (!port) throw new Error("offline-thread must run in a worker thread");
// Behind the event loop, as the database's and the ledger's threads are (decision 016).
runThisThreadInBackground();

const reply = perTurn<OfflineReply>((batch) => port.postMessage(batch));
const questions = new Map<number, { resolve: (taken: Set<string>) => void; reject: (e: Error) => void }>();
let nextCall = 1;

/** Which of `symbols` are taken, asked of the server for drafting request `id`. */
const takenSymbols = (id: number) => (symbols: string[]) =>
  new Promise<Set<string>>((resolve, reject) => {
    const callId = nextCall++;
    questions.set(callId, { resolve, reject });
    reply({ kind: "taken", id, callId, symbols });
  });

async function answer(req: Exclude<OfflineRequest, { kind: "taken" }>): Promise<OfflineReply> {
  switch (req.kind) {
    case "identity":
      return {
        kind: "identity",
        id: req.id,
        profile: await draftIdentityOffline(
          req.request,
          { takenSymbols: takenSymbols(req.id) },
          { kind: "offline", label: req.label },
        ),
      };
    case "chat":
      return { kind: "chat", id: req.id, text: composeAnswer(req.request) };
    case "rewards":
      return { kind: "rewards", id: req.id, drafts: draftRewardsOffline(req.request) };
  }
}

port.on("message", (batch: OfflineRequest[]) => {
  for (const req of batch) {
    if (req.kind === "taken") {
      const question = questions.get(req.callId);
      questions.delete(req.callId);
      if (req.taken) question?.resolve(new Set(req.taken));
      else question?.reject(new Error("the server could not say which symbols are taken"));
      continue;
    }
    answer(req).then(reply, (err: unknown) =>
      reply({ kind: "failed", id: req.id, message: err instanceof Error ? err.message : String(err) }),
    );
  }
});
reply({ kind: "ready", id: 0 });
