/** In a list ordered so that every item `before` a place comes first, the index of the first
 * item that is not (binary search): where an item at that place is, or goes. */
export function sortedPosition<T>(list: readonly T[], before: (item: T) => boolean): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (before(list[mid] as T)) low = mid + 1;
    else high = mid;
  }
  return low;
}
