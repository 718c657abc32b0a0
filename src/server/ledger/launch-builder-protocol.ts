// Messages between the server and the launch builder's thread (launch-builder-thread.ts).
import type { MintSignedLaunch, UnsignedLaunch } from "./launch-builder";

export interface BuildRequest {
  id: number;
  launch: UnsignedLaunch;
}

/** id 0 answers start-up (built null). Requests and replies of one turn travel as one array. */
export type BuildReply =
  | { id: number; ok: true; built: MintSignedLaunch | null }
  | { id: number; ok: false; message: string };
