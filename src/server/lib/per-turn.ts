/** Collects what is pushed during one turn of the event loop and hands it to `send` as one
 * array once the turn's synchronous work is done (a microtask): messages to a worker thread
 * leave as one postMessage per turn, not one each (the wake-up is most of a message's cost). */
export function perTurn<T>(send: (items: T[]) => void): (item: T) => void {
  let pending: T[] = [];
  return (item) => {
    if (pending.length === 0)
      queueMicrotask(() => {
        const items = pending;
        pending = [];
        send(items);
      });
    pending.push(item);
  };
}
