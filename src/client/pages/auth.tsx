import type { User } from "@shared/schemas/auth";
import { useEffect, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { PageShell } from "@/components/layout";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { EmailAuthForm, type EmailMode } from "@/features/auth/components/email-auth-form";
import { LegalNote } from "@/features/auth/components/legal-note";
import { WalletSignIn } from "@/features/wallet/components/wallet-sign-in";
import { afterSignIn } from "@/lib/return-to";
import { useSession } from "@/lib/session";
import { usePageTitle } from "@/lib/use-page-title";

/** /auth: email (login / sign up) or wallet; success returns to `next` (a path on this site)
 * or lands on /dashboard. */
export default function AuthPage() {
  usePageTitle("Sign in");
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const [tab, setTab] = useState(params.get("tab") === "wallet" ? "wallet" : "email");
  const [mode, setMode] = useState<EmailMode>(params.get("mode") === "signup" ? "signup" : "login");
  const { user, isLoading } = useSession();
  // Only people who arrive signed in get the note; signing in here (or generating a wallet,
  // which signs in) must not turn it on mid-flow.
  const [arrivedSignedIn, setArrivedSignedIn] = useState<boolean | null>(null);
  useEffect(() => {
    if (!isLoading) setArrivedSignedIn((known) => known ?? Boolean(user));
  }, [isLoading, user]);
  const done = (_user: User) => navigate(afterSignIn(params.get("next")));

  return (
    <PageShell className="flex items-start justify-center px-4 py-10 sm:py-16">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-xl leading-snug font-semibold tracking-tight">
            {tab === "email" && mode === "signup" ? "Create your account" : "Welcome to your creator economy"}
          </h1>
          <CardDescription>Sign in with email, or with a Solana wallet you already use.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          {user && arrivedSignedIn ? (
            <p className="rounded-lg bg-secondary p-3 text-sm text-secondary-foreground">
              You are already signed in.{" "}
              <Link href="/dashboard" className="font-medium underline underline-offset-4">
                Go to your dashboard
              </Link>{" "}
              or sign in as someone else below.
            </p>
          ) : null}
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="email">Email</TabsTrigger>
              <TabsTrigger value="wallet">Wallet</TabsTrigger>
            </TabsList>
            <TabsContent value="email">
              <EmailAuthForm mode={mode} onModeChange={setMode} onDone={done} />
            </TabsContent>
            <TabsContent value="wallet">
              <WalletSignIn onDone={done} />
            </TabsContent>
          </Tabs>
          <LegalNote />
        </CardContent>
      </Card>
    </PageShell>
  );
}
