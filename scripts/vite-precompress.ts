import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|woff2?)$/;

/** Writes .br and .gz beside each built text asset, once at build time, so the server sends
 * them as they are (@fastify/static `preCompressed`) instead of compressing per request. */
export function precompress(): Plugin {
  return {
    name: "precompress",
    apply: "build",
    writeBundle(options) {
      const dir = options.dir;
      if (!dir) return;
      for (const file of walk(dir)) {
        if (!COMPRESSIBLE.test(file) || /\.woff2$/.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}
