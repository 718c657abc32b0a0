import { describe, expect, it } from "vitest";
import { expectConsoleError, takeConsoleErrorProblems } from "../support/console";

// The guard in tests/setup/console.ts, checked on itself: each test empties the log itself, so
// the guard's own afterEach sees a clean slate. (The errors still show on stderr.)
describe("the console.error guard", () => {
  it("reports a console.error nobody expected", () => {
    console.error("boom %d", 42);
    expect(takeConsoleErrorProblems()).toEqual(["unexpected console.error: boom 42"]);
  });

  it("lets an expected error through, and only that one", () => {
    expectConsoleError(/socket hang up/);
    console.error("request failed: %s", "socket hang up");
    console.error("something else");
    expect(takeConsoleErrorProblems()).toEqual(["unexpected console.error: something else"]);
  });

  it("fails a test whose expected error never came", () => {
    expectConsoleError(/never/);
    expect(takeConsoleErrorProblems()).toEqual(["expected a console.error matching /never/, none came"]);
  });
});
