// One file per area; drizzle-kit reads this index.
export * from "./accounts";
export * from "./agents";
export * from "./indexer";
export * from "./limits";
export * from "./market";
export * from "./rewards";
export * from "./tokens";
