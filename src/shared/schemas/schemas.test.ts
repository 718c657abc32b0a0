import { describe, expect, it } from "vitest";
import { GenerateIdentitySchema } from "./ai";
import { LoginSchema, RegisterSchema, WalletChallengeSchema } from "./auth";
import { ExploreQuerySchema, LaunchMarketSchema, TOO_LARGE_MESSAGE, TradesQuerySchema } from "./market";
import { CreateRewardSchema } from "./rewards";
import { CreateTokenSchema, TokenFormSchema, TransferSchema } from "./token";

const firstMessage = (
  r: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } },
  field: string,
) => r.error?.issues.find((i) => i.path[0] === field)?.message;

const valid = {
  name: "Maya Beats",
  symbol: "maya",
  description: "",
  totalSupply: "1000000",
  imageUrl: "",
  website: "",
};

describe("token form (spec section 5)", () => {
  it.each([
    [{ name: "" }, "name", "Token name is required"],
    [{ name: "   " }, "name", "Token name is required"],
    [{ name: undefined }, "name", "Token name is required"],
    [{ name: "x".repeat(51) }, "name", "Name too long"],
    [{ symbol: "" }, "symbol", "Symbol is required"],
    [{ symbol: undefined }, "symbol", "Symbol is required"],
    [{ symbol: "ABCDEFGHIJK" }, "symbol", "Symbol too long"],
    [{ description: "x".repeat(501) }, "description", "Description too long"],
    [{ totalSupply: "" }, "totalSupply", "Supply is required"],
    [{ totalSupply: undefined }, "totalSupply", "Supply is required"],
    [{ totalSupply: "0" }, "totalSupply", "Must be a positive number"],
    [{ totalSupply: "-5" }, "totalSupply", "Must be a positive number"],
    [{ totalSupply: "abc" }, "totalSupply", "Must be a positive number"],
    [{ totalSupply: "1.5" }, "totalSupply", "Whole tokens only (no decimals)"],
    [{ totalSupply: "00" }, "totalSupply", "Must be a positive number"],
    [{ symbol: "ß".repeat(10) }, "symbol", "Symbol too long"],
    [{ symbol: "HGJ\u200BVX" }, "symbol", "Symbols use only the letters A-Z and the digits 0-9"],
    [{ symbol: "\u0397GJVX" }, "symbol", "Symbols use only the letters A-Z and the digits 0-9"],
    [{ symbol: "HGJV\u0425" }, "symbol", "Symbols use only the letters A-Z and the digits 0-9"],
    [{ symbol: "MAYA-1" }, "symbol", "Symbols use only the letters A-Z and the digits 0-9"],
    [{ name: "Maya\u200DBeats" }, "name", "Names cannot contain invisible or text-direction characters"],
    [{ name: "Maya \u202EstaeB" }, "name", "Names cannot contain invisible or text-direction characters"],
    [{ name: "\u0301\u0301" }, "name", "Token name is required"],
    [{ name: "Maya\u0000" }, "name", "Use one line of text without tabs or control characters"],
    [{ name: "Maya\nBeats" }, "name", "Use one line of text without tabs or control characters"],
    [
      { description: "a\u0000b" },
      "description",
      "Remove the control characters (such as NUL) from this text",
    ],
    [
      { description: "\uD800 lone half" },
      "description",
      "Remove the control characters (such as NUL) from this text",
    ],
    [{ imageUrl: "not a url" }, "imageUrl", "Invalid URL"],
    [{ website: "ftp://x" }, "website", "Invalid URL"],
    [{ website: "javascript:alert(1)" }, "website", "Invalid URL"],
    [{ website: "https://user:secret@example.com" }, "website", "Invalid URL"],
  ])("%o -> %s: %s", (patch, field, message) => {
    const r = TokenFormSchema.safeParse({ ...valid, ...patch });
    expect(r.success).toBe(false);
    expect(firstMessage(r, field)).toBe(message);
  });

  it("accepts the boundaries and upper-cases the symbol", () => {
    const r = TokenFormSchema.safeParse({
      ...valid,
      name: "x".repeat(50),
      symbol: "abcdefghij",
      description: "d".repeat(500),
      imageUrl: "https://example.com/a.png",
      website: "",
    });
    expect(r.success).toBe(true);
    expect(r.data?.symbol).toBe("ABCDEFGHIJ");
  });

  it("normalises: NFKC symbol and name, supply without leading zeros, multi-line description", () => {
    const r = TokenFormSchema.safeParse({
      ...valid,
      name: "\uFF2D\uFF41\uFF59\uFF41 \u{1D401}eats",
      symbol: " \uFF48\uFF47\uFF4A ",
      totalSupply: "00018000000000",
      description: "line one\n\tline two",
    });
    expect(r.success).toBe(true);
    expect(r.data?.name).toBe("Maya Beats");
    expect(r.data?.symbol).toBe("HGJ");
    expect(r.data?.totalSupply).toBe("18000000000");
    expect(r.data?.description).toBe("line one\n\tline two");
  });

  it("keeps emoji names (with their colour selector) and letters of any script", () => {
    for (const name of ["Lo-fi \u2764\uFE0F", "Μουσική", "Музыка"])
      expect(TokenFormSchema.safeParse({ ...valid, name }).success).toBe(true);
  });

  it("refuses a supply whose base units overflow u64", () => {
    const r = TokenFormSchema.safeParse({ ...valid, totalSupply: "18000000001" });
    expect(firstMessage(r, "totalSupply")).toBe("Supply too large");
  });

  it("create payload needs the launcher and a wallet address", () => {
    const r = CreateTokenSchema.safeParse({ ...valid, userId: "u", creatorWallet: "short" });
    expect(firstMessage(r, "creatorWallet")).toBe("Invalid wallet address");
  });

  it("transfer amount must be positive", () => {
    expect(firstMessage(TransferSchema.safeParse({ to: "bob", amount: "0" }), "amount")).toBe(
      "Must be a positive number",
    );
    expect(firstMessage(TransferSchema.safeParse({ to: "bob", amount: "1e5" }), "amount")).toBe(
      "Must be a positive number",
    );
    expect(TransferSchema.safeParse({ to: "bob", amount: "0.5" }).success).toBe(true);
  });
});

