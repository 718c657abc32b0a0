import { Award, Crown, Gem, Star } from "lucide-react";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";

// Legendary, epic and rare have their own look (spec: anything else gets default styling).
const STYLES: Record<string, { icon: typeof Crown; badge: BadgeVariant; tile: string }> = {
  legendary: { icon: Crown, badge: "warning", tile: "bg-warning-soft text-warning-soft-foreground" },
  epic: { icon: Gem, badge: "brand", tile: "bg-gradient-brand text-white" },
  rare: { icon: Star, badge: "success", tile: "bg-success-soft text-success-soft-foreground" },
};
const DEFAULT = {
  icon: Award,
  badge: "outline" as BadgeVariant,
  tile: "bg-secondary text-secondary-foreground",
};

export function RarityIcon({ rarity, className }: { rarity: string; className?: string }) {
  const style = STYLES[rarity] ?? DEFAULT;
  const Icon = style.icon;
  return (
    <div
      aria-hidden="true"
      className={cn(
        "flex size-12 shrink-0 items-center justify-center rounded-xl [&_svg]:size-6",
        style.tile,
        className,
      )}
    >
      <Icon />
    </div>
  );
}

export function RarityBadge({ rarity }: { rarity: string }) {
  return <Badge variant={(STYLES[rarity] ?? DEFAULT).badge}>{rarity.toUpperCase()}</Badge>;
}
