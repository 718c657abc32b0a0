import { mulberry32 } from "@shared/random";
import { ERROR_CODES } from "@shared/schemas/api-error";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  type AppRoute,
  appRoutes,
  type RawResponse,
  rawRequest,
  sessionCookie,
  uniqueWord,
  type World,
  world,
} from "../support/routes";
import { startTestApp, type TestApp } from "../support/test-app";

// Every route the app registers, fuzzed from its own zod schemas (a new route is fuzzed
// without touching this file), anonymous and signed in: wrong types, missing fields, huge
// and control-character strings, bad JSON, wrong content types, odd path spellings and path
// parameters. Whatever comes in: no 5xx, no stack trace or file path in a body, every error
// a JSON {error, code}, and the server still healthy. Deterministic for a seed: FUZZ_SEED.

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const CONCURRENCY = 4;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: Json[];
  const?: Json;
  minLength?: number;
  maxLength?: number;
  items?: JsonSchema;
}

interface Case {
  actor: "anonymous" | "signed-in";
  method: string;
  path: string;
  route: string;
  /** What was fuzzed, for the report. */
  what: string;
  headers: Record<string, string>;
  body?: string;
  /** A state-changing request from another site: must never succeed. */
  crossSite?: boolean;
}

interface Failure {
  cause: string;
  route: string;
  actor: string;
  what: string;
  request: string;
  status: number;
  body: string;
}

const NASTY_STRINGS: [string, string][] = [
  ["NUL", "a\u0000b"],
  ["only NUL", "\u0000"],
  ["bidi override", "\u202Eabc\u202C"],
  ["zero-width", "\u200B\u200C\u200D\u2060"],
  ["BOM", "\uFEFFabc"],
  ["CRLF", "a\r\nSet-Cookie: x=1"],
  ["C0 controls", "\u0001\u0002\u001b[31m\u001f\u007f"],
  ["lone surrogate", "\uD800x"],
  ["emoji", "👩‍🎨🏳️‍🌈"],
  ["blank", "   "],
  ["empty", ""],
  ["huge 60k", "x".repeat(60_000)],
  ["long 5k", "é".repeat(5_000)],
  ["sql", "' OR 1=1; --"],
  ["html", "<script>alert(1)</script>"],
  ["percent NUL", "%00"],
  ["path traversal", "../../../etc/passwd"],
  ["format", "%s%n$" + "{jndi:ldap://x}{{7*7}}"],
];
const WRONG_TYPES: [string, Json][] = [
  ["null", null],
  ["number", 12345],
  ["negative", -1],
  ["float", 1.5e308],
  ["true", true],
  ["array", ["x"]],
  ["empty array", []],
  ["object", { $ne: 1 }],
  ["nested", { a: { b: { c: [1, { d: null }] } } }],
];
const PARAM_VALUES: [string, string][] = [
  ["%00", "%00"],
  ["%00 middle", "a%00b"],
  ["malformed %", "%zz"],
  ["lone %", "%"],
  ["bidi", "%E2%80%AE"],
  ["zero-width", "%E2%80%8B"],
  ["invalid utf-8", "%C0%AF%FF"],
  ["encoded slash", "..%2F..%2Fetc%2Fpasswd"],
  ["long", "A".repeat(300)],
  ["proto", "__proto__"],
  ["constructor", "constructor"],
  ["emoji", "%F0%9F%98%80"],
  ["spaces", "%20%20"],
  ["garbage", "!$&'()*+,;=:@"],
];
const RAW_BODIES: [string, string][] = [
  ["truncated JSON", '{"a":'],
  ["open brace", "{"],
  ["trailing garbage", '{"a":1}garbage'],
  ["JSON null", "null"],
  ["JSON array", "[]"],
  ["JSON string", '"str"'],
  ["JSON number", "123"],
  ["NUL byte", "\u0000"],
  ["BOM + object", "\uFEFF{}"],
  ["single quotes", "{'a':1}"],
  ["deep nesting", `${"[".repeat(5000)}${"]".repeat(5000)}`],
  ["proto pollution", '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}'],
  ["duplicate keys", '{"a":1,"a":2}'],
  ["too large", `{"a":"${"x".repeat(300 * 1024)}"}`],
];
const CONTENT_TYPES: [string, string | undefined][] = [
  ["no content-type", undefined],
  ["text/plain", "text/plain"],
  ["form", "application/x-www-form-urlencoded"],
  ["multipart", "multipart/form-data; boundary=x"],
  ["utf-16 charset", "application/json; charset=utf-16"],
  ["latin1 charset", "application/json; charset=latin1"],
  ["upper case", "APPLICATION/JSON"],
  ["json-ish", "application/vnd.api+json"],
  ["garbage", ";;;=/"],
];

