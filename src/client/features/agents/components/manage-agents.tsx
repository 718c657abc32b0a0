import { groupDigits } from "@shared/amounts";
import type { ManagedAgent } from "@shared/schemas/agents";
import { Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api";
import { useCreateAgent, useMyAgents, useUpdateAgent } from "../api/manage-agents";
import { AgentForm, type TokenChoice } from "./agent-form";

/** For creators: the agents of their own tokens. Create, edit, deactivate or reactivate. */
export function ManageAgents({ tokens }: { tokens: TokenChoice[] }) {
  const mine = useMyAgents(tokens.length > 0);
  const create = useCreateAgent();
  const update = useUpdateAgent();
  const [editing, setEditing] = useState<ManagedAgent | "new" | null>(null);
  // Where focus goes back once the form closes: the button that opened it.
  const opener = useRef<string | null>(null);
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (editing !== null || opener.current === null) return;
    list.current?.querySelector<HTMLElement>(`[data-opens="${opener.current}"]`)?.focus();
    opener.current = null;
  }, [editing]);
  const edit = (what: ManagedAgent | "new") => {
    opener.current = what === "new" ? "new" : what.id;
    setEditing(what);
  };

  if (tokens.length === 0) return null;

  const report = (err: unknown) =>
    toast({
      title: "Agent not saved",
      description: errorMessage(err, "Failed to save agent"),
      variant: "destructive",
    });
  // The form keeps its values and shows the server's field messages when a save fails.
  const fail = (err: unknown): never => {
    report(err);
    throw err;
  };

  return (
    <Card ref={list}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle as="h2">Manage agents</CardTitle>
          <CardDescription>Agents for holders of the tokens you launched.</CardDescription>
        </div>
        {editing === null ? (
          <Button variant="outline" data-opens="new" onClick={() => edit("new")}>
            <Plus aria-hidden="true" />
            New agent
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {editing !== null ? (
          <AgentForm
            key={editing === "new" ? "new" : editing.id}
            tokens={tokens}
            agent={editing === "new" ? null : editing}
            submitting={create.isPending || update.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={async (body) => {
              if (editing === "new") await create.mutateAsync(body).catch(fail);
              else {
                const { tokenMint: _mint, ...patch } = body;
                await update.mutateAsync({ id: editing.id, ...patch }).catch(fail);
              }
              toast({
                title: "Agent saved",
                description: `${body.name} is ${body.isActive ? "live" : "saved, inactive"}.`,
                variant: "success",
              });
              setEditing(null);
            }}
          />
        ) : null}
        {mine.data?.length === 0 && editing === null ? (
          <p className="text-sm text-muted-foreground">No agents yet. Give your holders one to talk to.</p>
        ) : null}
        <ul className="flex flex-col divide-y divide-border">
          {mine.data?.map((agent) => (
            <li key={agent.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium">
                  <span aria-hidden="true">{agent.avatar}</span> {agent.name}{" "}
                  <span className="text-sm text-muted-foreground">
                    · {groupDigits(agent.tokenRequirement)} {agent.tokenSymbol}
                  </span>
                </p>
                {agent.isActive ? (
                  <Badge variant="success">Active</Badge>
                ) : (
                  <Badge variant="outline">Inactive</Badge>
                )}
              </div>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  data-opens={agent.id}
                  aria-label={`Edit ${agent.name}`}
                  onClick={() => edit(agent)}
                >
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`${agent.isActive ? "Deactivate" : "Activate"} ${agent.name}`}
                  disabled={update.isPending}
                  onClick={() =>
                    update.mutate({ id: agent.id, isActive: !agent.isActive }, { onError: report })
                  }
                >
                  {agent.isActive ? "Deactivate" : "Activate"}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