describe("auth forms (spec section 5)", () => {
  it.each([
    [LoginSchema, { email: "nope", password: "secret1" }, "email", "Invalid email address"],
    [LoginSchema, { password: "secret1" }, "email", "Invalid email address"],
    [
      LoginSchema,
      { email: "a@b.co", password: "12345" },
      "password",
      "Password must be at least 6 characters",
    ],
    [
      RegisterSchema,
      { username: "ab", email: "a@b.co", password: "secret1" },
      "username",
      "Username must be at least 3 characters",
    ],
    [
      RegisterSchema,
      { email: "a@b.co", password: "secret1" },
      "username",
      "Username must be at least 3 characters",
    ],
    [RegisterSchema, { username: "abc", email: "x", password: "secret1" }, "email", "Invalid email address"],
    [WalletChallengeSchema, { walletAddress: "x".repeat(31) }, "walletAddress", "Invalid wallet address"],
    [WalletChallengeSchema, { walletAddress: "0".repeat(40) }, "walletAddress", "Invalid wallet address"],
  ] as const)("%#: %s -> %s", (schema, input, field, message) => {
    const r = schema.safeParse(input);
    expect(r.success).toBe(false);
    expect(firstMessage(r, field)).toBe(message);
  });

  it("normalises email case and accepts valid input", () => {
    const r = RegisterSchema.safeParse({
      username: "maya",
      email: " Maya@Example.COM ",
      password: "secret1",
    });
    expect(r.data?.email).toBe("maya@example.com");
  });
});

describe("reward title (it becomes the NFTs' on-chain name)", () => {
  const reward = (title: string) =>
    CreateRewardSchema.safeParse({
      tokenMint: "A".repeat(44),
      title,
      rarity: "common",
      totalSupply: 1,
      unlockCondition: { type: "holding_amount", value: "1" },
    });
  const problem = (title: string) => {
    const r = reward(title);
    return r.success ? null : r.error.issues.find((i) => i.path[0] === "title")?.message;
  };
  it("refuses invisible and text-direction characters, and a title of nothing visible", () => {
    expect(problem("abc\u202Eevil")).toBe("Titles cannot contain invisible or text-direction characters");
    expect(problem("\u2067x\u2069")).toBe("Titles cannot contain invisible or text-direction characters");
    expect(problem("\u200B\u200B")).toBe("Titles cannot contain invisible or text-direction characters");
    expect(problem("\u0301")).toBe("Title is required");
    expect(problem("\u2800\u2800")).toBe("Titles cannot contain invisible or text-direction characters");
    // A joiner between letters is invisible; between emoji it draws one emoji.
    expect(problem("a\u200Db")).toBe("Titles cannot contain invisible or text-direction characters");
    expect(problem("🎧\u200D")).toBe("Titles cannot contain invisible or text-direction characters");
  });
  it("keeps titles in any script, with emoji", () => {
    expect(problem("Family 👨\u200D👩\u200D👧")).toBeNull();
    expect(problem("Medic 🧑🏽\u200D⚕️")).toBeNull();
    expect(problem("Home 🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}")).toBeNull();
    expect(problem("Early Listener 🎧")).toBeNull();
    expect(problem("مستمع مبكر")).toBeNull();
  });
});

describe("whole numbers are asked for in words, not zod's", () => {
  it("days held", () => {
    const r = CreateRewardSchema.safeParse({
      tokenMint: "A".repeat(44),
      title: "Diamond Hands",
      rarity: "epic",
      totalSupply: 10,
      unlockCondition: { type: "holding_duration", value: "1000", days: 1.5 },
    });
    expect(r.error?.issues.find((i) => i.path.join(".") === "unlockCondition.days")?.message).toBe(
      "Whole days only",
    );
  });
  it("a draft's attempt, a page's limit", () => {
    const draft = GenerateIdentitySchema.safeParse({
      userInput: "I make lo-fi loops for study streams",
      attempt: 1.5,
    });
    expect(firstMessage(draft, "attempt")).toBe("attempt must be a whole number");
    expect(firstMessage(TradesQuerySchema.safeParse({ limit: "2.5" }), "limit")).toBe(
      "limit must be a whole number",
    );
    expect(firstMessage(ExploreQuerySchema.safeParse({ limit: "2.5" }), "limit")).toBe(
      "limit must be a whole number",
    );
  });
});

describe("a launch's market (POST /api/tokens/create `market`)", () => {
  it("refuses a creator buy past a u64 as too large, not as unaffordable", () => {
    const r = LaunchMarketSchema.safeParse({
      curveShareBps: 8000,
      creatorBuyLamports: "99999999999999999999",
    });
    expect(r.success ? null : r.error.issues[0]?.message).toBe(TOO_LARGE_MESSAGE);
    expect(
      LaunchMarketSchema.safeParse({ curveShareBps: 8000, creatorBuyLamports: "18446744073709551615" })
        .success,
    ).toBe(true);
  });
});
