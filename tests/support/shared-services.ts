import { createConnection } from "node:net";

// Tests of several API nodes need servers PGlite cannot stand in for. They run in test:api's
// PostgreSQL pass (TEST_DB=postgres, which CI runs whenever PostgreSQL answers) and say why
// when they do not run; Redis cases run when a Redis server answers.

/** Whether this run is the PostgreSQL pass; prints why not (once per file) otherwise. */
export function onPostgresPass(what: string): boolean {
  const on = process.env.TEST_DB === "postgres" && Boolean(process.env.TEST_DATABASE_URL);
  if (!on) console.log(`${what}: runs in the PostgreSQL pass of test:api (TEST_DATABASE_URL), not on PGlite`);
  return on;
}

/** TEST_REDIS_URL (default the local server) when a Redis server answers there, else null
 * with the reason printed. */
export async function redisIfUp(what: string): Promise<string | null> {
  const url = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
  const { hostname, port } = new URL(url);
  const up = await new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
  if (!up) console.log(`${what}: no Redis server answers at ${url}: the Redis case did not run`);
  return up ? url : null;
}
