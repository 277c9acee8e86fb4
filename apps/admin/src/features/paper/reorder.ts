// Moving one item of an ordered list (drag and drop, or the move buttons beside each item).

/** The items with the one at `from` moved to `to` (`to` kept inside the list; an unknown `from` moves nothing). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const result = [...items];
  if (from < 0 || from >= result.length) return result;
  const target = Math.max(0, Math.min(result.length - 1, to));
  const [moved] = result.splice(from, 1) as [T];
  result.splice(target, 0, moved);
  return result;
}
