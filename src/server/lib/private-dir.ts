import fs from "node:fs";
import path from "node:path";

// DATA_DIR holds the database (argon2 hashes, sealed wallet keys), the chain (its faucet
// seed) and the wallet master key: owner only. Only what the server itself puts there is
// touched, so a DATA_DIR pointed at a shared folder does not have its other files changed.
const OWN_ENTRIES = ["pglite", "chain", "wallet-master.key", "treasury.key"];

/** Creates dataDir as 0700, and brings what an earlier start left there (perhaps made under
 * a looser umask, or by a version that did not care) to 0700 directories and 0600 files.
 * Call once at start, with the process umask set to 077 for whatever comes after. */
export function makeDataDirPrivate(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dataDir, 0o700); // mkdir's mode is filtered by the umask; chmod's is not
  for (const name of OWN_ENTRIES) makePrivate(path.join(dataDir, name));
}

/** A file 0600, or a directory 0700 with everything in it likewise. */
export function makePrivate(p: string): void {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(p);
  } catch {
    return; // not created yet
  }
  if (st.isDirectory()) {
    if ((st.mode & 0o777) !== 0o700) fs.chmodSync(p, 0o700);
    for (const name of fs.readdirSync(p)) makePrivate(path.join(p, name));
  } else if (st.isFile() && (st.mode & 0o777) !== 0o600) {
    fs.chmodSync(p, 0o600);
  }
}
