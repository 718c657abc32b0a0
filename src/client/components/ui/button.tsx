import { Slot } from "@radix-ui/react-slot";
import { type ComponentProps, forwardRef } from "react";
import { cn } from "./cn";

const base =
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-[color,background-color,box-shadow,opacity,transform] select-none " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring " +
  "disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 " +
  "[&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0";

export const buttonVariants = {
  /** The brand gradient: the page's main call to action. */
  default: "bg-gradient-brand text-white shadow-glow hover:brightness-110 active:translate-y-px",
  /** Solid brand colour, for primary actions inside forms and cards. */
  primary: "bg-primary text-primary-foreground hover:bg-primary/90 active:translate-y-px",
  secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
  outline: "border border-input bg-background text-foreground hover:bg-accent hover:text-accent-foreground",
  ghost: "text-foreground hover:bg-accent hover:text-accent-foreground",
  destructive: "bg-destructive text-destructive-foreground hover:bg-destructive/90",
  link: "text-link underline-offset-4 hover:underline h-auto px-0 py-0",
} as const;

export const buttonSizes = {
  sm: "h-9 px-3 text-sm",
  default: "h-10 px-4 text-sm",
  lg: "h-12 px-6 text-base",
  xl: "h-14 px-8 text-base sm:text-lg",
  icon: "size-10",
  "icon-sm": "size-8",
} as const;

export type ButtonVariant = keyof typeof buttonVariants;
export type ButtonSize = keyof typeof buttonSizes;

/** The classes of a button, for elements that must look like one without being a Button. */
export function buttonClass(opts: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  const variant = opts.variant ?? "default";
  // Links keep their natural height; every other variant gets a size.
  const size = variant === "link" ? "text-sm" : buttonSizes[opts.size ?? "default"];
  return cn(base, size, buttonVariants[variant], opts.className);
}

export interface ButtonProps extends ComponentProps<"button"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the child element (e.g. a router Link or an <a>) with the button's look. */
  asChild?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { className, variant, size, asChild = false, type, ...props },
  ref,
) {
  const Comp = asChild ? Slot : "button";
  return (
    <Comp
      ref={ref}
      // Default to type="button" so a Button inside a form never submits by accident.
      type={asChild ? type : (type ?? "button")}
      className={buttonClass({ variant, size, className })}
      {...props}
    />
  );
});
