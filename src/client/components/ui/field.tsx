import { type ReactNode, useId } from "react";
import { cn } from "./cn";
import { FieldContext, type FieldControlProps } from "./field-context";
import { Label } from "./label";

export interface FieldProps {
  label: ReactNode;
  /** Inline error text; when set the control is marked aria-invalid and points to it. */
  error?: string;
  /** Help text under the control. */
  description?: ReactNode;
  required?: boolean;
  /** Use when the control needs a specific id; otherwise one is generated. */
  id?: string;
  className?: string;
  /** One Input, Textarea or Select: it picks up id, aria-describedby and aria-invalid. */
  children: ReactNode;
}

/**
 * Label + control + help + inline error, wired for assistive tech:
 * `<Field label="Token name" error={errors.name?.message}><Input {...register("name")} /></Field>`
 */
export function Field({ label, error, description, required, id, className, children }: FieldProps) {
  const auto = useId();
  const controlId = id ?? `field-${auto}`;
  const descId = description ? `${controlId}-desc` : undefined;
  const errId = error ? `${controlId}-error` : undefined;
  const control: FieldControlProps = {
    id: controlId,
    "aria-describedby": [descId, errId].filter(Boolean).join(" ") || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-required": required ? true : undefined,
  };
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={controlId}>
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-destructive-soft-foreground">
            *
          </span>
        ) : null}
      </Label>
      <FieldContext.Provider value={control}>{children}</FieldContext.Provider>
      {description ? (
        <p id={descId} className="text-xs text-muted-foreground">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errId} className="text-sm font-medium text-destructive-soft-foreground" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
