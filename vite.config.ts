import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./scripts/vite-precompress.ts";

const apiPort = Number(process.env.API_PORT ?? 5001);

export default defineConfig({
  root: "src/client",
  publicDir: "public",
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: {
      "@shared": fileURLToPath(new URL("./src/shared", import.meta.url)),
      "@": fileURLToPath(new URL("./src/client", import.meta.url)),
      // recharts' peer dependency, not installed: its one import, on React (src/client/lib/react-is.ts).
      "react-is": fileURLToPath(new URL("./src/client/lib/react-is.ts", import.meta.url)),
    },
  },
  build: { outDir: "../../dist/client", emptyOutDir: true, target: "es2022" },
  server: {
    port: Number(process.env.PORT ?? 5000),
    proxy: {
      "/api": `http://127.0.0.1:${apiPort}`,
      "/rpc": `http://127.0.0.1:${apiPort}`,
    },
  },
});
