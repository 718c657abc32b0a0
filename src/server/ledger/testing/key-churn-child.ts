import { generateSigner, publicKeyFromSeed, signerFromSeed } from "../keys";

// Child process for the key deadlock test: makes and uses keys as a launch server does, with
// garbage piling up so that collections run in the middle of key work. Run it with a tiny
// young generation (--max-semi-space-size=1) to make a collection at any moment likely.
// Prints "done" when every round finished; a deadlock leaves it hanging.

const rounds = Number(process.argv[2] ?? 20_000);
const message = new TextEncoder().encode("a launch transaction message");
const seed = new Uint8Array(32).fill(7);
let garbage: unknown[] = [];
for (let i = 0; i < rounds; i++) {
  const signer = generateSigner();
  await signer.signMessages([{ content: message, signatures: {} }]);
  if (i % 100 === 0) garbage.push(signerFromSeed(seed).address, publicKeyFromSeed(seed));
  garbage.push({ i, address: signer.address, filler: new Array(16).fill(i) });
  if (garbage.length > 2_000) garbage = [];
}
process.stdout.write("done\n");
