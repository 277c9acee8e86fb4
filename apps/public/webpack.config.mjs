import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '../shared/build/webpack-config.mjs';

export default createWebpackConfig({
  app: 'public',
  appRoot: dirname(fileURLToPath(import.meta.url)),
  title: 'Olympiads',
  description: 'South African school olympiads: geography, Afrikaans and history, for schools and learners.',
});
