import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '../shared/build/webpack-config.mjs';

export default createWebpackConfig({
  app: 'portal',
  appRoot: dirname(fileURLToPath(import.meta.url)),
  title: 'Sign in · Olympiads',
  description: 'Sign in to the olympiad: learners, teachers and olympiad staff.',
  // The learner's pages open without a network: the learner's layout and screens, kept on the device.
  serviceWorker: {
    file: 'sitting-sw.js',
    source: 'src/features/sitting/sitting-sw.js',
    chunkGroups: [
      'layout-learner',
      'screen-instructions',
      'screen-declaration',
      'screen-recovery-pin',
      'screen-learner-details',
      'screen-olympiad-question',
      'screen-finished',
    ],
  },
});
