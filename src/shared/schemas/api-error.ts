import { z } from "zod";

/** Every non-2xx answer: a human message, and per-field messages for validation errors. */
export const ApiErrorSchema = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
