import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '../shared/build/webpack-config.mjs';

export default createWebpackConfig({
  app: 'portal',
  appRoot: dirname(fileURLToPath(import.meta.url)),
  title: 'Sign in · Olympiads',
  description: 'Sign in to the olympiad: learners, teachers and olympiad staff.',
});
