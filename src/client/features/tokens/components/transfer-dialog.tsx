import { zodResolver } from "@hookform/resolvers/zod";
import { type HeldUnits, parseTokenAmountInput, tokenAmountProblem } from "@shared/amount-input";
import { formatAmount, groupDigits, parseAmount } from "@shared/amounts";
import { TOKEN_DECIMALS } from "@shared/constants";
import { formatTokenText } from "@shared/market/format";
import { type TransferRequest, TransferSchema } from "@shared/schemas/token";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { ApiError, errorMessage, ServerUnreachableError } from "@/lib/api";
import { useAttemptKey } from "@/lib/use-attempt-key";
import { useHoldings } from "../api/get-holdings";
import { useSendTransfer } from "../hooks/use-send-transfer";

type TransferFields = Pick<TransferRequest, "to" | "amount">;

/** The transfer form: the shared recipient rule, and an amount checked against this token's
 * decimals and what the person holds, so a refusal shows before anything is sent. */
function transferFormSchema(decimals: number, symbol: string, held: HeldUnits | null) {
  return TransferSchema.pick({ to: true }).extend({
    amount: z.string().check((ctx) => {
      const problem = tokenAmountProblem(ctx.value, decimals, symbol, held);
      if (problem) ctx.issues.push({ code: "custom", message: problem, input: ctx.value });
    }),
  });
}

/** Sends some of a token to a wallet address or a platform username, from the caller's own
 * wallet: a platform wallet through the server, a browser wallet by asking it to sign. */
export function TransferDialog({
  token,
  open,
  onOpenChange,
}: {
  token: { mintAddress: string; name: string; symbol: string; decimals?: number };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const mint = token.mintAddress;
  const holdings = useHoldings(open);
  const holding = holdings.data?.holdings.find((h) => h.mint === mint);
  const transfer = useSendTransfer(mint, holding);
  const available = holdings.data ? (holding?.balance ?? "0") : undefined;
  const decimals = holding?.decimals ?? token.decimals ?? TOKEN_DECIMALS;
  // Holdings not loaded yet: the server is the one to say "More than you hold (…)".
  const held = heldUnitsOf(holdings.data ? (holding ?? null) : undefined, decimals);
  // One key per transfer the person means (recipient and amount): a retry after a timeout or
  // a lost answer cannot send twice; another recipient or amount is another transfer.
  const { keyFor, forget } = useAttemptKey();
  const form = useForm<TransferFields>({
    // Made each render: the balance and decimals arrive with the holdings.
    resolver: zodResolver(transferFormSchema(decimals, token.symbol, held)),
    defaultValues: { to: "", amount: "" },
  });
  const { errors } = form.formState;

  // Every way out (Cancel, Esc, outside, a sent transfer) leaves the next opening empty.
  const setOpen = (next: boolean) => {
    if (!next) form.reset();
    onOpenChange(next);
  };

  const submit = form.handleSubmit(async (values) => {
    // ".5" passes the check as 0.5: the server takes the plain form.
    const parsed = parseTokenAmountInput(values.amount, decimals, token.symbol);
    const amount = parsed.ok ? formatAmount(parsed.units, decimals) : values.amount.trim();
    try {
      const idempotencyKey = keyFor(`${values.to.trim()}|${amount}`);
      const result = await transfer.mutateAsync({ to: values.to, amount, idempotencyKey });
      forget();
      toast({
        title: "Transfer sent",
        description: `${groupDigits(result.amount)} ${token.symbol} sent to ${values.to}`,
        variant: "success",
      });
      setOpen(false);
    } catch (err) {
      // A refusal (4xx) sent nothing: the next attempt is a new transfer. (A wallet that
      // declined to sign keeps the key: trying again offers the same prepared transfer.)
      if (err instanceof ApiError && err.status < 500) forget();
      const message =
        err instanceof ServerUnreachableError
          ? "No answer came, so the transfer may or may not have gone through. Once you're back online, check your balance; sending the same transfer again will not send it twice."
          : errorMessage(err, "Transfer failed. Please try again.");
      const field = err instanceof ApiError && err.fields ? err.fields : {};
      // On the field it is about, which takes focus (the first of them), to be read and fixed.
      if (field.amount)
        form.setError("amount", { type: "server", message: field.amount }, { shouldFocus: !field.to });
      if (field.to) form.setError("to", { type: "server", message: field.to }, { shouldFocus: true });
      if (!field.to && !field.amount) form.setError("root", { type: "server", message });
    }
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Transfer {token.symbol}</DialogTitle>
          <DialogDescription>
            Send {token.name} to a fan or collaborator by their wallet address or platform username.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <Field
            label="Recipient"
            error={errors.to?.message}
            description="Wallet address or username"
            required
          >
            <Input
              autoComplete="off"
              spellCheck={false}
              placeholder="alice or 7xKX…gAsU"
              {...form.register("to")}
            />
          </Field>
          <Field
            label="Amount"
            error={errors.amount?.message}
            description={
              available !== undefined ? `Available: ${formatTokenText(available)} ${token.symbol}` : undefined
            }
            required
          >
            <Input inputMode="decimal" autoComplete="off" placeholder="100" {...form.register("amount")} />
          </Field>
          {errors.root?.message ? (
            <p
              role="alert"
              className="rounded-md bg-destructive-soft p-3 text-sm text-destructive-soft-foreground"
            >
              {errors.root.message}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" disabled={transfer.isPending}>
              {transfer.isPending ? <Spinner className="size-4" /> : null}
              Send
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** What the sender holds of the token in all and in its fullest wallet (a transfer is sent from
 * one); null while the holdings load, nothing held when the token is not among them. */
function heldUnitsOf(
  holding: { balance: string; wallets: Array<{ balance: string }> } | null | undefined,
  decimals: number,
): HeldUnits | null {
  if (holding === undefined) return null;
  if (holding === null) return { total: 0n, largest: 0n };
  const units = (text: string) => parseAmount(text, decimals) ?? 0n;
  let largest = 0n;
  for (const wallet of holding.wallets) {
    const held = units(wallet.balance);
    if (held > largest) largest = held;
  }
  return { total: units(holding.balance), largest };
}
