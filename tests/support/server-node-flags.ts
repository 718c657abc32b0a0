import { readFileSync } from "node:fs";

/** The node flags of `npm run serve`, read from package.json (the one place they are written):
 * tests and benchmarks that start the server themselves start it with these, so what they
 * measure is what ships (docs/decisions/020-young-generation.md). */
export function serverNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    scripts: Record<string, string>;
  };
  const serve = pkg.scripts.serve ?? "";
  const match = /^node ((?:--\S+ )*)--import tsx src\/server\/main\.ts$/.exec(serve);
  if (!match)
    throw new Error(`package.json "serve" is not "node [--flag ...] --import tsx src/server/main.ts"`);
  return (match[1] ?? "").split(" ").filter(Boolean);
}
