// @vitest-environment node
// WebCrypto and the streams as the browser has them (jsdom lends ArrayBuffers of another realm).
import { describe, expect, it } from 'vitest';
import { base64ToBytes, inLearnerOrder, openSealedPaper, type LearnerModule } from './sealed-paper';

const modules: LearnerModule[] = [
  {
    moduleId: 1,
    title: 'Rivers',
    instructions: '<p>Choose</p>',
    timeLimitMinutes: null,
    questions: [
      { questionId: 10, kind: 'singleChoice', stem: '<p>Longest river?</p>', options: [{ key: 'a', text: 'Vaal' }, { key: 'b', text: 'Orange' }], imageUrl: null },
      { questionId: 11, kind: 'numeric', stem: '<p>Rainfall in cm?</p>', options: [], imageUrl: null },
    ],
  },
  { moduleId: 2, title: 'Maps', instructions: '', timeLimitMinutes: 10, questions: [] },
];

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

/** Seals as the server does: gzipped JSON, AES-256-GCM with the tag at the end. */
async function seal(plain: unknown, key: Uint8Array<ArrayBuffer>, iv: Uint8Array<ArrayBuffer>) {
  const gzipped = await new Response(new Response(JSON.stringify(plain)).body!.pipeThrough(new CompressionStream('gzip'))).arrayBuffer();
  const cryptoKey = await crypto.subtle.importKey('raw', key, 'AES-GCM', false, ['encrypt']);
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, cryptoKey, gzipped);
  return { iv: toBase64(iv), ciphertext: toBase64(new Uint8Array(sealed)) };
}

describe('the sealed paper', () => {
  const key = crypto.getRandomValues(new Uint8Array(32));
  const iv = crypto.getRandomValues(new Uint8Array(12));

  it('opens with its key into the modules that were sealed', async () => {
    const sealed = await seal(modules, key, iv);
    expect(atob(sealed.ciphertext)).not.toContain('Longest river');
    expect(await openSealedPaper(sealed, toBase64(key))).toEqual(modules);
  });

  it('does not open with another key', async () => {
    const sealed = await seal(modules, key, iv);
    const other = toBase64(crypto.getRandomValues(new Uint8Array(32)));
    await expect(openSealedPaper(sealed, other)).rejects.toThrow();
  });

  it('reads base64 into bytes', () => {
    expect([...base64ToBytes('AAEC/w==')]).toEqual([0, 1, 2, 255]);
  });

  it('puts modules, questions and options in the learner order', () => {
    const ordered = inLearnerOrder(modules, [
      { moduleId: 2, questions: [] },
      { moduleId: 1, questions: [{ questionId: 11, options: [] }, { questionId: 10, options: ['b', 'a'] }] },
    ]);
    expect(ordered.map((m) => m.moduleId)).toEqual([2, 1]);
    expect(ordered[1]?.questions.map((q) => q.questionId)).toEqual([11, 10]);
    expect(ordered[1]?.questions[1]?.options.map((o) => o.key)).toEqual(['b', 'a']);
  });
});
