import { Client } from "./http";
import type { testWallet } from "./keys";

/** A person signed up by email with an embedded wallet (not yet funded: tests fund it as
 * their case needs, through the faucet route or the ledger). */
export async function signUpWithWallet(baseUrl: string, username: string) {
  const c = new Client(baseUrl);
  const reg = await c.post<{ user: { id: string } }>("/api/register", {
    username,
    email: `${username}@example.com`,
    password: "secret1",
  });
  const gen = await c.post<{ wallet: { publicKey: string } }>("/api/wallet/generate");
  return { c, userId: reg.body.user.id, wallet: gen.body.wallet.publicKey };
}

/** A person signed in with an external wallet: the challenge signed as a browser wallet would. */
export async function signInWithWallet(baseUrl: string, w: Awaited<ReturnType<typeof testWallet>>) {
  const c = new Client(baseUrl);
  const { message } = (
    await c.post<{ message: string }>("/api/auth/wallet/challenge", { walletAddress: w.address })
  ).body;
  const login = await c.post<{ user: { id: string } }>("/api/auth/wallet", {
    walletAddress: w.address,
    message,
    signature: w.signMessage(message),
  });
  return { c, userId: login.body.user.id };
}
