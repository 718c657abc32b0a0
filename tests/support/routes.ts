import http from "node:http";
import type { ZodType } from "zod";
import { Client } from "./http";
import { testWallet } from "./keys";
import type { TestApp } from "./test-app";

// Letters no look-alike check confuses with each other (no I/L/1, O/0, S/5, rn/m, vv/w).
const ALPHABET = "BCDFGHJKPQRTXYZ";
let words = 0;
/** A new upper-case word each call (deterministic in a run): unique names and symbols that
 * pass the launch's look-alike check. */
export function uniqueWord(): string {
  let n = words++;
  let out = "";
  do {
    out = ALPHABET[n % ALPHABET.length] + out;
    n = Math.floor(n / ALPHABET.length);
  } while (n > 0);
  return out.padStart(3, "B");
}

/** A route as the app registered it: "METHOD /url" and its zod schemas. */
export interface AppRoute {
  key: string;
  method: string;
  url: string;
  websocket: boolean;
  schema: { body?: ZodType; params?: ZodType; querystring?: ZodType };
}

/** Every route the running app registered (HEAD twins of GET routes left out: Fastify adds
 * them itself and they answer like their GET). */
export function appRoutes(t: TestApp): AppRoute[] {
  const out = new Map<string, AppRoute>();
  for (const r of t.app.registeredRoutes) {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    for (const method of methods) {
      if (method === "HEAD" && r.url && t.app.hasRoute({ method: "GET", url: r.url })) continue;
      const key = `${method} ${r.url}`;
      const schema = (r.schema ?? {}) as AppRoute["schema"];
      out.set(key, {
        key,
        method,
        url: r.url,
        websocket: Boolean((r as { websocket?: boolean }).websocket),
        schema,
      });
    }
  }
  return [...out.values()];
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/** One HTTP request with the path sent byte for byte as given (fetch would normalise
 * percent-encodings and dot segments) and any body and headers, well-formed or not. */
export function rawRequest(
  baseUrl: string,
  req: { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const r = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.path,
        headers: {
          ...(req.body !== undefined ? { "content-length": String(Buffer.byteLength(req.body)) } : {}),
          ...req.headers,
        },
        agent,
      },
      (res) => {
        // A live stream (GET /api/market/:mint/live) never ends: its answer is its status and
        // headers; the client leaves at once, as a closed page would.
        if (
          String(res.headers["content-type"] ?? "").startsWith("text/event-stream") &&
          req.method !== "POST"
        ) {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: "" });
          res.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        );
        res.on("error", reject);
      },
    );
    r.on("error", reject);
    r.setTimeout(30_000, () => r.destroy(new Error(`no answer to ${req.method} ${req.path}`)));
    if (req.body !== undefined) r.write(req.body);
    r.end();
  });
}

/** A fresh session cookie for `userId`, issued by the app's real session service (cheaper
 * than a password sign-in, and one per request keeps a fuzzed logout from ending the rest). */
export async function sessionCookie(t: TestApp, userId: string): Promise<string> {
  const { token } = await t.app.services.sessions.create(userId);
  return `sid=${token}`;
}

export interface Person {
  c: Client;
  id: string;
  username: string;
  email: string;
  password: string;
  wallet: string;
}

/** A registered user with a funded embedded wallet. */
export async function person(t: TestApp, username: string): Promise<Person> {
  const c = new Client(t.url);
  const email = `${username}@example.com`;
  const password = "secret1";
  const reg = await c.post<{ user: { id: string } }>("/api/register", { username, email, password });
  if (reg.status !== 201) throw new Error(`register ${username}: ${reg.status} ${JSON.stringify(reg.body)}`);
  const gen = await c.post<{ wallet: { publicKey: string } }>("/api/wallet/generate");
  const wallet = gen.body.wallet.publicKey;
  await t.deps.ledger.airdrop(wallet, 50_000_000_000n);
  return { c, id: reg.body.user.id, username, email, password, wallet };
}

/** The owner (a launched token, an agent on it) and another user, both real. */
export async function world(t: TestApp) {
  const owner = await person(t, "owner1");
  const other = await person(t, "other1");
  const launched = await owner.c.post<{ mintAddress: string; token: { id: string } }>("/api/tokens/create", {
    name: "Owner Coin",
    symbol: "OWNC",
    totalSupply: "1000000",
    userId: owner.id,
    creatorWallet: owner.wallet,
  });
  if (launched.status !== 201) throw new Error(`launch: ${launched.status} ${JSON.stringify(launched.body)}`);
  const mint = launched.body.mintAddress;
  const agent = await owner.c.post<{ id: string }>("/api/ai-agents", {
    tokenMint: mint,
    name: "Owner Agent",
    specialty: "Answers",
    avatar: "🎨",
    tier: "basic",
    tokenRequirement: "1",
    responseStyle: "Short",
    knowledgeNotes: "SECRET-NOTES-OF-THE-OWNER",
  });
  if (agent.status !== 201) throw new Error(`agent: ${agent.status} ${JSON.stringify(agent.body)}`);
  return { owner, other, mint, tokenId: launched.body.token.id, agentId: agent.body.id };
}
export type World = Awaited<ReturnType<typeof world>>;

/** An external wallet linked to `who` (a signed challenge), funded. */
export async function linkExternalWallet(t: TestApp, who: Person) {
  const w = await testWallet();
  const { message } = (
    await who.c.post<{ message: string }>("/api/auth/wallet/challenge", { walletAddress: w.address })
  ).body;
  const linked = await who.c.post("/api/wallet/link", {
    walletAddress: w.address,
    message,
    signature: w.signMessage(message),
  });
  if (linked.status !== 200) throw new Error(`link: ${linked.status} ${JSON.stringify(linked.body)}`);
  await t.deps.ledger.airdrop(w.address, 5_000_000_000n);
  return w;
}
