// `npm run bench:rewards`: only the NFT rewards wave (the full `npm run bench` includes it).
import { startServer } from "../tests/e2e/fixtures";
import { runRewardBenchmarks } from "./rewards";

const server = await startServer({ RATE_LIMITS: "off", LOG_LEVEL: "warn" });
try {
  await runRewardBenchmarks(server.url);
} finally {
  await server.stop();
}
