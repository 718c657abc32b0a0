import { LogIn } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { useSignInHere } from "@/lib/return-to";

/** My Collection and Create Reward for a signed-out visitor. */
export function SignInNeeded({ what }: { what: string }) {
  const signInHere = useSignInHere();
  return (
    <EmptyState
      headingLevel="h2"
      icon={<LogIn />}
      title="Sign in to continue"
      description={`Sign in to ${what}.`}
      action={
        <Button asChild variant="primary">
          <Link href={signInHere}>Sign in</Link>
        </Button>
      }
    />
  );
}
