// The olympiad's staff through the real API, for setting up what a browser test needs: a bilingual
// paper with a picture, the sitting's settings and window, and reading back what a learner submitted.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_PASSWORD, repoRoot } from './server.mjs';

const MAP = join(repoRoot, 'crates', 'server', 'demo', 'map.png');

async function request(baseUrl, method, path, { token, body, form } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const payload = form ?? (body === undefined ? undefined : JSON.stringify(body));
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: payload });
  const envelope = await response.json();
  if (!envelope.success) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** Signs in as the demo admin of `olympiadName`: its token and the olympiad's id. */
export async function signInAsAdmin(baseUrl, olympiadName = 'geography') {
  const data = await request(baseUrl, 'POST', '/api/auth/signin', {
    body: { username: 'admin@example.org', password: DEMO_PASSWORD, olympiadName, loginType: 'admin' },
  });
  return {
    token: data.token,
    olympiadId: data.user.olympiadId,
    call: (method, path, body) => request(baseUrl, method, path, { token: data.token, body }),
    upload: (path, form) => request(baseUrl, 'POST', path, { token: data.token, form }),
  };
}

const both = (en, af) => ({ en, af });
const options = (...pairs) => pairs.map(([en, af], index) => ({ key: 'abcd'[index], text: both(en, af) }));

/** Six questions of every kind in two modules, in English and Afrikaans. */
export const SMALL_PAPER = {
  format: 'olympiad-question-bank',
  version: 1,
  modules: [
    {
      title: both('Rivers', 'Riviere'),
      instructions: both('<p>Choose the best answer.</p>', '<p>Kies die beste antwoord.</p>'),
      questions: [
        {
          kind: 'singleChoice',
          marks: 1,
          difficulty: 1,
          content: {
            stem: both('<p>Which is the longest river in South Africa?</p>', '<p>Watter is die langste rivier in Suid-Afrika?</p>'),
            options: options(['Vaal', 'Vaal'], ['Orange', 'Oranje'], ['Tugela', 'Tugela']),
            correct: ['b'],
          },
        },
        {
          kind: 'multipleChoice',
          marks: 2,
          difficulty: 2,
          content: {
            stem: both('<p>Which rivers flow into the sea?</p>', '<p>Watter riviere vloei see toe?</p>'),
            options: options(['Orange', 'Oranje'], ['Vaal', 'Vaal'], ['Limpopo', 'Limpopo']),
            correct: ['a', 'c'],
          },
        },
        {
          kind: 'trueFalse',
          marks: 1,
          difficulty: 1,
          content: { stem: both('<p>The Vaal flows into the Orange.</p>', '<p>Die Vaal vloei in die Oranje.</p>'), correct: ['true'] },
        },
      ],
    },
    {
      title: both('Climate', 'Klimaat'),
      questions: [
        {
          kind: 'numeric',
          marks: 1,
          difficulty: 3,
          content: { stem: both('<p>How many provinces does South Africa have?</p>', '<p>Hoeveel provinsies het Suid-Afrika?</p>'), numericAnswer: 9, tolerance: 0 },
        },
        {
          kind: 'shortText',
          marks: 1,
          difficulty: 3,
          content: { stem: both('<p>Which river forms the northern border?</p>', '<p>Watter rivier vorm die noordelike grens?</p>'), acceptedAnswers: ['Limpopo'] },
        },
        {
          kind: 'singleChoice',
          marks: 1,
          difficulty: 2,
          content: {
            stem: both('<p>Where does it rain most in winter?</p>', '<p>Waar reën dit die meeste in die winter?</p>'),
            options: options(['Western Cape', 'Wes-Kaap'], ['Limpopo', 'Limpopo'], ['Free State', 'Vrystaat']),
            correct: ['a'],
          },
        },
      ],
    },
  ],
};

/**
 * Puts `bank` in place of the olympiad's paper (no one has written it yet), with the demo map as the
 * first question's picture.
 */
export async function replacePaper(admin, bank = SMALL_PAPER) {
  const { olympiadId, call } = admin;
  for (const module of await call('GET', `/api/question-module?olympiadId=${olympiadId}`)) {
    await call('DELETE', `/api/question-module/${module.id}?confirm=true`);
  }
  await call('POST', `/api/olympiad/${olympiadId}/question-bank?confirm=true`, bank);
  const [first] = await call('GET', `/api/question-module?olympiadId=${olympiadId}`);
  const [question] = await call('GET', `/api/question?questionModuleId=${first.id}`);
  const form = new FormData();
  form.append('file', new Blob([readFileSync(MAP)], { type: 'image/png' }), 'map.png');
  const picture = await admin.upload(`/api/attachment/upload?olympiadId=${olympiadId}`, form);
  const { kind, content, marks, difficulty } = question;
  await call('PUT', `/api/question/${question.id}?confirm=true`, { kind, content, marks, difficulty, attachmentId: picture.id });
}

/** Opens the olympiad for writing now: English and Afrikaans, the given duration, a window open now. */
export async function openSitting(admin, { durationMinutes = 60 } = {}) {
  const { olympiadId, call } = admin;
  const settings = await call('GET', `/api/olympiad?olympiadId=${olympiadId}`);
  const at = (hours) => new Date(Date.now() + hours * 3_600_000).toISOString().slice(0, 19);
  await call('PUT', `/api/olympiad/${olympiadId}`, {
    title: settings.title,
    year: settings.year,
    kind: settings.kind,
    durationMinutes,
    grades: [8, 9, 10, 11, 12],
    languages: ['en', 'af'],
    instructions: both('<p>Answer every question. Your answers are saved as you go.</p>', '<p>Beantwoord elke vraag. Jou antwoorde word gestoor terwyl jy werk.</p>'),
    declaration: both('<p>I will write this olympiad on my own, without help.</p>', '<p>Ek sal hierdie olimpiade self skryf, sonder hulp.</p>'),
    shuffleQuestions: false,
    shuffleOptions: false,
    sittingWindows: [{ startsAt: at(-1), endsAt: at(24) }],
  });
  await call('GET', `/api/olympiad/set-olympiad-open/${olympiadId}`);
}
