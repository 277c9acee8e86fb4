// The portal app: sign-in and passwords, the teacher portal, the learner's olympiad area, payments.
import { startApp } from '@olympiad/shared/router/start-app';
import { screens } from './app/screens';
import { layouts } from './app/layouts';

startApp({ app: 'portal', screens, layouts });
