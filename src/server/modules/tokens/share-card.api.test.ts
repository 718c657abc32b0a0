import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpWithWallet } from "../../../../tests/support/people";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app";

// The public token page carries its share card: Open Graph and Twitter tags in the HTML the
// server sends (link previews run no script). Token names are user content: a name with
// quotes and angle brackets must stay text inside the attribute, never become markup.

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>CreatorCoin: launch your creator token</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const PUBLIC_URL = "https://creators.example";
let t: TestApp;
let clientRoot: string;

beforeAll(async () => {
  clientRoot = mkdtempSync(path.join(os.tmpdir(), "launchpad-share-"));
  writeFileSync(path.join(clientRoot, "index.html"), INDEX);
  t = await startTestApp({ PUBLIC_URL }, { clientRoot });
});
afterAll(async () => {
  await t?.close();
  rmSync(clientRoot, { recursive: true, force: true });
});

async function launch(username: string, fields: Record<string, string>) {
  const who = await signUpWithWallet(t.url, username);
  await who.c.post("/api/wallet/airdrop", { address: who.wallet, amount: 2 });
  const res = await who.c.post<{ mintAddress: string }>("/api/tokens/create", {
    totalSupply: "1000000",
    userId: who.userId,
    creatorWallet: who.wallet,
    ...fields,
  });
  expect(res.status).toBe(201);
  return res.body.mintAddress;
}

/** The page's meta tags as the HTML parser of a link preview reads them. */
function metaTags(html: string): Map<string, string> {
  const decode = (v: string) =>
    v
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  const tags = new Map<string, string>();
  for (const m of html.matchAll(/<meta\s+(?:property|name)="([^"]+)"\s+content="([^"]*)"\s*\/>/g)) {
    tags.set(m[1] as string, decode(m[2] as string));
  }
  return tags;
}

describe("GET /token/:mint share card", () => {
  it("puts escaped Open Graph and Twitter tags in the page, the name with its quotes and brackets kept as text", async () => {
    const name = `Tom & "Jerry" <b>Show</b>`;
    const mint = await launch("share_tom", {
      name,
      symbol: "TOMJ",
      tagline: `Cats <script>alert("x")</script> & mice`,
    });
    const res = await fetch(`${t.url}/token/${mint}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();

    // Nothing the creator wrote became markup.
    expect(html).not.toContain("<b>");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain('"Jerry"');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(
      "<title>Tom &amp; &quot;Jerry&quot; &lt;b&gt;Show&lt;/b&gt; ($TOMJ) · CreatorCoin</title>",
    );

    const tags = metaTags(html);
    expect(tags.get("og:title")).toBe(`${name} ($TOMJ)`);
    expect(tags.get("og:description")).toBe(`Cats <script>alert("x")</script> & mice`);
    expect(tags.get("og:image")).toBe(`${PUBLIC_URL}/api/tokens/${mint}/image.svg`);
    expect(tags.get("og:url")).toBe(`${PUBLIC_URL}/token/${mint}`);
    expect(tags.get("og:type")).toBe("website");
    expect(tags.get("twitter:card")).toBe("summary");
    expect(tags.get("twitter:title")).toBe(`${name} ($TOMJ)`);
    expect(tags.get("twitter:image")).toBe(tags.get("og:image"));
    // All in the head, and the rest of index.html as it was.
    expect(html.indexOf('property="og:title"')).toBeLessThan(html.indexOf("</head>"));
    expect(html).toContain('<div id="root"></div>');
  });

  it("uses the creator's own image, and a plain description without a tagline", async () => {
    const mint = await launch("share_ivy", {
      name: "Ivy Leaves",
      symbol: "IVYL",
      imageUrl: "https://cdn.example/ivy.png?size=512&v=2",
    });
    const tags = metaTags(await (await fetch(`${t.url}/token/${mint}`)).text());
    expect(tags.get("og:image")).toBe("https://cdn.example/ivy.png?size=512&v=2");
    expect(tags.get("og:description")).toBe(
      "$IVYL, a creator token on CreatorCoin. See its price, holders and market.",
    );
  });

  it("serves the plain app for a token page of a mint that is not ours", async () => {
    const res = await fetch(`${t.url}/token/So11111111111111111111111111111111111111112`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(INDEX);
  });
});
