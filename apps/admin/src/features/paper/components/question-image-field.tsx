// The question's image: one of the olympiad's image files, or a new one uploaded here. Types and sizes
// the server refuses come back with its sentence.
import { useController, type Control } from 'react-hook-form';
import { Button, FileButton, Group, Image, Select, Stack, Text } from '@mantine/core';
import { useFileUrl } from '@olympiad/shared/api/file-url';
import { alertError, notify } from '@olympiad/shared/feedback/notifications';
import { isImage, useAttachments } from '../api/get-attachments';
import { useUploadAttachment } from '../api/upload-attachment';
import type { QuestionFormValues } from '../question-form';

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

export function QuestionImageField({ control, olympiadId }: { control: Control<QuestionFormValues>; olympiadId: number }) {
  const { field } = useController({ control, name: 'attachmentId' });
  const attachments = useAttachments(olympiadId);
  const uploadOne = useUploadAttachment();
  const images = (attachments.data ?? []).filter(isImage);
  const chosen = images.find((image) => image.id === field.value);
  const preview = useFileUrl(chosen?.url);

  const upload = async (file: File | null) => {
    if (!file) return;
    const result = await uploadOne.mutateAsync({ olympiadId, file });
    if (!result.ok) return alertError(result.message, `${file.name} was not uploaded`);
    if (!result.data.contentType.startsWith('image/')) {
      alertError('Only an image can be shown with a question; the file is kept in the File Manager.');
    } else {
      field.onChange(result.data.id);
      notify(`${result.data.filename} uploaded.`, { tone: 'success' });
    }
  };

  return (
    <Stack gap={6}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Image"
          placeholder={images.length ? 'No image' : 'No images uploaded yet'}
          data={images.map((image) => ({ value: String(image.id), label: image.filename }))}
          value={field.value == null ? null : String(field.value)}
          onChange={(value) => field.onChange(value === null ? null : Number(value))}
          clearable
          searchable
          style={{ flex: '1 1 14rem' }}
        />
        <FileButton onChange={(file) => void upload(file)} accept={IMAGE_TYPES}>
          {(props) => (
            <Button variant="default" {...props}>
              Upload image…
            </Button>
          )}
        </FileButton>
      </Group>
      {field.value != null && (
        <Group gap="sm" align="flex-start">
          {preview ? (
            <Image src={preview} alt={chosen?.filename ?? 'Question image'} h={72} w="auto" fit="contain" radius="sm" />
          ) : (
            <Text size="sm" c="dimmed">
              Loading the image…
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}
