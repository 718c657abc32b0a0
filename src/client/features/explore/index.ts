export { ExploreResults } from "./components/explore-results";
export { ExploreSearch } from "./components/explore-search";
export { useExploreParams } from "./hooks/use-explore-params";
