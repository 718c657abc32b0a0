import { createMint, getMint, TOKEN_2022_PROGRAM_ID } from "@solana/spl-token";
import { Connection, Keypair, LAMPORTS_PER_SOL } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type ServerProcess, spawnServer } from "../../../../tests/support/server-process";

// A Solana developer's default code, unchanged: web3.js given only the HTTP endpoint looks
// for PubSub on its port + 1 (the solana-test-validator convention), so the server started
// as `npm start` runs it serves PubSub there too, and createMint confirms.

let server: ServerProcess;

beforeAll(async () => {
  // PubSub left at its default: PORT + 1.
  server = await spawnServer({ port: await freePort({ pair: true }) });
});
afterAll(async () => {
  await server?.stop();
});

describe("Solana PubSub on PORT + 1", () => {
  it("web3.js with a bare HTTP Connection creates a Token-2022 mint and confirms it", async () => {
    const connection = new Connection(`${server.url}/rpc`, "confirmed");
    const payer = Keypair.generate();
    await connection.requestAirdrop(payer.publicKey, 2 * LAMPORTS_PER_SOL);
    const mint = await createMint(
      connection,
      payer,
      payer.publicKey,
      null,
      6,
      Keypair.generate(),
      { commitment: "confirmed" },
      TOKEN_2022_PROGRAM_ID,
    );
    const info = await getMint(connection, mint, "confirmed", TOKEN_2022_PROGRAM_ID);
    expect(info.decimals).toBe(6);
    expect(info.mintAuthority?.toBase58()).toBe(payer.publicKey.toBase58());
  });

  it("answers plain HTTP on the PubSub port with 426, pointing at the main port", async () => {
    const res = await fetch(`http://127.0.0.1:${server.port + 1}/rpc`);
    expect(res.status).toBe(426);
    expect(await res.text()).toMatch(/main port at \/rpc/);
  });
});
