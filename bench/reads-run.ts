// `npm run bench:reads`: only the read benchmark (the full `npm run bench` includes it).
import { runReadBenchmarks } from "./reads";

await runReadBenchmarks(Number(process.env.BENCH_SECONDS ?? 10));
