import { formatAmount, groupDigits, parseAmount } from "@shared/amounts";
import { TOKEN_DECIMALS } from "@shared/constants";
import { formatTokenText } from "@shared/market/format";
import { type AirdropResult, MAX_POST_LENGTH, type TopMember } from "@shared/schemas/analytics";
import { Megaphone } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { ApiError, errorMessage, ServerUnreachableError } from "@/lib/api";
import { useAttemptKey } from "@/lib/use-attempt-key";
import { useSingleFlight } from "@/lib/use-single-flight";
import { useAirdrop } from "../api/airdrop";
import { useOwnHolding } from "../api/get-holding";
import { useCreatePost } from "../api/posts";
import { checkSendAmount, sendResultToast } from "../hooks/send-tokens";

const name = (m: TopMember) => m.username ?? `${m.address.slice(0, 4)}…${m.address.slice(-4)}`;

function SendTokens({ mint, symbol, members }: { mint: string; symbol: string; members: TopMember[] }) {
  const others = members.filter((m) => !m.isCreator);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [amount, setAmount] = useState("");
  const [results, setResults] = useState<AirdropResult["results"] | null>(null);
  const airdrop = useAirdrop(mint);
  const attempt = useAttemptKey();
  const holding = useOwnHolding(mint);
  const decimals = holding.data?.decimals ?? TOKEN_DECIMALS;
  // Unknown until the holdings answer (the server checks meanwhile); none held is zero.
  const heldUnits =
    holding.data === undefined ? null : (parseAmount(holding.data?.balance ?? "0", decimals) ?? null);
  const check = checkSendAmount(amount, { decimals, symbol }, chosen.size, heldUnits);
  const valid = chosen.size > 0 && check.ok;

  const send = () => {
    if (!check.ok) return;
    // The plain form the server reads (".5" is sent as 0.5).
    const each = formatAmount(check.units, decimals);
    const recipients = others
      .filter((m) => chosen.has(m.address))
      .map((m) => ({ address: m.address, amount: each }));
    // The same choice sent again (a retry after an error) reuses its key: nobody is paid twice.
    const idempotencyKey = attempt.keyFor(JSON.stringify(recipients));
    airdrop.mutate(
      { recipients, idempotencyKey },
      {
        onSuccess: (res) => {
          setResults(res.results);
          if (res.results.every((r) => r.status === "sent")) attempt.forget();
          toast(sendResultToast(res.results, groupDigits(each), symbol));
        },
        onError: (err) =>
          toast({
            title: "Send failed",
            description:
              err instanceof ServerUnreachableError
                ? "No answer came, so the tokens may or may not have been sent. Once you're back online, sending to the same members again will not pay anyone twice."
                : errorMessage(err, "Could not send the tokens"),
            variant: "destructive",
          }),
      },
    );
  };

  if (others.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        No members besides you hold {symbol} yet: share your token page first.
      </p>
    );
  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex max-h-64 flex-col gap-1 overflow-y-auto">
        <legend className="mb-1 text-sm font-medium">Members</legend>
        {others.map((m) => (
          <label key={m.address} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={chosen.has(m.address)}
              onChange={(e) => {
                const next = new Set(chosen);
                if (e.target.checked) next.add(m.address);
                else next.delete(m.address);
                setChosen(next);
              }}
            />
            <span>
              #{m.rank} {name(m)}
            </span>
          </label>
        ))}
      </fieldset>
      <Field
        label={`Amount of ${symbol} for each member`}
        error={check.ok ? undefined : (check.error ?? undefined)}
        description={
          holding.data !== undefined
            ? `You hold ${formatTokenText(holding.data?.balance ?? "0")} ${symbol}`
            : undefined
        }
      >
        <Input
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          placeholder="10"
        />
      </Field>
      <Button variant="primary" disabled={!valid || airdrop.isPending} onClick={send}>
        {airdrop.isPending
          ? "Sending…"
          : `Send to ${chosen.size} ${chosen.size === 1 ? "member" : "members"}`}
      </Button>
      {results ? (
        <ul className="flex flex-col gap-1 text-sm" aria-label="Send results">
          {results.map((r) => {
            const m = others.find((o) => o.address === r.address);
            return (
              <li key={r.address}>
                {m ? name(m) : r.address}:{" "}
                {r.status === "sent" ? `sent ${r.amount} ${symbol}` : `failed (${r.error})`}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

function PostUpdate({ mint }: { mint: string }) {
  const [body, setBody] = useState("");
  const create = useCreatePost(mint);
  const attempt = useAttemptKey();
  const box = useRef<HTMLTextAreaElement>(null);
  // Once per click (a double-click before the button disables), and once per update: the same
  // text sent again after a lost answer carries the same key, and the server posts it once.
  const post = useSingleFlight(async () => {
    try {
      await create.mutateAsync({ body, idempotencyKey: attempt.keyFor(body.trim()) });
      attempt.forget();
      setBody("");
      // The button is disabled with the box empty: focus goes to the box for the next update.
      box.current?.focus();
      toast({
        title: "Update posted",
        description: "Your holders see it on the token page.",
        variant: "success",
      });
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) attempt.forget();
      toast({
        title: "Post failed",
        description:
          err instanceof ServerUnreachableError
            ? "No answer came, so the update may or may not have been posted. Once you're back online, posting the same text again will not post it twice."
            : errorMessage(err, "Could not post the update"),
        variant: "destructive",
      });
    }
  });
  return (
    <div className="flex flex-col gap-3">
      <Field label="Update for your holders" description="Shown on your token page to holders and you.">
        <Textarea
          ref={box}
          value={body}
          maxLength={MAX_POST_LENGTH}
          rows={4}
          onChange={(e) => setBody(e.target.value)}
        />
      </Field>
      <Button variant="primary" disabled={!body.trim() || create.isPending} onClick={() => void post()}>
        {create.isPending ? "Posting…" : "Post update"}
      </Button>
    </div>
  );
}

/** Engage Community: send tokens to chosen top members in one step, or post an update. */
export function EngageDialog({
  mint,
  symbol,
  members,
}: {
  mint: string;
  symbol: string;
  members: TopMember[];
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Megaphone aria-hidden="true" />
        Engage Community
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Engage Community</DialogTitle>
          <DialogDescription>
            Reward your top members with {symbol}, or post an update to your holders.
          </DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="send">
          <TabsList>
            <TabsTrigger value="send">Send tokens</TabsTrigger>
            <TabsTrigger value="post">Post an update</TabsTrigger>
          </TabsList>
          <TabsContent value="send">
            <SendTokens mint={mint} symbol={symbol} members={members} />
          </TabsContent>
          <TabsContent value="post">
            <PostUpdate mint={mint} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
