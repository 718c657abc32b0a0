import { useId, useState } from "react";
import { cn } from "@/components/ui/cn";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

type Mode = "default" | "url" | "upload";
const MODES: Array<{ value: Mode; label: string }> = [
  { value: "default", label: "Generated image" },
  { value: "url", label: "Image URL" },
  { value: "upload", label: "Upload" },
];
/** The API's bound on imageUrl (a data URL counts its whole text). */
const MAX_CHARS = 200_000;

/** The reward's image: generated like the token's default image, an https URL, or an
 * uploaded file sent as a data URL. */
export function ImageChoice({
  value,
  error,
  onChange,
  onError,
  className,
}: {
  value: string | undefined;
  error?: string;
  onChange(url: string | undefined): void;
  /** The file was refused: the form must drop any image chosen before and hold back until
   * another choice is made. */
  onError(message: string): void;
  className?: string;
}) {
  const [mode, setMode] = useState<Mode>(value ? (value.startsWith("data:") ? "upload" : "url") : "default");
  const name = useId();

  const choose = (next: Mode) => {
    setMode(next);
    onChange(undefined);
  };
  const upload = (file: File | undefined) => {
    if (!file) return onChange(undefined);
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? "");
      if (url.length > MAX_CHARS) onError("Image too large (about 150 KB at most)");
      else onChange(url);
    };
    reader.onerror = () => onError("The image could not be read");
    reader.readAsDataURL(file);
  };

  return (
    <div className={cn("flex flex-col gap-3", className)}>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Image</legend>
        <div className="flex flex-wrap gap-4">
          {MODES.map((m) => (
            <label key={m.value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={name}
                value={m.value}
                checked={mode === m.value}
                onChange={() => choose(m.value)}
              />
              {m.label}
            </label>
          ))}
        </div>
      </fieldset>
      {mode === "url" ? (
        <Field label="Image URL" error={error}>
          <Input
            type="url"
            placeholder="https://…"
            autoComplete="off"
            value={value ?? ""}
            onChange={(e) => onChange(e.target.value || undefined)}
          />
        </Field>
      ) : null}
      {mode === "upload" ? (
        <Field label="Image file" error={error} description="PNG, JPEG, WebP or GIF, about 150 KB at most.">
          <Input
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            onChange={(e) => upload(e.target.files?.[0])}
          />
        </Field>
      ) : null}
      {mode === "default" ? (
        <p className="text-sm text-muted-foreground">
          An image is generated for the reward, like a token's default image.
        </p>
      ) : null}
      {value && mode !== "default" && /^(https?:\/\/|data:image\/)/.test(value) ? (
        <img
          src={value}
          alt="Preview of the reward"
          className="size-24 rounded-lg border border-border object-cover"
        />
      ) : null}
    </div>
  );
}
