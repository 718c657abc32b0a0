// `npm run bench:analytics`: only the analytics benchmark (the full `npm run bench` includes it).
import { runAnalyticsBenchmarks } from "./analytics";

await runAnalyticsBenchmarks(Number(process.env.BENCH_SECONDS ?? 10));
