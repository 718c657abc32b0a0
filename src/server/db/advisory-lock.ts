import pg from "pg";
import { errorText } from "../lib/safe-error";

// Session advisory locks on PostgreSQL: a lock is held by one connection, so each one taken
// holds a connection of this pool (apart from the queries' pool, which it can never starve)
// until it is let go. If that connection dies, the server lets the lock go with it.

const LOCK_CONNECTIONS = 32;

export class AdvisoryLocks {
  private pool: pg.Pool;

  constructor(
    url: string,
    private warn: (message: string) => void,
  ) {
    this.pool = new pg.Pool({ connectionString: url, max: LOCK_CONNECTIONS });
    this.pool.on("error", (err) => warn(`lock connection lost: ${errorText(err)}`));
  }

  /** Waits for the lock named `key` (hashed to PostgreSQL's 64-bit lock id); resolves with
   * its release. */
  async take(key: string): Promise<() => Promise<void>> {
    const client = await this.pool.connect();
    // A held connection that drops emits here (unheard, the process would crash); the server
    // lets the lock go with it.
    const lost = (err: Error) => this.warn(`a held lock's connection was lost: ${errorText(err)}`);
    client.on("error", lost);
    try {
      await client.query("select pg_advisory_lock(hashtextextended($1, 0))", [key]);
    } catch (err) {
      client.off("error", lost);
      client.release(err as Error);
      throw err;
    }
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      client.off("error", lost);
      try {
        await client.query("select pg_advisory_unlock(hashtextextended($1, 0))", [key]);
        client.release();
      } catch (err) {
        // Closing the connection lets the lock go anyway.
        client.release(err as Error);
      }
    };
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
