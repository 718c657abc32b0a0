import { describe, expect, it } from "vitest";
import { cn } from "./cn";

describe("cn", () => {
  it("joins conditional classes like clsx", () => {
    expect(cn("a", false && "b", undefined, ["c", { d: true, e: false }])).toBe("a c d");
  });

  it("lets a later utility of the same kind win", () => {
    expect(cn("px-4 py-2", "px-8")).toBe("py-2 px-8");
    expect(cn("h-10 text-sm", "h-12 text-base")).toBe("h-12 text-base");
    expect(cn("bg-primary text-white", "bg-white text-primary")).toBe("bg-white text-primary");
    expect(cn("bg-gradient-brand shadow-glow", "bg-none shadow-none")).toBe("bg-none shadow-none");
    expect(cn("rounded-md", "rounded-full")).toBe("rounded-full");
    expect(cn("whitespace-nowrap", "whitespace-normal")).toBe("whitespace-normal");
  });

  it("keeps utilities of different kinds and variants apart", () => {
    expect(cn("text-sm text-muted-foreground")).toBe("text-sm text-muted-foreground");
    expect(cn("p-4 px-2")).toBe("p-4 px-2");
    expect(cn("hover:bg-accent bg-card")).toBe("hover:bg-accent bg-card");
    expect(cn("border border-input", "border-primary")).toBe("border border-primary");
    expect(cn("font-medium font-mono")).toBe("font-medium font-mono");
    expect(cn("flex items-center", "hidden md:flex")).toBe("items-center hidden md:flex");
  });

  it("keeps unknown classes as written", () => {
    expect(cn("animate-pulse [&_svg]:size-4", "custom-thing")).toBe(
      "animate-pulse [&_svg]:size-4 custom-thing",
    );
  });
});
