import { describe, expect, it } from "vitest";
import { GenerateIdentitySchema } from "./ai";
import { LoginSchema, RegisterSchema, WalletChallengeSchema } from "./auth";
import { ExploreQuerySchema, LaunchMarketSchema, TOO_LARGE_MESSAGE, TradesQuerySchema } from "./market";
import { CreateRewardSchema, typedWholeNumber } from "./rewards";
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
    [{ totalSupply: "1,000,000" }, "totalSupply", "Type the amount without commas"],
    [{ totalSupply: "1000,000" }, "totalSupply", "Type the amount without commas"],
    [{ totalSupply: "1e6" }, "totalSupply", "Type the whole number (1000000)"],
    [{ totalSupply: "2.5E3" }, "totalSupply", "Type the whole number (2500)"],
    [{ totalSupply: "1e-3" }, "totalSupply", "Whole tokens only (no decimals)"],
    [{ totalSupply: "0e6" }, "totalSupply", "Must be a positive number"],
    [{ totalSupply: "1e30" }, "totalSupply", "Supply too large"],
    [{ totalSupply: "-1,000" }, "totalSupply", "Must be a positive number"],
    [{ totalSupply: "-1e6" }, "totalSupply", "Must be a positive number"],
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
  it("refuses a title over 32 characters in words (counted as a person counts them: an emoji is one)", () => {
    expect(problem("x".repeat(32))).toBeNull();
    expect(problem("x".repeat(33))).toBe("Title must be 32 characters or fewer");
    // 32 emoji are 64 UTF-16 units and 128 bytes: still 32 characters.
    expect(problem("🎧".repeat(32))).toBeNull();
    expect(problem("🎧".repeat(33))).toBe("Title must be 32 characters or fewer");
    expect(problem("字".repeat(33))).toBe("Title must be 32 characters or fewer");
    // Counted after trimming.
    expect(problem(`  ${"x".repeat(32)}  `)).toBeNull();
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
  it("a reward's amounts: negative, with commas, too large, not whole, each in its own words", () => {
    const reward = (over: Record<string, unknown>, condition: Record<string, unknown> = {}) =>
      CreateRewardSchema.safeParse({
        tokenMint: "A".repeat(44),
        title: "Diamond Hands",
        rarity: "epic",
        totalSupply: 10,
        ...over,
        unlockCondition: { type: "holding_duration", value: "1000", days: 30, ...condition },
      });
    const supply = (v: unknown) => firstMessage(reward({ totalSupply: typedWholeNumber(v) }), "totalSupply");
    expect(supply("-5")).toBe("Must be at least 1");
    expect(supply("0")).toBe("Must be at least 1");
    expect(supply("1,000")).toBe("Use digits only, without commas");
    expect(supply("1".repeat(22))).toBe("Must be at most 100,000");
    expect(supply("100001")).toBe("Must be at most 100,000");
    expect(supply("2.5")).toBe("Total supply must be a whole number");
    expect(supply("ten")).toBe("Must be a number");
    expect(supply("")).toBe("Enter the total supply");
    expect(supply(" 100000 ")).toBeUndefined();
    // The API's JSON alike.
    expect(firstMessage(reward({ totalSupply: -5 }), "totalSupply")).toBe("Must be at least 1");
    expect(firstMessage(reward({ totalSupply: 1e21 }), "totalSupply")).toBe("Must be at most 100,000");

    const at = (r: ReturnType<typeof reward>, path: string) =>
      r.error?.issues.find((i) => i.path.join(".") === path)?.message;
    const days = (v: unknown) => at(reward({}, { days: typedWholeNumber(v) }), "unlockCondition.days");
    expect(days("-5")).toBe("Must be at least 1");
    expect(days("1,000")).toBe("Use digits only, without commas");
    expect(days("9".repeat(22))).toBe("Must be at most 3,650");
    expect(days("")).toBe("Enter how many days");
    expect(days("90")).toBeUndefined();

    const value = (v: string, type = "holding_duration") =>
      at(reward({}, { type, value: v }), "unlockCondition.value");
    expect(value("-5")).toBe("Must be more than 0 tokens");
    expect(value("0.000")).toBe("Must be more than 0 tokens");
    expect(value("1,000")).toBe("Use digits only, without commas");
    expect(value("1".repeat(22))).toBe("Must be at most 18,000,000,000");
    expect(value("18000000000.5")).toBe("Must be at most 18,000,000,000");
    expect(value("18000000000")).toBeUndefined();
    expect(value("1.5")).toBeUndefined();
    expect(value("lots")).toBe("Must be a number");
    expect(value("-5", "engagement")).toBe("A percentile from 1 to 100");
    expect(value("101", "engagement")).toBe("A percentile from 1 to 100");
    expect(value("1".repeat(22), "engagement")).toBe("A percentile from 1 to 100");
    expect(value("85", "engagement")).toBeUndefined();
    // Both at once: refused days do not hide what is wrong with the amount.
    const both = reward({}, { value: "1,000", days: "1,000" });
    expect(at(both, "unlockCondition.value")).toBe("Use digits only, without commas");
    expect(at(both, "unlockCondition.days")).toBe("Use digits only, without commas");
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
