// `npm run dev`: the API server (restarting on change) on API_PORT and Vite with HMR on PORT,
// proxying /api and /rpc to the server (vite.config.ts).
import { spawn } from "node:child_process";

const apiPort = process.env.API_PORT ?? "5001";
const env = { ...process.env, API_PORT: apiPort };

const server = spawn(
  process.execPath,
  ["--watch-path=src/server", "--watch-path=src/shared", "--import", "tsx", "src/server/main.ts"],
  {
    stdio: "inherit",
    env: { ...env, PORT: apiPort, NODE_ENV: "development" },
  },
);
const vite = spawn("npx", ["vite"], { stdio: "inherit", env });

const stop = () => {
  server.kill("SIGTERM");
  vite.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => code && code !== 0 && console.error(`server exited with ${code}`));
vite.on("exit", () => stop());
