// `node --import tsx tests/setup/migrate.ts '<openDatabase options as JSON>'`: opens (so
// creates and migrates) a database the way the server does, and closes it. The api
// project's globalSetup runs it as a child: vitest's own process can't start the PGlite
// thread, and initdb's ~500 MB of WASM memory leaves with the child.
import { openDatabase } from "../../src/server/db/client";

const database = await openDatabase(JSON.parse(process.argv[2] ?? "{}"));
await database.close();
