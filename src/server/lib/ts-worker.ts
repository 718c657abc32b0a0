import { Worker } from "node:worker_threads";

/** A worker thread running a TypeScript file. The server runs TypeScript through tsx; a worker
 * thread does not inherit its loader on Node 20, so the worker starts with a line of
 * JavaScript that imports the file via tsx (the same under `node --import tsx` and vitest). */
export function spawnTypeScriptWorker(file: URL, workerData: unknown): Worker {
  const tsxApi = import.meta.resolve("tsx/esm/api");
  const href = JSON.stringify(file.href);
  const boot = `import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.tsImport(${href}, ${href}))`;
  return new Worker(boot, { eval: true, workerData });
}
