import type { Browser, BrowserContext, Page } from "playwright-core";

/** Server env for e2e: a client build elsewhere than dist/client when CLIENT_DIST is set
 * (engineers build into a private folder while others work in the same tree). */
export function serverEnv(extra: Record<string, string> = {}): Record<string, string> {
  return process.env.CLIENT_DIST ? { CLIENT_DIST: process.env.CLIENT_DIST, ...extra } : extra;
}

/** A JSON POST the way the browser app sends it (same-origin, JSON), for test set-up. */
export async function postJson<T>(
  baseUrl: string,
  path: string,
  body: unknown,
  cookie?: string,
): Promise<{ status: number; body: T; cookie?: string }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const setCookie = res.headers.get("set-cookie")?.split(";")[0];
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, cookie: setCookie };
}

/** Waits for a toast whose text contains `title` (toasts are one at a time, spec section 9). */
export async function expectToast(page: Page, title: string, timeout = 30_000): Promise<void> {
  await page
    .locator('section[aria-label="Notifications"]')
    .getByText(title, { exact: true })
    .first()
    .waitFor({ state: "visible", timeout });
}

/** A registered account with a new embedded wallet, given 2 test SOL unless `fund` is false. */
export async function memberWithWallet(
  baseUrl: string,
  username: string,
  { fund = true, password = "member-pass-42" }: { fund?: boolean; password?: string } = {},
): Promise<{ userId: string; wallet: string; cookie: string; email: string }> {
  const email = `${username}@example.com`;
  const reg = await postJson<{ user: { id: string } }>(baseUrl, "/api/register", {
    username,
    email,
    password,
  });
  if (reg.status !== 201 || !reg.cookie) throw new Error(`register ${username}: ${reg.status}`);
  const cookie = reg.cookie;
  const gen = await postJson<{ wallet: { publicKey: string } }>(baseUrl, "/api/wallet/generate", {}, cookie);
  const wallet = gen.body.wallet.publicKey;
  if (fund) {
    const airdrop = await postJson(baseUrl, "/api/wallet/airdrop", { address: wallet, amount: 2 }, cookie);
    if (airdrop.status !== 200) throw new Error(`airdrop to ${username}: ${airdrop.status}`);
  }
  return { userId: reg.body.user.id, wallet, cookie, email };
}

/** A 1280 x 900 browser context signed in with a session cookie from the API (`name=value`). */
export async function contextSignedIn(
  browser: Browser,
  baseUrl: string,
  cookie: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const eq = cookie.indexOf("=");
  await context.addCookies([
    { name: cookie.slice(0, eq), value: cookie.slice(eq + 1), url: baseUrl, httpOnly: true },
  ]);
  return context;
}

/** Launches a token for `creator` through the API (by default with a market, 80% of a
 * 1,000,000 supply on the curve); returns its mint. */
export async function launchToken(
  baseUrl: string,
  creator: { userId: string; wallet: string; cookie: string },
  token: { name: string; symbol: string; description?: string; totalSupply?: string },
  market: { curveShareBps: number; creatorBuyLamports?: string } | null = { curveShareBps: 8_000 },
): Promise<string> {
  const created = await postJson<{ mintAddress: string }>(
    baseUrl,
    "/api/tokens/create",
    {
      totalSupply: "1000000",
      ...token,
      userId: creator.userId,
      creatorWallet: creator.wallet,
      ...(market ? { market } : {}),
    },
    creator.cookie,
  );
  if (created.status !== 201)
    throw new Error(`launch ${token.symbol}: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.mintAddress;
}
