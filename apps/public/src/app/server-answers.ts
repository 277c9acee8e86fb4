// The answers the server sends with a public page that lists something (an FAQ's questions, the
// results), beside the same entries in its HTML: see crates/http/src/public_entries.rs.
import type { QueryClient } from '@tanstack/react-query';

/** The answers the server sent with the page (an FAQ's questions, the results), as `[{key, data}]`:
 * the app's first answers, so that it shows at once what the server's HTML showed. */
export function seedServerAnswers(queryClient: QueryClient, element: Element | null = document.getElementById('server-answers')) {
  if (!element?.textContent) return;
  try {
    const answers = JSON.parse(element.textContent) as { key: readonly unknown[]; data: unknown }[];
    for (const { key, data } of answers) queryClient.setQueryData(key, data);
  } catch {
    // Not readable: the screens ask the API, as on any other page.
  }
}
