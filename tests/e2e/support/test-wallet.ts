import bs58 from "bs58";
import type { Page } from "playwright-core";

/** An ed25519 key made with WebCrypto in the test; the page gets its PKCS#8 bytes. */
export interface TestWalletKey {
  address: string;
  pkcs8: number[];
}

export async function createTestWalletKey(): Promise<TestWalletKey> {
  // Node's global WebCrypto, the same API the page uses to sign.
  const pair = await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"]);
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  const pkcs8 = new Uint8Array(await crypto.subtle.exportKey("pkcs8", pair.privateKey));
  return { address: bs58.encode(raw), pkcs8: [...pkcs8] };
}

export interface TestWalletLog {
  signedMessages: Array<{ message: string; signature: number[] }>;
  signedTransactions: number;
}

declare global {
  interface Window {
    __testWallet?: TestWalletLog;
  }
}

interface InstallArgs {
  name: string;
  address: string;
  pkcs8: number[];
}

/**
 * Runs in the page before the app: a Wallet Standard wallet (standard:connect, standard:events,
 * solana:signMessage, solana:signTransaction) registered through the window-event protocol, the
 * way browser extensions do it. Self-contained: Playwright serialises this function.
 */
function installTestWallet({ name, address, pkcs8 }: InstallArgs): void {
  const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
  const decode58 = (text: string): Uint8Array => {
    let n = 0n;
    for (const ch of text) n = n * 58n + BigInt(ALPHABET.indexOf(ch));
    const bytes: number[] = [];
    while (n > 0n) {
      bytes.unshift(Number(n & 0xffn));
      n >>= 8n;
    }
    for (const ch of text) {
      if (ch !== "1") break;
      bytes.unshift(0);
    }
    return new Uint8Array(bytes);
  };
  const publicKey = decode58(address);
  const keyPromise = crypto.subtle.importKey("pkcs8", new Uint8Array(pkcs8), { name: "Ed25519" }, false, [
    "sign",
  ]);
  const sign = async (bytes: Uint8Array) =>
    new Uint8Array(
      await crypto.subtle.sign({ name: "Ed25519" }, await keyPromise, bytes as Uint8Array<ArrayBuffer>),
    );
  const log: TestWalletLog = { signedMessages: [], signedTransactions: 0 };
  window.__testWallet = log;

  const chains = ["solana:devnet", "solana:localnet", "solana:embedded"] as const;
  const features = ["solana:signMessage", "solana:signTransaction"] as const;
  const account = { address, publicKey, chains, features, label: name };
  let connected = false;
  const listeners = new Set<(props: { accounts: readonly (typeof account)[] }) => void>();

  // compact-u16 (Solana's shortvec): returns [value, bytesRead].
  const readShortVec = (bytes: Uint8Array, at: number): [number, number] => {
    let value = 0;
    for (let i = 0; i < 3; i++) {
      const b = bytes[at + i] ?? 0;
      value |= (b & 0x7f) << (7 * i);
      if ((b & 0x80) === 0) return [value, i + 1];
    }
    throw new Error("bad shortvec");
  };

  /** Adds this key's signature in its slot of a wire transaction (legacy or v0). */
  const signWireTransaction = async (wire: Uint8Array): Promise<Uint8Array> => {
    const [sigCount, sigLen] = readShortVec(wire, 0);
    const messageStart = sigLen + sigCount * 64;
    const message = wire.slice(messageStart);
    let at = (message[0] ?? 0) & 0x80 ? 1 : 0; // versioned messages start with a prefix byte
    const requiredSigners = message[at] ?? 0;
    at += 3;
    const [keyCount, keyLen] = readShortVec(message, at);
    at += keyLen;
    for (let i = 0; i < Math.min(keyCount, requiredSigners); i++) {
      const key = message.slice(at + i * 32, at + (i + 1) * 32);
      if (key.every((b, j) => b === publicKey[j])) {
        const signed = wire.slice();
        signed.set(await sign(message), sigLen + i * 64);
        log.signedTransactions++;
        return signed;
      }
    }
    throw new Error("This transaction does not ask the test wallet to sign");
  };

  const wallet = {
    version: "1.0.0" as const,
    name,
    icon: "data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxIDEiLz4=" as const,
    chains,
    get accounts() {
      return connected ? [account] : [];
    },
    features: {
      "standard:connect": {
        version: "1.0.0",
        connect: async () => {
          connected = true;
          for (const l of listeners) l({ accounts: [account] });
          return { accounts: [account] };
        },
      },
      "standard:disconnect": {
        version: "1.0.0",
        disconnect: async () => {
          connected = false;
        },
      },
      "standard:events": {
        version: "1.0.0",
        on: (_event: "change", listener: (props: { accounts: readonly (typeof account)[] }) => void) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
      "solana:signMessage": {
        version: "1.0.0",
        signMessage: async (...inputs: Array<{ message: Uint8Array }>) =>
          Promise.all(
            inputs.map(async ({ message }) => {
              const signature = await sign(message);
              log.signedMessages.push({
                message: new TextDecoder().decode(message),
                signature: [...signature],
              });
              return { signedMessage: message, signature, signatureType: "ed25519" as const };
            }),
          ),
      },
      "solana:signTransaction": {
        version: "1.0.0",
        supportedTransactionVersions: ["legacy", 0],
        signTransaction: async (...inputs: Array<{ transaction: Uint8Array }>) =>
          Promise.all(
            inputs.map(async ({ transaction }) => ({
              signedTransaction: await signWireTransaction(transaction),
            })),
          ),
      },
    },
  };

  // Wallet Standard registration protocol: announce now, and answer an app that loads later.
  const callback = ({ register }: { register: (w: typeof wallet) => void }) => register(wallet);
  window.dispatchEvent(new CustomEvent("wallet-standard:register-wallet", { detail: callback }));
  window.addEventListener("wallet-standard:app-ready", (event) => callback((event as CustomEvent).detail));
}

/** Registers the test wallet in every document the page loads. */
export async function addTestWallet(page: Page, key: TestWalletKey, name = "Test Wallet"): Promise<void> {
  const args: InstallArgs = { name, address: key.address, pkcs8: key.pkcs8 };
  // Sent as source text; the `__name` shim covers transpilers that wrap named functions
  // with that helper (tsx/esbuild keepNames), which does not exist in the page.
  await page.addInitScript({
    content: `var __name = (f) => f;\n(${installTestWallet.toString()})(${JSON.stringify(args)});`,
  });
}
