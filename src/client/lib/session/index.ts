// The session layer every feature and the site chrome read: who is signed in, and the calls
// that start or end a session outside the email form (wallet sign-in, sign-out).
export { useLogout } from "./logout";
export { followSessionInOtherTabs, followSessionLoss, setSessionUser, useSession } from "./use-session";
export { requestWalletChallenge } from "./wallet-challenge";
export { loginWithWallet } from "./wallet-login";
