import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { seedServerAnswers } from './server-answers';

function script(json: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.textContent = json;
  return element;
}

describe('the answers the server sends with a page', () => {
  it('are the first answers of the queries the screens ask, so the entries show at once', () => {
    const client = new QueryClient();
    const faqs = [{ id: 1, site: 'geography', question: 'Who may write?', answer: '<p>Grades 8 to 12.</p>', position: 0 }];
    seedServerAnswers(client, script(JSON.stringify([{ key: ['faqs', 'geography'], data: faqs }, { key: ['public-results', 'top', 'geography'], data: null }])));
    expect(client.getQueryData(['faqs', 'geography'])).toEqual(faqs);
    expect(client.getQueryState(['public-results', 'top', 'geography'])?.status).toBe('success');
  });

  it('leave the screens to ask the API when there are none or they cannot be read', () => {
    const client = new QueryClient();
    seedServerAnswers(client, null);
    seedServerAnswers(client, script('[{"key": ["faqs"'));
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
