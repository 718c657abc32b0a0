// The ledger query lives in lib/network (every feature names the network); kept here for
// the callers that import it from the wallet feature.
export { getLedger, type LedgerInfo, useLedger } from "@/lib/network";
