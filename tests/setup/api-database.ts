import type { TestProject } from "vitest/node";
import { createDatabaseTemplate } from "../support/test-database";

// The api project's globalSetup: migrates one template database for the whole run; every
// test app and repo test starts from a copy of it (tests/support/test-database.ts).
export default async function setup(project: TestProject) {
  const { template, drop } = await createDatabaseTemplate();
  project.provide("databaseTemplate", template);
  return drop;
}
