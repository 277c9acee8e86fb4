// /overlord/uploads: every stored file (kept once by its content, however often it is attached), how
// many attachments use it, and removal of the ones nothing uses.
import { useQueryClient } from '@tanstack/react-query';
import { Code, Stack, Text, Title } from '@mantine/core';
import { alertError, notify } from '@olympiad/shared/feedback/notifications';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import { pageRows, selectRows } from '@olympiad/shared/ui/data-grid/local-paging';
import type { GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { deleteUpload } from '../api/delete-upload';
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
  const queryClient = useQueryClient();
  const all = () => queryClient.fetchQuery(uploadsQuery());

  const rowActions: RowAction<UploadRow>[] = [
    { label: 'Open', run: (upload) => openFile(`/api/upload/${upload.id}`) },
    {
      label: 'Delete',
      color: 'red',
      hidden: (upload) => upload.attachmentCount > 0,
      confirm: (upload) => ({
        title: `Delete ${upload.filename}?`,
        message: 'No olympiad uses it. The stored file is removed for good.',
        confirmLabel: 'Delete',
        danger: true,
      }),
      run: async (upload) => {
        const result = await deleteUpload(upload.id, upload.filename);
        if (!result.ok) return alertError(result.message);
        notify(`${upload.filename} deleted.`, { tone: 'success' });
        await queryClient.invalidateQueries({ queryKey: uploadsQuery().queryKey });
      },
    },
  ];

  return (
    <Stack>
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">Every stored file, kept once by its content however often it is attached.</Text>
      </div>
      <DataGrid<UploadRow>
        label="Uploads"
        queryKey={uploadsQuery().queryKey}
        columns={columns}
        fetchRows={async (params) => pageRows(await all(), params, columns)}
        fetchAll={async (selection) => selectRows(await all(), selection, columns)}
        getRowId={(upload) => String(upload.id)}
        exportName="uploads"
        rowActions={rowActions}
        initialSort={[{ id: 'createdAt', desc: true }]}
        searchPlaceholder="Search by file name or hash"
      />
    </Stack>
  );
}
