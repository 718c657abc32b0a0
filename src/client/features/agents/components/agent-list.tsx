import type { Agent } from "@shared/schemas/agents";
import { Bot } from "lucide-react";
import { Link } from "wouter";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useSignInHere } from "@/lib/return-to";
import { AgentCard } from "./agent-card";

export function AgentList(props: {
  agents: Agent[] | undefined;
  isLoading: boolean;
  signedIn: boolean;
  selectedId: string | null;
  onSelect(agent: Agent): void;
}) {
  const { agents, isLoading, signedIn, selectedId, onSelect } = props;
  const signInHere = useSignInHere();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Available Agents</CardTitle>
        <CardDescription>
          {signedIn ? (
            "Unlocked by the tokens your wallets hold, checked on chain."
          ) : (
            <>
              <Link href={signInHere} className="text-link underline underline-offset-4">
                Sign in
              </Link>{" "}
              to unlock agents with your token holdings.
            </>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3" aria-busy={isLoading}>
        {isLoading ? [0, 1, 2].map((i) => <Skeleton key={i} className="h-36 rounded-xl" />) : null}
        {!isLoading && agents?.length === 0 ? (
          <EmptyState
            icon={<Bot />}
            title="No agents yet"
            description="Creators add agents for their token holders here."
          />
        ) : null}
        {agents?.map((agent) => (
          <AgentCard
            key={agent.id}
            agent={agent}
            selected={agent.id === selectedId}
            onSelect={() => onSelect(agent)}
          />
        ))}
      </CardContent>
    </Card>
  );
}
