import type { AgentTier } from "@shared/constants";
import { Badge, type BadgeVariant } from "@/components/ui/badge";

const VARIANT: Record<AgentTier, BadgeVariant> = { basic: "secondary", premium: "brand", elite: "warning" };

export function TierBadge({ tier }: { tier: AgentTier }) {
  return (
    <Badge variant={VARIANT[tier]} className="capitalize">
      {tier}
    </Badge>
  );
}
