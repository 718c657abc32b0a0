import type { AiProfile } from "@shared/schemas/ai";
import type { TokenForm, TokenFormValues } from "@shared/schemas/token";
import { useEffect, useRef } from "react";
import type { UseFormReturn } from "react-hook-form";
import { isUnedited, retargetText, type TokenIdentity } from "./retarget-description";

/** Fields the AI drafted that name the token. */
const NAMING_FIELDS = ["description", "tagline"] as const;

/** On the review step, the AI's description and tagline follow the name and symbol the
 * creator types: "$SKET" becomes "$HINK". Text the creator wrote themselves is theirs and
 * never touched. */
export function useDescriptionFollowsName(
  form: UseFormReturn<TokenForm, unknown, TokenFormValues>,
  profile: AiProfile | null,
): void {
  const shown = useRef<TokenIdentity | null>(null);
  useEffect(() => {
    if (!profile) return;
    const drafted = { name: profile.name, symbol: profile.symbol };
    shown.current = { name: form.getValues("name") ?? "", symbol: form.getValues("symbol") ?? "" };
    const watching = form.watch((values, { name: field }) => {
      const before = shown.current;
      const now = { name: values.name ?? "", symbol: values.symbol ?? "" };
      shown.current = now;
      if (!before || (field !== "name" && field !== "symbol")) return;
      for (const key of NAMING_FIELDS) {
        const current = form.getValues(key) ?? "";
        if (!isUnedited(current, profile[key], drafted, before)) continue;
        const renamed = retargetText(profile[key], drafted, now);
        if (renamed !== current) form.setValue(key, renamed, { shouldDirty: true });
      }
    });
    return () => watching.unsubscribe();
  }, [form, profile]);
}
