import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/** A landing section: an anchor target below the fixed bar, named by its heading. */
export function Section({
  id,
  eyebrow,
  title,
  description,
  children,
  className,
  align = "center",
}: {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  align?: "center" | "left";
}) {
  const headingId = `${id}-title`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      tabIndex={-1}
      className={cn("scroll-mt-20 py-16 focus:outline-none sm:py-24", className)}
    >
      <div className="mx-auto max-w-page px-4 sm:px-6 lg:px-8">
        <div className={cn("max-w-3xl", align === "center" && "mx-auto text-center")}>
          {eyebrow ? (
            <p className="text-sm font-semibold tracking-wide text-link uppercase">{eyebrow}</p>
          ) : null}
          <h2 id={headingId} className="mt-2 text-title font-bold">
            {title}
          </h2>
          {description ? <p className="mt-4 text-lg text-muted-foreground">{description}</p> : null}
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}

/** A rounded icon tile used by the cards. */
export function IconTile({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn(
        "flex size-11 items-center justify-center rounded-lg bg-secondary text-secondary-foreground [&_svg]:size-5",
        className,
      )}
    >
      {children}
    </div>
  );
}
