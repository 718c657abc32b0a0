import { format } from "node:util";
import { afterAll, afterEach } from "vitest";
import { consoleErrorLog, takeConsoleErrorProblems } from "../support/console";

// A console.error fails the test it happened in (or the file, when a hook printed it): an
// error nobody looks at is a bug nobody fixes. A test that provokes one on purpose says so
// with expectConsoleError(/pattern/) from tests/support/console.ts.

const original = console.error.bind(console);
console.error = (...args: unknown[]) => {
  consoleErrorLog().calls.push(format(...args));
  original(...args);
};

const check = () => {
  const problems = takeConsoleErrorProblems();
  if (problems.length) throw new Error(problems.join("\n"));
};
afterEach(check);
afterAll(check);
