// The paper fetched in the lobby is sealed (AES-256-GCM, gzipped inside): the start hands over the
// key, and the browser's own WebCrypto opens it, with no further request. The questions then take the
// learner's own order, which the start also gives.
import type { components } from '@olympiad/shared/api/schema';

export type LearnerModule = components['schemas']['LearnerModule'];
export type ModuleInOrder = components['schemas']['ModuleInOrder'];

export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether this browser can open a sealed paper (WebCrypto needs a secure page, and gunzip). */
export function canOpenSealed(): boolean {
  return typeof crypto !== 'undefined' && crypto.subtle !== undefined && typeof DecompressionStream !== 'undefined';
}

async function gunzip(bytes: ArrayBuffer): Promise<string> {
  const body = new Response(bytes).body;
  if (!body) throw new Error('the sealed paper is empty');
  return new Response(body.pipeThrough(new DecompressionStream('gzip'))).text();
}

/** Opens the sealed paper with its key (base64): the modules in the author's order. Throws if the key does not fit. */
export async function openSealedPaper(sealed: { iv: string; ciphertext: string }, key: string): Promise<LearnerModule[]> {
  const cryptoKey = await crypto.subtle.importKey('raw', base64ToBytes(key), 'AES-GCM', false, ['decrypt']);
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: base64ToBytes(sealed.iv) }, cryptoKey, base64ToBytes(sealed.ciphertext));
  return JSON.parse(await gunzip(plain)) as LearnerModule[];
}

/**
 * The modules in the learner's order: modules, their questions and each question's options as the
 * start gave them; anything the order does not name keeps its place after the named ones.
 */
export function inLearnerOrder(modules: LearnerModule[], order: ModuleInOrder[]): LearnerModule[] {
  const rank = <T>(ids: T[], id: T) => {
    const at = ids.indexOf(id);
    return at === -1 ? ids.length : at;
  };
  const moduleIds = order.map((m) => m.moduleId);
  return [...modules]
    .sort((a, b) => rank(moduleIds, a.moduleId) - rank(moduleIds, b.moduleId))
    .map((module) => {
      const questions = order.find((m) => m.moduleId === module.moduleId)?.questions ?? [];
      const questionIds = questions.map((q) => q.questionId);
      return {
        ...module,
        questions: [...module.questions]
          .sort((a, b) => rank(questionIds, a.questionId) - rank(questionIds, b.questionId))
          .map((question) => {
            const keys = questions.find((q) => q.questionId === question.questionId)?.options ?? [];
            if (keys.length === 0) return question;
            return { ...question, options: [...question.options].sort((a, b) => rank(keys, a.key) - rank(keys, b.key)) };
          }),
      };
    });
}
