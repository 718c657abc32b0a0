// Messages between the server and the launch builder's thread (launch-builder-thread.ts).
import type { MintSignedLaunch, UnsignedLaunch } from "./launch-builder";

export interface BuildRequest {
  id: number;
  launch: UnsignedLaunch;
}

/** `{ id: 0 }` says the thread has started. Requests and replies of one turn travel as one array. */
export type BuildReply =
  | { id: number; ok: true; built: MintSignedLaunch }
  | { id: number; ok: false; message: string }
  | { id: 0 };