let t: TestApp;
let w: World;
const unique = () => uniqueWord().toLowerCase();

/** A valid-looking value for a field, from its name (real users, wallets and mints) and schema. */
function plausible(name: string, s: JsonSchema, route: string): Json {
  switch (name) {
    case "userId":
      return w.owner.id;
    case "creatorWallet":
    case "address":
      return w.owner.wallet;
    case "walletAddress":
      return w.other.wallet;
    case "tokenMint":
    case "mint":
      return w.mint;
    case "agentId":
      return w.agentId;
    case "id":
      return route.includes("ai-agents") ? w.agentId : w.owner.id;
    case "to":
      return w.other.username;
    case "amount":
      return s.type === "number" ? ((s.const as number) ?? 2) : "1";
    case "email":
      return route.includes("register") ? `fz${unique()}@example.com` : w.owner.email;
    case "password":
      return "secret1";
    case "username":
      return `fz_${unique()}`;
    case "symbol":
      return `Z${uniqueWord()}`;
    case "name":
      // Launches refuse a name another token has (look-alike check): new ones get deeper.
      return route.includes("tokens") ? `Fuzz ${uniqueWord()}` : "Fuzz agent";
    case "totalSupply":
      return "1000000";
    case "tokenRequirement":
      return "1";
    case "tokenId":
      return w.tokenId;
    case "transferId":
      return "00000000-0000-4000-8000-000000000000";
    case "transaction":
      return Buffer.alloc(200).toString("base64");
    case "userInput":
      return "A painter of highland landscapes";
    case "message":
      return "Hello there";
    case "idempotencyKey":
      return `fz-${unique()}`;
  }
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0] ?? null;
  switch (s.type) {
    case "string":
      return "x".repeat(Math.max(1, s.minLength ?? 1));
    case "number":
    case "integer":
      return 1;
    case "boolean":
      return true;
    case "array":
      return [];
    case "object":
      return {};
    default:
      return "x";
  }
}

