import type { Worker } from "node:worker_threads";
import { perTurn } from "./per-turn";
import { spawnTypeScriptWorker } from "./ts-worker";

type Pending = { settle: (reply: unknown) => void; fallback: () => void };

/** Calls to a worker thread that only saves the event loop work: each call has a local twin.
 * Calls of one turn leave as one message; the thread answers in arrays of `{ id, ... }`, and
 * says it has started with `{ id: 0 }`. Should the thread stop, the calls it had in hand and
 * every later one run their local twin on this thread: nothing fails because of where it ran.
 * Messages that are not answers (the thread asking something) go to `aside`. */
export class FallbackWorker<Out, In extends { id: number }> {
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private stopped = false;
  private readonly post = perTurn<Out>((batch) => this.worker.postMessage(batch));
  private readonly started: Promise<void>;

  private constructor(
    private readonly worker: Worker,
    aside: (message: In) => boolean,
    name: string,
  ) {
    let ready = () => {};
    let failed = (_err: Error) => {};
    this.started = new Promise((resolve, reject) => {
      ready = resolve;
      failed = reject;
    });
    worker.on("message", (messages: In[]) => {
      for (const message of messages) {
        if (message.id === 0) ready();
        else if (!aside(message)) {
          const p = this.pending.get(message.id);
          this.pending.delete(message.id);
          p?.settle(message);
        }
      }
    });
    const stop = (err?: unknown) => {
      this.stopped = true;
      failed(err instanceof Error ? err : new Error(`the ${name} thread stopped`));
      for (const p of this.pending.values()) p.fallback();
      this.pending.clear();
    };
    worker.on("error", stop);
    worker.on("exit", stop);
  }

  /** Starts `file` and waits for its `{ id: 0 }`; rejects if it stops first. */
  static async start<Out, In extends { id: number }>(
    file: URL,
    name: string,
    aside: (message: In) => boolean = () => false,
  ): Promise<FallbackWorker<Out, In>> {
    const thread = new FallbackWorker<Out, In>(spawnTypeScriptWorker(file, null), aside, name);
    await thread.started;
    // The thread never keeps the process alive on its own.
    thread.worker.unref();
    return thread;
  }

  /** Sends `message(id)` and reads the answer with `read` (which throws for a refusal); runs
   * `local` instead once the thread has stopped. */
  call<T>(message: (id: number) => Out, read: (answer: In) => T, local: () => Promise<T>): Promise<T> {
    if (this.stopped) return local();
    return new Promise<T>((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, {
        settle: (answer) => {
          try {
            resolve(read(answer as In));
          } catch (err) {
            reject(err);
          }
        },
        fallback: () => void local().then(resolve, reject),
      });
      this.post(message(id));
    });
  }

  /** A message that expects no answer (dropped once the thread has stopped). */
  send(message: Out): void {
    if (!this.stopped) this.post(message);
  }

  async close(): Promise<void> {
    this.stopped = true;
    await this.worker.terminate();
  }
}
