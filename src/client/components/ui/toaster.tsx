// Placeholder: the design-system work replaces this with the real toast system.
export function Toaster() {
  return null;
}