function jsonSchemaOf(schema: AppRoute["schema"]["body"]): JsonSchema | null {
  if (!schema) return null;
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

function baseBody(route: AppRoute): Record<string, Json> | undefined {
  const s = jsonSchemaOf(route.schema.body);
  if (!s?.properties) return undefined;
  const out: Record<string, Json> = {};
  for (const [name, p] of Object.entries(s.properties)) out[name] = plausible(name, p, route.url);
  return out;
}

function pathFor(route: AppRoute, params: Record<string, string> = {}): string {
  return route.url.replace(/:(\w+)/g, (_m, name: string) => {
    if (params[name] !== undefined) return params[name];
    const s = jsonSchemaOf(route.schema.params)?.properties?.[name] ?? { type: "string" };
    return encodeURIComponent(String(plausible(name, s, route.url)));
  });
}

function pick<T>(rand: () => number, items: T[], n: number): T[] {
  const copy = [...items];
  const out: T[] = [];
  while (out.length < n && copy.length > 0)
    out.push(copy.splice(Math.floor(rand() * copy.length), 1)[0] as T);
  return out;
}

/** The cases for one route and actor: built fresh (unique names and symbols) from the seed. */
function casesFor(route: AppRoute, actor: Case["actor"], rand: () => number): Case[] {
  const cases: Case[] = [];
  const hasBody = !["GET", "HEAD", "OPTIONS"].includes(route.method);
  const json = { "content-type": "application/json" };
  const add = (what: string, c: Partial<Case>) =>
    cases.push({
      actor,
      method: route.method,
      path: pathFor(route),
      route: route.key,
      what,
      headers: hasBody ? json : {},
      ...c,
    });
  const withBody = (body: Json | undefined) => (body === undefined ? "{}" : JSON.stringify(body));

  add("valid-looking", { body: hasBody ? withBody(baseBody(route)) : undefined });

  // Fields: each one missing, of a wrong type, or a nasty string (alone, and around a valid value).
  const s = jsonSchemaOf(route.schema.body);
  for (const [name] of Object.entries(s?.properties ?? {})) {
    const body = () => baseBody(route) ?? {};
    const without = body();
    delete without[name];
    add(`body.${name} missing`, { body: withBody(without) });
    for (const [label, value] of pick(rand, WRONG_TYPES, 3))
      add(`body.${name} = ${label}`, { body: withBody({ ...body(), [name]: value }) });
    for (const [label, value] of pick(rand, NASTY_STRINGS, 6))
      add(`body.${name} = ${label}`, { body: withBody({ ...body(), [name]: value }) });
    for (const [label, junk] of pick(rand, NASTY_STRINGS.slice(0, 9), 2)) {
      const b = body();
      const valid = String(b[name] ?? "");
      add(`body.${name} = valid + ${label}`, { body: withBody({ ...b, [name]: `${valid}${junk}` }) });
      add(`body.${name} = ${label} + valid`, { body: withBody({ ...b, [name]: `${junk}${valid}` }) });
    }
  }
  if (hasBody) {
    for (const [label, raw] of pick(rand, RAW_BODIES, 8)) add(`body ${label}`, { body: raw });
    for (const [label, type] of pick(rand, CONTENT_TYPES, 5))
      add(`content-type ${label}`, {
        headers: type === undefined ? {} : { "content-type": type },
        body: withBody(baseBody(route)),
      });
    add("empty body with JSON content-type", { body: "" });
  }

  // Path parameters.
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  for (const name of paramNames) {
    for (const [label, value] of pick(rand, PARAM_VALUES, 8))
      add(`:${name} = ${label}`, {
        path: pathFor(route, { [name]: value }),
        body: hasBody ? withBody(baseBody(route)) : undefined,
      });
    add(`:${name} = valid + %00`, {
      path: pathFor(route, { [name]: `${encodeURIComponent(String(plausible(name, {}, route.url)))}%00` }),
      body: hasBody ? withBody(baseBody(route)) : undefined,
    });
  }

  // Other spellings of the path, a junk query string, other methods, junk headers.
  const body = hasBody ? withBody(baseBody(route)) : undefined;
  for (const [label, path] of spellings(pathFor(route))) add(`path spelled ${label}`, { path, body });
  add("junk query", { path: `${pathFor(route)}?%00=%00&a=%zz&__proto__[x]=1&q=${"y".repeat(3000)}`, body });
  add("method DELETE", { method: "DELETE" });
  add("method PUT", { method: "PUT", body: withBody(baseBody(route)) });
  if (actor === "anonymous") {
    add("junk cookie", { headers: { ...(hasBody ? json : {}), cookie: "sid=%00; sid=\t; x; =;;" }, body });
    add("huge cookie", { headers: { ...(hasBody ? json : {}), cookie: `sid=${"a".repeat(6000)}` }, body });
  }
  if (route.url.includes("chat"))
    add("streamed (Accept: text/event-stream)", { headers: { ...json, accept: "text/event-stream" }, body });

  // Another site's page posting here: refused, however the path is spelled.
  if (hasBody && route.url.startsWith("/api/"))
    for (const [label, path] of [["plain", pathFor(route)], ...spellings(pathFor(route)).slice(0, 2)] as [
      string,
      string,
    ][])
      add(`cross-site POST, path ${label}`, {
        path,
        body,
        crossSite: true,
        headers: { ...json, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      });
  // Signed in, only what gets past validation is worth sending again: a request the schemas
  // refuse is refused before anyone looks at the session (the anonymous run covers those).
  return actor === "anonymous" ? cases : cases.filter((c) => passesSchemas(route, c));
}

function passesSchemas(route: AppRoute, c: Case): boolean {
  if (c.method !== route.method || (c.headers["content-type"] !== "application/json" && c.body !== undefined))
    return c.what.startsWith("path") || c.what.startsWith("method");
  if (route.schema.body && c.body !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(c.body);
    } catch {
      return false;
    }
    if (!route.schema.body.safeParse(parsed).success) return false;
  }
  return true;
}

/** Ways of writing the same path a router may or may not treat as equal. */
function spellings(path: string): [string, string][] {
  const out: [string, string][] = [];
  if (path.startsWith("/api/")) out.push(["/%61pi/", `/%61pi/${path.slice(5)}`]);
  if (path.startsWith("/rpc")) out.push(["/%72pc", `/%72pc${path.slice(4)}`]);
  const second = path.indexOf("/", 1);
  if (second > 0 && path.length > second + 1) {
    const ch = path[second + 1] as string;
    out.push([
      "encoded letter",
      `${path.slice(0, second + 1)}%${ch.charCodeAt(0).toString(16).toUpperCase()}${path.slice(second + 2)}`,
    ]);
  }
  out.push(["double slash", `/${path}`], ["trailing slash", `${path}/`], ["upper case", path.toUpperCase()]);
  out.push(["dot segment", path.replace(/^\/(\w+)\//, "/$1/./")]);
  return out;
}

const STACK_PATTERNS: [string, RegExp][] = [
  ["stack frame", /\bat [\w$.<>[\] ]+ \(|\n\s+at /],
  ["file path", /(file:\/\/|\/(src|node_modules|work|home|tmp)\/|\.(ts|js|mjs):\d+)/],
  ["error class", /\b[A-Z]\w*Error: /],
  ["Error: prefix", /(^|")Error: /],
];

function judge(c: Case, res: RawResponse): string[] {
  const causes: string[] = [];
  if (res.status >= 500) causes.push(`${res.status}`);
  for (const [label, re] of STACK_PATTERNS) if (re.test(res.text)) causes.push(`body has ${label}`);
  if (c.crossSite && res.status < 300) causes.push(`cross-site request succeeded (${res.status})`);
  if (res.status >= 400) {
    const type = String(res.headers["content-type"] ?? "");
    const isRpc = /^\/(rpc|%72pc)/i.test(c.path);
    let body: unknown;
    try {
      body = JSON.parse(res.text);
    } catch {
      body = undefined;
    }
    if (c.method === "HEAD") {
      // No body to judge.
    } else if (body === undefined) {
      // Outside the API (even /API/ or //api/, which no route matches) the SPA fallback may
      // answer text; whatever the router takes for an API path answers JSON.
      const apiPath = /^\/(api\/|%61pi\/|rpc|%72pc)/.test(c.path);
      if (apiPath || type.includes("json")) causes.push("non-JSON error body");
    } else if (isRpc && isRpcError(body)) {
      // JSON-RPC errors keep JSON-RPC's shape (clients parse it).
    } else {
      const b = body as { error?: unknown; code?: unknown };
      if (typeof b.error !== "string" || b.error === "") causes.push("error body without `error`");
      if (!ERROR_CODES.includes(b.code as (typeof ERROR_CODES)[number]))
        causes.push(`error body without a known \`code\` (${JSON.stringify(b.code)})`);
    }
  }
  return causes;
}

function isRpcError(body: unknown): boolean {
  const items = Array.isArray(body) ? body : [body];
  return items.every(
    (i) =>
      typeof i === "object" &&
      i !== null &&
      "jsonrpc" in i &&
      typeof (i as { error?: { code?: unknown } }).error?.code === "number",
  );
}

async function runAll(cases: Case[], onResult: (c: Case, res: RawResponse) => void) {
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++] as Case;
      const headers = { ...c.headers };
      if (c.actor === "signed-in") headers.cookie = await sessionCookie(t, w.owner.id);
      const res = await rawRequest(t.url, { method: c.method, path: c.path, headers, body: c.body });
      onResult(c, res);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

const shorten = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n)}…(${s.length} chars)` : s);

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMITS: "off" });
  w = await world(t);
});
afterAll(async () => t?.close());

describe(`fuzzing every route (FUZZ_SEED=${SEED})`, () => {
  it("answers anything with a 4xx {error, code} or a 2xx, never a 5xx or a stack trace", {
    timeout: 180_000,
  }, async () => {
    const routes = appRoutes(t);
    expect(routes.length).toBeGreaterThan(30);
    const rand = mulberry32(SEED);
    const cases: Case[] = [];
    for (const actor of ["anonymous", "signed-in"] as const)
      for (const route of routes) if (!route.websocket) cases.push(...casesFor(route, actor, rand));

    const started = performance.now();
    const failures: Failure[] = [];
    const validLooking = new Map<string, RawResponse>();
    await runAll(cases, (c, res) => {
      if (c.what === "valid-looking") validLooking.set(`${c.actor} ${c.route}`, res);
      for (const cause of judge(c, res))
        failures.push({
          cause,
          route: c.route,
          actor: c.actor,
          what: c.what,
          request: `${c.method} ${shorten(c.path, 100)}${c.body !== undefined ? ` ${shorten(c.body, 120)}` : ""}`,
          status: res.status,
          body: shorten(res.text),
        });
    });

    const health = await rawRequest(t.url, { method: "GET", path: "/api/health" });
    if (health.status !== 200)
      failures.push({
        cause: "unhealthy after",
        route: "GET /api/health",
        actor: "-",
        what: "-",
        request: "GET /api/health",
        status: health.status,
        body: shorten(health.text),
      });

    console.log(
      `FUZZ_SEED=${SEED}: ${cases.length} requests in ${Math.round(performance.now() - started)} ms`,
    );
    const report = failures
      .map((f) => `[${f.cause}] ${f.actor} ${f.route} (${f.what}): ${f.request} -> ${f.status} ${f.body}`)
      .join("\n");
    expect(
      failures.length,
      `FUZZ_SEED=${SEED}: ${failures.length} of ${cases.length} requests failed:\n${report}`,
    ).toBe(0);

    // Signed in really is signed in: authenticated routes answer the valid-looking request past auth.
    for (const route of routes) {
      const res = validLooking.get(`signed-in ${route.key}`);
      if (res)
        expect(res.text, `FUZZ_SEED=${SEED} ${route.key} signed in`).not.toContain("Please sign in first");
    }
  });

  it("answers the router's own refusals (bad %-escape, over-long parameter) with {error, code}, not echoing the path", async () => {
    for (const path of [
      "/api/tokens/%zz",
      "/api/ai-agents/%C0%AF%FF/messages",
      `/api/tokens/${"A".repeat(300)}`,
    ]) {
      const res = await rawRequest(t.url, { method: "GET", path });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      expect(JSON.parse(res.text), path).toEqual({ error: "Invalid URL", code: "BAD_REQUEST" });
    }
  });

  // RATE_LIMITS=off lifts the global and per-route limits, not these: their 429s follow the same format.
  it("answers a rate limit with a 429 {error, code: RATE_LIMITED} (JSON-RPC's own shape on /rpc)", async () => {
    const cookie = await sessionCookie(t, w.other.id);
    const json = { "content-type": "application/json", cookie };
    const post = (path: string, body: Json) =>
      rawRequest(t.url, { method: "POST", path, headers: json, body: JSON.stringify(body) });
    const limited: RawResponse[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await post("/api/wallet/airdrop", { address: w.other.wallet, amount: 2 });
      if (res.status === 429) limited.push(res);
    }
    for (let i = 0; i < 10; i++) {
      const res = await post("/api/auth/email", { email: w.other.email, password: "wrong-password" });
      if (res.status === 429) limited.push(res);
    }
    expect(limited.length).toBeGreaterThanOrEqual(2);
    for (const res of limited)
      expect(JSON.parse(res.text)).toEqual({ error: expect.any(String), code: "RATE_LIMITED" });

    let rpc: RawResponse | undefined;
    for (let i = 0; i < 12 && !rpc; i++) {
      const res = await post("/rpc", {
        jsonrpc: "2.0",
        id: i,
        method: "requestAirdrop",
        params: [w.other.wallet, 1],
      });
      if (res.status === 429) rpc = res;
    }
    expect(rpc && JSON.parse(rpc.text)).toMatchObject({
      jsonrpc: "2.0",
      error: { code: 429, message: expect.any(String) },
    });
  });
});
