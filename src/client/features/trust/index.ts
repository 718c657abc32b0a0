export { TrustChecklist } from "./components/trust-checklist";
export { TrustPanel } from "./components/trust-panel";
