// The admin app: each olympiad's staff (admin, accountant, funding, marketing) and the overlord.
import { startApp } from '@olympiad/shared/router/start-app';
import { screens } from './app/screens';
import { layouts } from './app/layouts';

startApp({ app: 'admin', screens, layouts });
