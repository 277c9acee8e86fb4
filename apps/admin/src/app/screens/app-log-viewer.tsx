// App Log Viewer (overlord): /overlord/app-log-viewer.
export { AppLogScreen as default } from '../../features/overlord/components/app-log-screen';
