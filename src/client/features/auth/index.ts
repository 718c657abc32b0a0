// Public surface of the auth feature for pages and other features.
export { useLogout } from "./api/logout";
export { AccountMenu } from "./components/account-menu";
export { AppShell } from "./components/app-shell";
export { type Session, setSessionUser, useRefreshSession, useSession } from "./hooks/use-session";
