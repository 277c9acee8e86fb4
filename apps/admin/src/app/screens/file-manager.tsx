// File Manager (admin): /:olympiadName/admin/file-attachments.
export { FileManagerScreen as default } from '../../features/paper/components/file-manager-screen';
