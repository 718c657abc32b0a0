import { config } from "zod";

// Zod probes `new Function` to JIT its parsers; our CSP (script-src 'self') forbids eval,
// and the probe is reported as a violation. The interpreted parsers are fast enough here.
config({ jitless: true });
