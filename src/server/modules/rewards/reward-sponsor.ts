import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateSeed, publicKeyFromSeed, type Signer, signerFromSeed } from "../../ledger/keys";
import type { Ledger } from "../../ledger/ledger";
import type { Custody } from "../wallets/custody";

// The platform's rewards sponsor (docs/decisions/011-reward-sponsor.md): pays the rent and
// fees of every collection and NFT, so neither creators nor fans need SOL for rewards. Its
// seed is sealed by the wallet custody (like embedded wallets and curve vaults) and kept in a
// 0600 file under DATA_DIR; where the ledger gives test SOL it is topped up, and health says
// when it runs low.

const LAMPORTS_PER_SOL = 1_000_000_000n;
/** Below this the sponsor is topped up (embedded / devnet) and health reports it low. */
export const SPONSOR_LOW_LAMPORTS = 2n * LAMPORTS_PER_SOL;
/** What one top-up asks for (devnet's faucet grants at most a few SOL per request). */
const TOP_UP_LAMPORTS = 5n * LAMPORTS_PER_SOL;
const BINDING = { walletId: "rewards-sponsor", userId: "platform" };

export interface SponsorHealth {
  address: string;
  lamports: string;
  low: boolean;
}

export class RewardSponsor {
  readonly signer: Signer;
  private lastTopUpFailed = false;

  constructor(
    custody: Custody,
    dataDir: string,
    private ledger: Ledger,
    private warn: (message: string) => void,
  ) {
    this.signer = loadSponsor(custody, dataDir);
  }

  get address(): string {
    return this.signer.address;
  }

  /** Tops the sponsor up when it is below `need` (and the low mark): before each mint wave. */
  async ensureFunds(need = 0n): Promise<void> {
    const balance = await this.ledger.getBalance(this.address);
    const floor = need > SPONSOR_LOW_LAMPORTS ? need : SPONSOR_LOW_LAMPORTS;
    if (balance >= floor) return;
    try {
      let got = balance;
      // Devnet grants a few SOL per request: ask as often as the need takes (bounded).
      for (let i = 0; i < 20 && got < floor; i++) {
        await this.ledger.airdrop(
          this.address,
          TOP_UP_LAMPORTS > floor - got ? TOP_UP_LAMPORTS : floor - got,
        );
        got = await this.ledger.getBalance(this.address);
      }
      this.lastTopUpFailed = false;
    } catch {
      if (!this.lastTopUpFailed)
        this.warn("The rewards sponsor is low on SOL and could not be topped up: fund it to mint rewards");
      this.lastTopUpFailed = true;
    }
  }

  async health(): Promise<SponsorHealth> {
    const lamports = await this.ledger.getBalance(this.address).catch(() => 0n);
    return { address: this.address, lamports: lamports.toString(), low: lamports < SPONSOR_LOW_LAMPORTS };
  }
}

function loadSponsor(custody: Custody, dataDir: string): Signer {
  const file = path.join(dataDir, "rewards-sponsor.sealed");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const seed = generateSeed();
    try {
      const sealed = custody.seal(seed, BINDING);
      const text = JSON.stringify({
        encryptedSeed: Buffer.from(sealed.encryptedSeed).toString("base64"),
        wrappedKey: Buffer.from(sealed.wrappedKey).toString("base64"),
        keyId: sealed.keyId,
        keyVersion: sealed.keyVersion,
        address: publicKeyFromSeed(seed),
      });
      writeFileSync(file, text, { mode: 0o600, flag: "wx" });
    } catch (err) {
      // Another process of the same install wrote it first: use theirs.
      if ((err as { code?: string }).code !== "EEXIST") throw err;
    } finally {
      seed.fill(0);
    }
  }
  chmodSync(file, 0o600);
  const stored = JSON.parse(readFileSync(file, "utf8")) as {
    encryptedSeed: string;
    wrappedKey: string;
    keyId: string;
    keyVersion: number;
    address: string;
  };
  const seed = custody.open(
    {
      encryptedSeed: new Uint8Array(Buffer.from(stored.encryptedSeed, "base64")),
      wrappedKey: new Uint8Array(Buffer.from(stored.wrappedKey, "base64")),
      keyId: stored.keyId,
      keyVersion: stored.keyVersion,
    },
    BINDING,
  );
  try {
    const signer = signerFromSeed(seed);
    if (signer.address !== stored.address) throw new Error("rewards sponsor key does not match its address");
    return signer;
  } finally {
    seed.fill(0);
  }
}
