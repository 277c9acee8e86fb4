// The files of one olympiad (File Manager) or of every olympiad (the overlord's File Attachments): upload,
// open, rename, delete, and which questions show each file.
import { useState } from 'react';
import { Anchor, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { useFileUrl } from '@olympiad/shared/api/file-url';
import { alertError, notify } from '@olympiad/shared/feedback/notifications';
import { AppLink } from '@olympiad/shared/router/app-link';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { deleteAction } from '@olympiad/shared/resource/row-actions';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import { attachmentsQuery, isImage, type Attachment } from '../api/get-attachments';
import { useDeleteAttachment } from '../api/delete-attachment';
import { useUploadAttachment } from '../api/upload-attachment';
import { formatBytes, openFile } from './open-file';
import { RenameFileModal, useRenameEditor } from './rename-file-modal';

const ACCEPTED = 'image/png,image/jpeg,image/gif,image/webp,application/pdf';

function Thumbnail({ file }: { file: Attachment }) {
  const url = useFileUrl(isImage(file) ? file.url : null);
  if (!isImage(file)) return <Text size="xs">PDF</Text>;
  return url ? <Image src={url} alt="" h={40} w={56} fit="contain" /> : <div style={{ width: 56, height: 40 }} />;
}

type FilesGridProps = {
  /** One olympiad's files; null for every olympiad's (overlord). */
  olympiadId: number | null;
  /** Where a question that uses a file is, with a link to it. */
  usedBy: (file: Attachment) => { label: string; href: string | null }[];
  /** Extra columns (the overlord's olympiad column). */
  extraColumns?: GridColumn<Attachment>[];
};

export function FilesGrid({ olympiadId, usedBy, extraColumns = [] }: FilesGridProps) {
  const renaming = useRenameEditor();
  const [uploading, setUploading] = useState(false);
  const remove = useDeleteAttachment();
  const uploadOne = useUploadAttachment();

  const columns: GridColumn<Attachment>[] = [
    { id: 'preview', header: '', value: () => '', cell: (file) => <Thumbnail file={file} />, sortable: false, exportable: false, searchable: false, width: 72 },
    { id: 'filename', header: 'File', value: (file) => file.filename, filter: { type: 'text' } },
    ...extraColumns,
    {
      id: 'type',
      header: 'Type',
      value: (file) => file.contentType,
      filter: {
        type: 'select',
        options: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'].map((t) => ({ value: t, label: t })),
      },
      width: 140,
    },
    { id: 'size', header: 'Size', value: (file) => file.sizeBytes, cell: (file) => formatBytes(file.sizeBytes), searchable: false, width: 100 },
    {
      id: 'usedBy',
      header: 'Used by',
      value: (file) => usedBy(file).map((use) => use.label).join('; '),
      cell: (file) => {
        const uses = usedBy(file);
        if (uses.length === 0) return <Text size="sm" c="dimmed">Not used</Text>;
        return (
          <Stack gap={2}>
            {uses.map((use) =>
              use.href ? (
                <Anchor key={use.label} component={AppLink} to={use.href} size="sm">
                  {use.label}
                </Anchor>
              ) : (
                <Text key={use.label} size="sm">
                  {use.label}
                </Text>
              ),
            )}
          </Stack>
        );
      },
      sortable: false,
    },
    {
      id: 'createdAt',
      header: 'Uploaded',
      value: (file) => parseServerTime(file.createdAt),
      cell: (file) => <Text size="sm">{formatDateTime(parseServerTime(file.createdAt))}</Text>,
      searchable: false,
      width: 170,
    },
  ];

  const rowActions: RowAction<Attachment>[] = [
    { label: 'Open', run: (file) => openFile(file.url) },
    { label: 'Rename', run: renaming.edit },
    deleteAction<Attachment>({
      confirm: (file) => ({
        title: `Delete ${file.filename}?`,
        message: file.usedBy.length ? `${file.usedBy.length} question(s) show this file: change them first.` : 'The file is removed from this olympiad.',
        confirmLabel: 'Delete file',
      }),
      change: (file) => remove.mutateAsync(file),
    }),
  ];
  const grid = useWholeListGrid(attachmentsQuery(olympiadId), columns);

  const upload = async (files: File[]) => {
    setUploading(true);
    for (const file of files) {
      const result = await uploadOne.mutateAsync({ olympiadId, file });
      if (result.ok) notify(`${file.name} uploaded.`, { tone: 'success' });
      else alertError(result.message, `${file.name} was not uploaded`);
    }
    setUploading(false);
  };

  return (
    <>
      <DataGrid<Attachment>
        label="Files"
        {...grid}
        columns={columns}
        getRowId={(file) => String(file.id)}
        exportName="files"
        rowActions={rowActions}
        initialSort={[{ id: 'createdAt', desc: true }]}
        searchPlaceholder="Search by file name"
        toolbar={
          olympiadId !== null && (
            <Group gap="xs">
              <FileButton onChange={(files) => void upload(files)} accept={ACCEPTED} multiple>
                {(props) => (
                  <Button {...props} loading={uploading}>
                    Upload files…
                  </Button>
                )}
              </FileButton>
            </Group>
          )
        }
      />
      <RenameFileModal editor={renaming} />
    </>
  );
}
