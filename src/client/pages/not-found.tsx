import { Link } from "wouter";

/** The spec's fallback for unknown routes. */
export default function NotFound() {
  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <div className="max-w-md text-center">
        <h1 className="text-3xl font-bold">404 Page Not Found</h1>
        <p className="mt-3 opacity-80">Did you forget to add the page to the router?</p>
        <Link href="/" className="mt-6 inline-block underline">
          Back to home
        </Link>
      </div>
    </main>
  );
}
