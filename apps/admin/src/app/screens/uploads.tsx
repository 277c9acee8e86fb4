// Uploads (overlord): /overlord/uploads.
export { UploadsScreen as default } from '../../features/paper/components/uploads-screen';
