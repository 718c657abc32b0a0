import { FallbackWorker } from "../lib/fallback-worker";
import {
  buildMintSignedLaunch,
  type LaunchBuilder,
  type MintSignedLaunch,
  type UnsignedLaunch,
} from "./launch-builder";
import type { BuildReply, BuildRequest } from "./launch-builder-protocol";

/** Launch transactions built on a thread of their own (launch-builder-thread.ts). Should the
 * thread stop, what it had in hand and everything after is built on the calling thread: a
 * launch never fails because of where it was built. */
export class LaunchBuilderThread implements LaunchBuilder {
  private constructor(private readonly thread: FallbackWorker<BuildRequest, BuildReply>) {}

  static async start(): Promise<LaunchBuilderThread> {
    return new LaunchBuilderThread(
      await FallbackWorker.start<BuildRequest, BuildReply>(
        new URL("./launch-builder-thread.ts", import.meta.url),
        "launch builder",
      ),
    );
  }

  build(launch: UnsignedLaunch): Promise<MintSignedLaunch> {
    return this.thread.call(
      (id) => ({ id, launch }),
      (reply) => {
        if ("built" in reply) return reply.built;
        throw new Error("message" in reply ? reply.message : "the launch builder answered nothing");
      },
      () => buildMintSignedLaunch(launch),
    );
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}
