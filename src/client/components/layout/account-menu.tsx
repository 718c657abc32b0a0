import { shortAddress } from "@shared/short-address";
import { LogOut } from "lucide-react";
import { Link, useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { useLogout, useSession } from "@/lib/session";

/** Who is signed in, and the way out. Wallet-only accounts are named by their address. */
export function AccountMenu() {
  const { user, isLoading } = useSession();
  const logout = useLogout();
  const [, navigate] = useLocation();
  if (isLoading) return null;
  if (!user) {
    return (
      <Button asChild size="sm" variant="outline">
        <Link href="/auth">Sign in</Link>
      </Button>
    );
  }
  const firstWallet = user.wallets[0]?.publicKey;
  const name = user.username ?? user.email ?? (firstWallet ? shortAddress(firstWallet) : "Account");
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
        onClick={() =>
          logout.mutate(undefined, {
            onSuccess: () => {
              toast({ title: "Signed out" });
              navigate("/");
            },
          })
        }
      >
        <LogOut aria-hidden="true" />
        {/* The icon alone on phones: the bar also holds Explore and Dashboard there. */}
        <span className="max-sm:sr-only">Sign out</span>
      </Button>
    </div>
  );
}
