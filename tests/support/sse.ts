import { createParser, type EventSourceMessage } from "eventsource-parser";

/** A server-sent events stream read over real HTTP (fetch, streaming), as a browser's
 * EventSource would: events and comments as they arrive, and a wait for the next that matches. */
export interface SseStream {
  status: number;
  headers: Headers;
  /** Every event so far, in order. */
  events: EventSourceMessage[];
  comments: string[];
  /** Resolves with the first event (from the start) matching `test`; rejects when the stream
   * ends first. */
  next(test: (e: EventSourceMessage) => boolean): Promise<EventSourceMessage>;
  /** Resolves once a comment line has arrived. */
  nextComment(): Promise<string>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const abort = new AbortController();
  const res = await fetch(url, {
    headers: { accept: "text/event-stream", ...headers },
    signal: abort.signal,
  });
  const events: EventSourceMessage[] = [];
  const comments: string[] = [];
  let wake: () => void = () => {};
  let changed = new Promise<void>((resolve) => {
    wake = resolve;
  });
  const notify = () => {
    const done = wake;
    changed = new Promise<void>((resolve) => {
      wake = resolve;
    });
    done();
  };
  const parser = createParser({
    onEvent: (e) => {
      events.push(e);
      notify();
    },
    onComment: (c) => {
      comments.push(c);
      notify();
    },
  });
  let finished = false;
  const ended = (async () => {
    if (!res.body || !res.headers.get("content-type")?.startsWith("text/event-stream")) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body) parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
    } catch {
      // Aborted by close().
    }
  })().finally(() => {
    finished = true;
    notify();
  });

  async function waitFor<T>(find: () => T | undefined, what: string): Promise<T> {
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      if (finished) throw new Error(`the stream ended before ${what}`);
      await changed;
    }
  }

  return {
    status: res.status,
    headers: res.headers,
    events,
    comments,
    next: (test) => waitFor(() => events.find(test), "the awaited event"),
    nextComment: () => waitFor(() => comments[0], "a comment"),
    ended,
    close: () => abort.abort(),
  };
}
