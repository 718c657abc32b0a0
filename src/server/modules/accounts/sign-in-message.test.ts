import { describe, expect, it } from "vitest";
import { formatSignInMessage, newNonce, nonceOf } from "./sign-in-message";

describe("sign-in message", () => {
  const base = {
    domain: "launchpad.example",
    address: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
    uri: "https://launchpad.example",
    nonce: newNonce(),
    issuedAt: new Date("2026-11-21T10:00:00Z"),
    expiresAt: new Date("2026-11-21T10:10:00Z"),
  };

  it("names the domain, the address, the nonce, issued-at and expiry", () => {
    const text = formatSignInMessage(base);
    expect(text.split("\n")[0]).toBe("launchpad.example wants you to sign in with your Solana account:");
    expect(text.split("\n")[1]).toBe(base.address);
    expect(text).toContain(`Nonce: ${base.nonce}`);
    expect(text).toContain("Issued At: 2026-11-21T10:00:00.000Z");
    expect(text).toContain("Expiration Time: 2026-11-21T10:10:00.000Z");
  });

  it("nonces carry 128 bits and do not repeat", () => {
    const nonces = new Set(Array.from({ length: 1000 }, newNonce));
    expect(nonces.size).toBe(1000);
    expect(newNonce()).toMatch(/^[0-9a-f]{32}$/);
  });

  it("finds the nonce only in messages shaped like ours", () => {
    expect(nonceOf(formatSignInMessage(base))).toBe(base.nonce);
    expect(nonceOf("hello")).toBeNull();
    expect(nonceOf("Nonce: xyz")).toBeNull();
  });
});
