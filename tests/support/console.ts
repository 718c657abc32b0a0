// What tests/setup/console.ts records: every console.error since the last check, and the
// ones the running test said it expects. Kept on globalThis so the setup file and a test
// importing this module share it whatever module instance each gets.

interface ConsoleErrorLog {
  calls: string[];
  expected: Array<{ pattern: RegExp; seen: boolean }>;
}

const KEY = Symbol.for("launchpad.test.consoleErrors");
export function consoleErrorLog(): ConsoleErrorLog {
  const g = globalThis as { [KEY]?: ConsoleErrorLog };
  g[KEY] ??= { calls: [], expected: [] };
  return g[KEY];
}

/** Lets the running test log a console.error matching `pattern` (the error it provokes on
 * purpose) and requires it to: the test fails if none came. */
export function expectConsoleError(pattern: RegExp): void {
  consoleErrorLog().expected.push({ pattern, seen: false });
}

/** The problems since the last check (an error nobody expected, an expected one that never
 * came), and a clean slate for the next test. */
export function takeConsoleErrorProblems(): string[] {
  const log = consoleErrorLog();
  const problems: string[] = [];
  for (const text of log.calls) {
    const match = log.expected.find((e) => e.pattern.test(text));
    if (match) match.seen = true;
    else problems.push(`unexpected console.error: ${text}`);
  }
  for (const e of log.expected)
    if (!e.seen) problems.push(`expected a console.error matching ${e.pattern}, none came`);
  log.calls = [];
  log.expected = [];
  return problems;
}
