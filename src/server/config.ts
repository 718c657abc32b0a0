import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

/** An http(s) address, e.g. a site, an RPC endpoint or a link the pages show. */
const optionalHttpUrl = (name: string) =>
  optional.refine((v) => v === undefined || isHttpUrl(v), {
    message: `${name} must be an http:// or https:// address`,
  });

// TRUST_PROXY: the addresses (or CIDR ranges, or proxy-addr's named ranges) of the proxies whose
// X-Forwarded-For the server believes.
const NAMED_RANGES = ["loopback", "linklocal", "uniquelocal"];
const trustedProxy = (part: string) => {
  const [address = "", bits, ...rest] = part.split("/");
  if (NAMED_RANGES.includes(part)) return true;
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};

// Every variable the server reads, with its default. README lists the same set.
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default("127.0.0.1"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optional,
  // Where several API nodes count their limits together (else PostgreSQL, else in-process).
  REDIS_URL: optional.refine((v) => v === undefined || v.startsWith("redis://"), {
    message: "REDIS_URL must start with redis://",
  }),
  REDIS_KEY_PREFIX: z.string().default("launchpad:"),
  SOLANA_RPC_URL: optionalHttpUrl("SOLANA_RPC_URL"),
  WALLET_MASTER_KEY: optional,
  // Receives the platform's part of every market fee; unset: a key generated in DATA_DIR.
  TREASURY_ADDRESS: optional.refine((v) => v === undefined || /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(v), {
    message: "TREASURY_ADDRESS must be a Solana address",
  }),
  PUBLIC_URL: optionalHttpUrl("PUBLIC_URL").transform((v) => v?.replace(/\/+$/, "")),
  CLIENT_DIST: z.string().default("./dist/client"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: optional.refine((v) => v === undefined || v.split(",").every((p) => trustedProxy(p.trim())), {
    message:
      "TRUST_PROXY must be a comma-separated list of IP addresses or CIDR ranges (or loopback, linklocal, uniquelocal)",
  }),
  // Benchmarks drive the server from one IP far past any human rate; they turn limits off.
  RATE_LIMITS: z.enum(["on", "off"]).default("on"),
  CHECKPOINT_INTERVAL_MS: z.coerce.number().int().min(1000).default(30_000),
  // The embedded ledger on its own worker thread (default) or on the server's main thread.
  LEDGER_THREAD: z.enum(["main", "worker"]).default("worker"),
  // The chain indexer: how often it looks for new platform mints and, on an RPC ledger, polls
  // each mint's signatures; and its request budget there (devnet allows ~100 per 10 s per IP).
  INDEXER_POLL_MS: z.coerce.number().int().min(50).default(5_000),
  REWARD_WAVE_CHUNK: z.coerce.number().int().min(1).max(1_000).default(128),
  INDEXER_RPC_PER_SECOND: z.coerce.number().min(0.1).default(5),
  // Bounds on what clients can hold open (0: no per-IP bound, e.g. behind a proxy).
  MAX_CONNECTIONS: z.coerce.number().int().min(1).default(4096),
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).default(128),
  // Token pages' live streams (GET /api/market/:mint/live) open at once: in all, and per client
  // address (each holds a connection for as long as the page is open).
  LIVE_STREAMS_MAX: z.coerce.number().int().min(1).default(1_000),
  LIVE_STREAMS_PER_IP: z.coerce.number().int().min(1).default(16),
  // Solana PubSub (WebSocket) also on its own port, where web3.js looks for it: PORT + 1.
  RPC_PUBSUB_PORT: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.union([z.literal("off"), z.coerce.number().int().min(1).max(65535)]).optional(),
  ),
  AI_PROVIDER: z.enum(["offline", "openai", "google", "anthropic", "openai-compatible"]).optional(),
  AI_MODEL: optional,
  AI_BASE_URL: optionalHttpUrl("AI_BASE_URL"),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  OPENAI_API_KEY: optional,
  GOOGLE_GENERATIVE_AI_API_KEY: optional,
  ANTHROPIC_API_KEY: optional,
  AI_API_KEY: optional,
  // Demo accounts have a published password: "ask" seeds them only on a local site.
  SEED_DEMO: z.enum(["ask", "yes", "no"]).default("ask"),
  // Agent chat messages per user per minute (per IP: four times this).
  AGENT_CHAT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  // Links the public pages show; each is hidden when unset (never a dead '#').
  LINK_DISCORD: optionalHttpUrl("LINK_DISCORD"),
  LINK_TWITTER: optionalHttpUrl("LINK_TWITTER"),
  LINK_GITHUB: optionalHttpUrl("LINK_GITHUB"),
  LINK_MIRROR: optionalHttpUrl("LINK_MIRROR"),
  LINK_WHITEPAPER: optionalHttpUrl("LINK_WHITEPAPER"),
  LINK_DEMO_CALL: optionalHttpUrl("LINK_DEMO_CALL"),
  LINK_COMPARISON_VIDEO: optionalHttpUrl("LINK_COMPARISON_VIDEO"),
  LINK_DEMO_VIDEO: optionalHttpUrl("LINK_DEMO_VIDEO"),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  // A variable set to nothing (`HOST=`) is unset: its default applies, never "" or 0.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ""));
  const parsed = EnvSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    ...e,
    DATA_DIR: path.resolve(e.DATA_DIR),
    isProduction: e.NODE_ENV === "production",
    siteIsLocal: isLocalUrl(e.PUBLIC_URL),
    // Unset: PORT + 1 (solana-test-validator's 8899/8900), none when PORT is ephemeral (0).
    RPC_PUBSUB_PORT: e.RPC_PUBSUB_PORT ?? (e.PORT === 0 || e.PORT === 65535 ? "off" : e.PORT + 1),
    links: {
      discord: e.LINK_DISCORD,
      twitter: e.LINK_TWITTER,
      github: e.LINK_GITHUB,
      mirror: e.LINK_MIRROR,
      whitepaper: e.LINK_WHITEPAPER,
      demoCall: e.LINK_DEMO_CALL,
      comparisonVideo: e.LINK_COMPARISON_VIDEO,
      demoVideo: e.LINK_DEMO_VIDEO,
    },
  };
}

/** No PUBLIC_URL, or one on this machine: nobody else can reach the site. */
function isLocalUrl(url: string | undefined): boolean {
  if (!url) return true;
  try {
    return ["localhost", "127.0.0.1", "[::1]"].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}
