import { createContext, useContext } from "react";

/** What a Field tells the control inside it: its id, and the ids that describe it. */
export interface FieldControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
}

export const FieldContext = createContext<FieldControlProps | null>(null);

/** Props for a control: the Field's wiring, overridden by anything the caller set. */
export function useFieldControl<
  P extends { id?: string; "aria-describedby"?: string; "aria-invalid"?: unknown },
>(props: P): P {
  const field = useContext(FieldContext);
  if (!field) return props;
  const describedBy =
    [field["aria-describedby"], props["aria-describedby"]].filter(Boolean).join(" ") || undefined;
  return {
    ...field,
    ...props,
    id: props.id ?? field.id,
    "aria-describedby": describedBy,
    "aria-invalid": props["aria-invalid"] ?? field["aria-invalid"],
  };
}
