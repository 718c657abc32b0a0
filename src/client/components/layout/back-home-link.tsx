import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";

/** The "Back to home" link at the top of the static pages. */
export function BackHomeLink() {
  return (
    <Link
      href="/"
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-link hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to home
    </Link>
  );
}
