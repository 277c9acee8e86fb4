// /overlord/uploads: every stored file (kept once by its content, however often it is attached), how
// many attachments use it, and removal of the ones nothing uses.
import { Code, Text } from '@mantine/core';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { deleteAction } from '@olympiad/shared/resource/row-actions';
import { GridScreen } from '@olympiad/shared/resource/grid-screen';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import { useDeleteUpload } from '../api/delete-upload';
import { uploadsQuery, type UploadRow } from '../api/get-uploads';
import { formatBytes, openFile } from './open-file';

const columns: GridColumn<UploadRow>[] = [
  { id: 'filename', header: 'File', value: (upload) => upload.filename, filter: { type: 'text' } },
  { id: 'contentType', header: 'Type', value: (upload) => upload.contentType, width: 140 },
  { id: 'size', header: 'Size', value: (upload) => upload.sizeBytes, cell: (upload) => formatBytes(upload.sizeBytes), searchable: false, width: 100 },
  {
    id: 'attachments',
    header: 'Attached',
    value: (upload) => upload.attachmentCount,
    cell: (upload) => (upload.attachmentCount === 0 ? <Text size="sm" c="dimmed">Unused</Text> : `${upload.attachmentCount}×`),
    filter: { type: 'select', options: [{ value: '0', label: 'Unused' }] },
    searchable: false,
    width: 110,
  },
  { id: 'sha256', header: 'Content hash', value: (upload) => upload.sha256, cell: (upload) => <Code>{upload.sha256.slice(0, 12)}</Code>, sortable: false },
  {
    id: 'createdAt',
    header: 'Stored',
    value: (upload) => parseServerTime(upload.createdAt),
    cell: (upload) => <Text size="sm">{formatDateTime(parseServerTime(upload.createdAt))}</Text>,
    searchable: false,
    width: 170,
  },
];

export function UploadsScreen({ route }: ScreenComponentProps) {
  const grid = useWholeListGrid(uploadsQuery(), columns);
  const remove = useDeleteUpload();

  const rowActions: RowAction<UploadRow>[] = [
    { label: 'Open', run: (upload) => openFile(`/api/upload/${upload.id}`) },
    deleteAction<UploadRow>({
      hidden: (upload) => upload.attachmentCount > 0,
      confirm: (upload) => ({ title: `Delete ${upload.filename}?`, message: 'No olympiad uses it. The stored file is removed for good.' }),
      change: (upload) => remove.mutateAsync(upload),
    }),
  ];

  return (
    <GridScreen title={route.title} description="Every stored file, kept once by its content however often it is attached.">
      <DataGrid<UploadRow>
        label="Uploads"
        {...grid}
        columns={columns}
        getRowId={(upload) => String(upload.id)}
        exportName="uploads"
        rowActions={rowActions}
        initialSort={[{ id: 'createdAt', desc: true }]}
        searchPlaceholder="Search by file name or hash"
      />
    </GridScreen>
  );
}
