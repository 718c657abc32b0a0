export { shortAddress } from "@shared/short-address";
export { base64ToBytes, bytesToBase64, toBase58 } from "./encoding";
export { transactionSigners } from "./signers";
export {
  canSignTransactions,
  chainFor,
  connectWallet,
  SOLANA_DEVNET_CHAIN,
  type SolanaWallet,
  signMessage,
  signTransaction,
  walletFor,
} from "./standard";
export { useSolanaWallets } from "./use-wallets";
