import type { User } from "@shared/schemas/auth";
import { shortAddress } from "@shared/short-address";
import { LogOut } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { useSignInHere } from "@/lib/return-to";
import { useLogout, useSession } from "@/lib/session";

/** An account with no email and no browser wallet: only its wallet's secret key, imported into
 * a wallet app, signs it in again. */
function onlyWayBackIsTheSecretKey(user: User): boolean {
  return user.email === null && user.wallets.length > 0 && user.wallets.every((w) => w.kind === "embedded");
}

/** How the header names an account: wallet-only accounts by their first wallet's address. */
function accountName(user: User): string {
  const firstWallet = user.wallets[0]?.publicKey;
  return user.username ?? user.email ?? (firstWallet ? shortAddress(firstWallet) : "Account");
}

/** Who is signed in, for the phone's menu (the bar has room only for Sign out there);
 * nothing when nobody is. */
export function SignedInAs({ className }: { className?: string }) {
  const { user } = useSession();
  if (!user) return null;
  return (
    <p className={className} data-testid="menu-account-name">
      Signed in as <span className="font-medium text-foreground">{accountName(user)}</span>
    </p>
  );
}

/** Who is signed in, and the way out. Wallet-only accounts are named by their address. */
export function AccountMenu() {
  const signInHere = useSignInHere();
  const { user, isLoading } = useSession();
  const logout = useLogout();
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  if (isLoading) return null;
  if (!user) {
    return (
      <Button asChild size="sm" variant="outline">
        <Link href={signInHere}>Sign in</Link>
      </Button>
    );
  }
  const firstWallet = user.wallets[0]?.publicKey;
  const name = accountName(user);
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: "Signed out" });
        navigate("/");
      },
    });
  return (
    <div className="flex items-center gap-2">
      <span
        className="hidden max-w-40 truncate text-sm text-muted-foreground sm:inline"
        data-testid="account-name"
      >
        {name}
      </span>
      <Button
        type="button"
        size="sm"
        variant="ghost"
        disabled={logout.isPending}
        onClick={() => (onlyWayBackIsTheSecretKey(user) ? setConfirming(true) : signOut())}
      >
        <LogOut aria-hidden="true" />
        {/* The icon alone on phones: the bar also holds Explore and Dashboard there. */}
        <span className="max-sm:sr-only">Sign out</span>
      </Button>
      <Dialog open={confirming} onOpenChange={(open) => !logout.isPending && setConfirming(open)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Sign out of a wallet-only account?</DialogTitle>
            <DialogDescription>
              This account has no email or password. To sign in again you need the secret key of
              {user.wallets.length === 1 ? " your wallet " : " one of your wallets, such as "}
              <code className="font-mono">{shortAddress(firstWallet ?? "")}</code>, imported into a Solana
              wallet app. Without it, this account and its tokens cannot be reached again.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={logout.isPending}>
              Stay signed in
            </Button>
            <Button variant="destructive" onClick={signOut} disabled={logout.isPending}>
              I saved my secret key, sign out
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
