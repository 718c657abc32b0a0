import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The "features on one floor" rule lives in biome.json as one noRestrictedImports override per
// feature folder. This runs the real Biome on probe files laid out like the client, so a new
// feature folder without its override (or a pattern that stops matching) fails here.
const ROOT = join(import.meta.dirname, "../../..");
const FEATURES = readdirSync(join(ROOT, "src/client/features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const DECLARED: Record<string, string[]> = { create: ["tokens", "wallet"] };

let workDir = "";
let flagged = new Set<string>();

function probe(path: string, source: string): void {
  mkdirSync(join(workDir, path, ".."), { recursive: true });
  writeFileSync(join(workDir, path), `${source}\nexport const probe = 1;\n`);
}

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), "one-floor-"));
  const config = JSON.parse(readFileSync(join(ROOT, "biome.json"), "utf8")) as Record<string, unknown>;
  delete config.$schema;
  writeFileSync(join(workDir, "biome.json"), JSON.stringify(config));
  for (const feature of FEATURES) {
    const other = FEATURES.find((f) => f !== feature && !DECLARED[feature]?.includes(f));
    const base = `src/client/features/${feature}`;
    probe(`${base}/components/cross.ts`, `import "@/features/${other}/api/x";`);
    probe(`${base}/hooks/climb.ts`, `import "../../${other}/api/x";`);
    probe(`${base}/hooks/page.ts`, `import "@/pages/landing";`);
    const allowed = [feature, ...(DECLARED[feature] ?? [])].map((f) => `import "@/features/${f}/api/x";`);
    probe(`${base}/hooks/ok.ts`, [...allowed, `import "@/lib/api";`, `import "../api/x";`].join("\n"));
  }
  probe("src/client/lib/session/cross.ts", `import "@/features/${FEATURES[0]}";`);
  probe("src/client/components/layout/cross.ts", `import "@/features/${FEATURES[0]}/api/x";`);
  const biome = join(ROOT, "node_modules/.bin/biome");
  const run = spawnSync(biome, ["lint", "--only=style/noRestrictedImports", "--max-diagnostics=none", "."], {
    cwd: workDir,
    encoding: "utf8",
  });
  const output = `${run.stdout}${run.stderr}`;
  flagged = new Set(
    [...output.matchAll(/^(\S+\.ts):\d+:\d+ lint\/style\/noRestrictedImports/gm)].map((m) => m[1] ?? ""),
  );
});

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe("client features on one floor (biome noRestrictedImports)", () => {
  it("finds the feature folders", () => {
    expect(FEATURES).toContain("create");
    expect(FEATURES.length).toBeGreaterThan(3);
  });

  it.each(FEATURES)("features/%s may not import another feature, climb out, or import a page", (feature) => {
    const base = `src/client/features/${feature}`;
    expect(flagged).toContain(`${base}/components/cross.ts`);
    expect(flagged).toContain(`${base}/hooks/climb.ts`);
    expect(flagged).toContain(`${base}/hooks/page.ts`);
  });

  it.each(FEATURES)("features/%s may import itself, lib/ and its declared features", (feature) => {
    expect(flagged).not.toContain(`src/client/features/${feature}/hooks/ok.ts`);
  });

  it("keeps lib/ and components/ below every feature", () => {
    expect(flagged).toContain("src/client/lib/session/cross.ts");
    expect(flagged).toContain("src/client/components/layout/cross.ts");
  });
});
