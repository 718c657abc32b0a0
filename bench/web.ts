// `npm run bench:web`: the public face's figures. Builds the client, starts the production
// server, runs Lighthouse (Debian's Chromium, headless) on the key pages and reports the
// landing's initial JavaScript. Goals (issue 3): performance >= 95, accessibility 100,
// best practices 100, SEO >= 95, LCP < 1.0 s on localhost, landing initial JS <= 150 KB gz.
//
//   BENCH_WEB_PRESET=mobile   Lighthouse's mobile preset (default: desktop)
//   CLIENT_DIST=/tmp/x        build into and serve from that folder (default dist/client)
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { build } from "vite";
import { CHROMIUM_ARGS, startServer } from "../tests/e2e/fixtures";

const PAGES = ["/", "/vision", "/create", "/gemini-cli-guide"] as const;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const GOALS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 95,
};
const LCP_GOAL_MS = 1000;
const JS_GOAL_KB = 150;

const outDir = path.resolve(process.env.CLIENT_DIST ?? "dist/client");
const preset = process.env.BENCH_WEB_PRESET === "mobile" ? "mobile" : "desktop";
const ok = (pass: boolean) => (pass ? "ok" : "MISSED");

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The JS a visit to / downloads before the page can render: the entry chunk, the landing
 * route chunk, and everything they import statically (dynamic imports such as the demo
 * dialog are excluded: they load on demand). */
function landingInitialJs(manifest: Manifest): { files: string[]; gzipBytes: number; rawBytes: number } {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error("no entry in the Vite manifest");
  visit(entry);
  visit("pages/landing.tsx");
  const files = [...seen].map((k) => manifest[k]?.file ?? "").filter((f) => f.endsWith(".js"));
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const f of files) {
    const buf = readFileSync(path.join(outDir, f));
    rawBytes += buf.length;
    gzipBytes += gzipSync(buf, { level: 9 }).length;
  }
  return { files, gzipBytes, rawBytes };
}

async function main() {
  console.log(`Building the client into ${outDir} …`);
  await build({
    configFile: path.resolve("vite.config.ts"),
    logLevel: "warn",
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  const manifest = JSON.parse(readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;
  const js = landingInitialJs(manifest);

  const server = await startServer({ CLIENT_DIST: outDir, LOG_LEVEL: "warn" });
  const chrome = await chromeLauncher.launch({
    chromePath: "/usr/bin/chromium",
    chromeFlags: [...CHROMIUM_ARGS, "--headless=new"],
  });
  let allMet = true;
  try {
    console.log(`\nLighthouse ${preset} preset, ${server.url}\n`);
    console.log("page               perf  a11y  best   seo   LCP (ms)  TBT (ms)  CLS");
    for (const page of PAGES) {
      // One warm-up visit so the figures measure the page, not the server's first read.
      await fetch(`${server.url}${page}`);
      const result = await lighthouse(
        `${server.url}${page}`,
        { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] },
        preset === "desktop" ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`no Lighthouse result for ${page}`);
      const { lhr } = result;
      const score = (c: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
      const lcp = lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN;
      const tbt = lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN;
      const cls = lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN;
      const scores = CATEGORIES.map(score);
      const met = CATEGORIES.every((c, i) => (scores[i] ?? 0) >= GOALS[c]) && lcp < LCP_GOAL_MS;
      allMet &&= met;
      console.log(
        `${page.padEnd(18)} ${scores.map((s) => String(s).padStart(4)).join("  ")}   ${String(Math.round(lcp)).padStart(7)}  ${String(Math.round(tbt)).padStart(8)}  ${cls.toFixed(3)}  ${ok(met)}`,
      );
      // Say why a category missed its goal: the failing audits, by weight.
      for (const c of CATEGORIES) {
        const cat = lhr.categories[c];
        if (!cat || score(c) >= GOALS[c]) continue;
        const failing = cat.auditRefs
          .filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 0.9)
          .map((r) => `${r.id} (${lhr.audits[r.id]?.displayValue ?? lhr.audits[r.id]?.score})`);
        console.log(`    ${c}: ${failing.join(", ") || "n/a"}`);
      }
    }
  } finally {
    await chrome.kill();
    await server.stop();
  }

  const kb = js.gzipBytes / 1024;
  allMet &&= kb <= JS_GOAL_KB;
  console.log(
    `\nlanding initial JS: ${kb.toFixed(1)} KB gzipped (${(js.rawBytes / 1024).toFixed(0)} KB raw, ${js.files.length} files)` +
      `   goal <= ${JS_GOAL_KB} KB: ${ok(kb <= JS_GOAL_KB)}`,
  );
  for (const f of js.files) console.log(`  ${f}`);
  console.log(
    `\nGoals: perf >= 95, a11y 100, best practices 100, SEO >= 95, LCP < 1.0 s: ${allMet ? "all met" : "see MISSED above"}`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
