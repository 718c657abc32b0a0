import { Fragment, isValidElement } from "react";

// recharts imports `isFragment` from react-is, a peer dependency not installed here. This is
// that one function on React's own element check (right for React 19, whose element symbol
// react-is 18 does not know). vite.config.ts aliases "react-is" to this file.

export function isFragment(node: unknown): boolean {
  return isValidElement(node) && node.type === Fragment;
}
