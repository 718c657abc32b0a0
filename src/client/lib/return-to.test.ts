import { describe, expect, it } from "vitest";
import { afterSignIn, signInHref } from "./return-to";

describe("sign-in return path", () => {
  it("returns to a path on this site", () => {
    const href = signInHref("/token/So11111111111111111111111111111111111111112?tab=trade");
    const next = new URLSearchParams(href.split("?").slice(1).join("?")).get("next");
    expect(afterSignIn(next)).toBe("/token/So11111111111111111111111111111111111111112?tab=trade");
  });

  it("never follows another origin", () => {
    for (const next of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "",
    ])
      expect(afterSignIn(next)).toBe("/dashboard");
    expect(afterSignIn(null)).toBe("/dashboard");
  });
});
