import type { Worker } from "node:worker_threads";
import { perTurn } from "../lib/per-turn";
import { spawnTypeScriptWorker } from "../lib/ts-worker";
import {
  buildMintSignedLaunch,
  type LaunchBuilder,
  type MintSignedLaunch,
  type UnsignedLaunch,
} from "./launch-builder";
import type { BuildReply, BuildRequest } from "./launch-builder-protocol";

type Pending = { launch: UnsignedLaunch; resolve: (b: MintSignedLaunch) => void; reject: (e: Error) => void };

/** Launch transactions built on a thread of their own (launch-builder-thread.ts). Should the
 * thread stop, what it had in hand and everything after is built on the calling thread: a
 * launch never fails because of where it was built. */
export class LaunchBuilderThread implements LaunchBuilder {
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private stopped = false;
  private readonly post = perTurn<BuildRequest>((batch) => this.worker.postMessage(batch));
  /** Settles when the thread has started (id 0), or failed to. */
  private readonly started: Promise<void>;

  private constructor(private worker: Worker) {
    let ready = () => {};
    let failed = (_err: Error) => {};
    this.started = new Promise((resolve, reject) => {
      ready = resolve;
      failed = reject;
    });
    worker.on("message", (replies: BuildReply[]) => {
      for (const reply of replies) {
        if (reply.id === 0) ready();
        const p = this.pending.get(reply.id);
        if (!p) continue;
        this.pending.delete(reply.id);
        if (!reply.ok) p.reject(new Error(reply.message));
        else if (reply.built) p.resolve(reply.built);
      }
    });
    const stop = (err?: unknown) => {
      this.stopped = true;
      failed(err instanceof Error ? err : new Error("the launch builder's thread stopped"));
      for (const p of this.pending.values()) buildMintSignedLaunch(p.launch).then(p.resolve, p.reject);
      this.pending.clear();
    };
    worker.on("error", stop);
    worker.on("exit", stop);
  }

  static async start(): Promise<LaunchBuilderThread> {
    const worker = spawnTypeScriptWorker(new URL("./launch-builder-thread.ts", import.meta.url), null);
    const thread = new LaunchBuilderThread(worker);
    await thread.started;
    // The thread never keeps the process alive on its own.
    worker.unref();
    return thread;
  }

  build(launch: UnsignedLaunch): Promise<MintSignedLaunch> {
    if (this.stopped) return buildMintSignedLaunch(launch);
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { launch, resolve, reject });
      this.post({ id, launch });
    });
  }

  async close(): Promise<void> {
    this.stopped = true;
    await this.worker.terminate();
  }
}
