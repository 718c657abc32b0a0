import { Link } from "wouter";

export function LegalNote() {
  return (
    <p className="text-center text-xs text-muted-foreground">
      By continuing, you agree to our{" "}
      <Link href="/terms" className="text-link underline underline-offset-4 hover:decoration-2">
        Terms of Service
      </Link>{" "}
      and{" "}
      <Link href="/privacy" className="text-link underline underline-offset-4 hover:decoration-2">
        Privacy Policy
      </Link>
      .
    </p>
  );
}
