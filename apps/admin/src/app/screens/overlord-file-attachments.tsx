// File Attachments (overlord): /overlord/file-attachments.
export { OverlordFilesScreen as default } from '../../features/paper/components/overlord-files-screen';
