// The public app: the product's suite site, each project's site, and the other public pages.
import { startApp } from '@olympiad/shared/router/start-app';
import { screens } from './app/screens';
import { layouts } from './app/layouts';

startApp({ app: 'public', screens, layouts });
