import { z } from "zod";

/** GET /api/site: links the public pages show (each absent when not configured) and the
 * platform's own live counts. */
export const SiteLinksSchema = z.object({
  discord: z.string().optional(),
  twitter: z.string().optional(),
  github: z.string().optional(),
  mirror: z.string().optional(),
  whitepaper: z.string().optional(),
  demoCall: z.string().optional(),
  comparisonVideo: z.string().optional(),
  demoVideo: z.string().optional(),
});
export type SiteLinks = z.infer<typeof SiteLinksSchema>;

export const SiteInfoSchema = z.object({
  links: SiteLinksSchema,
  stats: z.object({
    tokensLaunched: z.number().int().nonnegative(),
    creators: z.number().int().nonnegative(),
  }),
});
export type SiteInfo = z.infer<typeof SiteInfoSchema>;
