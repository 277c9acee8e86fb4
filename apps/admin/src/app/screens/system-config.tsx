// System Config (overlord): maintenance mode.
export { SystemConfigScreen as default } from '../../features/content/components/system-config-screen';
