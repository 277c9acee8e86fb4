import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '../shared/build/webpack-config.mjs';

export default createWebpackConfig({
  app: 'admin',
  appRoot: dirname(fileURLToPath(import.meta.url)),
  title: 'Olympiad administration',
  description: 'Administration of the olympiads.',
});
