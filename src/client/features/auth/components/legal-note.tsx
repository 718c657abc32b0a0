import { Link } from "wouter";

export function LegalNote() {
  return (
    <p className="text-center text-xs text-muted-foreground">
      By continuing, you agree to our{" "}
      <Link href="/terms" className="text-link underline-offset-4 hover:underline">
        Terms of Service
      </Link>{" "}
      and{" "}
      <Link href="/privacy" className="text-link underline-offset-4 hover:underline">
        Privacy Policy
      </Link>
      .
    </p>
  );
}
