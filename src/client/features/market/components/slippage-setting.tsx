import { formatBps } from "@shared/market/format";
import { DEFAULT_SLIPPAGE_BPS, parseSlippagePercent, SLIPPAGE_PRESETS_BPS } from "@shared/market/trade-input";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/** Slippage tolerance: 0.5%, 1%, 2% or a custom percentage. Only valid values reach `onChange`;
 * `onInvalid` says whether the custom text is unusable (the trade waits until it is fixed, rather
 * than going ahead with the last valid value the person no longer sees). */
export function SlippageSetting({
  value,
  onChange,
  onInvalid,
}: {
  value: number;
  onChange: (bps: number) => void;
  onInvalid: (invalid: boolean) => void;
}) {
  const isPreset = (SLIPPAGE_PRESETS_BPS as readonly number[]).includes(value);
  const [custom, setCustom] = useState(isPreset ? "" : String(value / 100));
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">Slippage tolerance</legend>
      <div className="flex flex-wrap items-center gap-2">
        {SLIPPAGE_PRESETS_BPS.map((bps) => (
          <Button
            key={bps}
            type="button"
            size="sm"
            variant={value === bps && custom === "" ? "primary" : "outline"}
            aria-pressed={value === bps && custom === ""}
            onClick={() => {
              setCustom("");
              setError(null);
              onInvalid(false);
              onChange(bps);
            }}
          >
            {formatBps(bps)}
          </Button>
        ))}
        <label htmlFor={inputId} className="sr-only">
          Custom slippage, percent
        </label>
        <div className="flex items-center gap-1">
          <Input
            id={inputId}
            inputMode="decimal"
            autoComplete="off"
            placeholder="Custom"
            className="h-9 w-24"
            value={custom}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => {
              const text = e.target.value;
              setCustom(text);
              if (text.trim() === "") {
                setError(null);
                onInvalid(false);
                // Cleared: a preset is what applies, and shows as chosen (never a hidden custom value).
                if (!isPreset) onChange(DEFAULT_SLIPPAGE_BPS);
                return;
              }
              const parsed = parseSlippagePercent(text);
              onInvalid(!parsed.ok);
              if (!parsed.ok) setError(parsed.error);
              else {
                setError(null);
                onChange(parsed.bps);
              }
            }}
          />
          <span aria-hidden="true" className="text-sm text-muted-foreground">
            %
          </span>
        </div>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive-soft-foreground">
          {error}
        </p>
      ) : (
        <p className="text-xs text-muted-foreground">
          The trade is refused, and nothing moves, if the price moves against you by more than{" "}
          {formatBps(value)}.
        </p>
      )}
    </fieldset>
  );
}
