// One award template's pictures: a background over the whole A4 landscape page, and up to two
// signatures, each in its box placed in millimetres from the page's top left corner (297 × 210 mm).
// A picture is uploaded as soon as it is chosen (POST /api/certificate/image/{id}); the design names it
// by its attachment and is saved with the rest.
import { useState } from 'react';
import { ActionIcon, Button, FileInput, Group, Image, NumberInput, Stack, Text } from '@mantine/core';
import { useFileUrl } from '@olympiad/shared/api/file-url';
import { alertError } from '@olympiad/shared/feedback/notifications';
import { uploadCertificateImage, type AwardTemplate, type SignatureImage } from '../api/certificate-config';

const PICTURE_TYPES = 'image/png,image/jpeg';

function Thumbnail({ attachmentId, alt }: { attachmentId: number; alt: string }) {
  const url = useFileUrl(`/api/attachment/${attachmentId}`);
  return url ? <Image src={url} alt={alt} h={48} w="auto" fit="contain" /> : <Text size="xs">Picture {attachmentId}</Text>;
}

type Props = {
  olympiadId: number;
  template: AwardTemplate;
  index: number;
  label: string;
  editable: boolean;
  errors: Record<string, string>;
  onChange: (template: AwardTemplate) => void;
};

export function TemplatePictures({ olympiadId, template, index, label, editable, errors, onChange }: Props) {
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File | null): Promise<number | null> => {
    if (!file) return null;
    setUploading(true);
    const result = await uploadCertificateImage(olympiadId, file);
    setUploading(false);
    if (!result.ok) {
      alertError(result.fields.file ? `${file.name}: ${result.fields.file}` : result.message);
      return null;
    }
    return result.data.attachmentId;
  };
  const signatures = template.signatures ?? [];
  const setSignature = (at: number, change: Partial<SignatureImage>) =>
    onChange({ ...template, signatures: signatures.map((s, i) => (i === at ? { ...s, ...change } : s)) });
  const number = (value: string | number, fallback: number) => (typeof value === 'number' ? value : Number(value) || fallback);
  const prefix = `awards[${index}]`;
  return (
    <Stack gap="xs" pl="md">
      <Group align="flex-end">
        <FileInput
          label={`${label}: background (whole page)`}
          placeholder="PNG or JPEG, at most 2 MB"
          accept={PICTURE_TYPES}
          disabled={!editable || uploading}
          error={errors[`${prefix}.backgroundAttachmentId`]}
          value={null}
          w={280}
          onChange={async (file) => {
            const id = await upload(file);
            if (id !== null) onChange({ ...template, backgroundAttachmentId: id });
          }}
        />
        {template.backgroundAttachmentId != null && (
          <>
            <Thumbnail attachmentId={template.backgroundAttachmentId} alt={`${label}: background`} />
            {editable && (
              <Button variant="subtle" size="xs" onClick={() => onChange({ ...template, backgroundAttachmentId: null })}>
                Remove background
              </Button>
            )}
          </>
        )}
      </Group>
      {signatures.map((signature, at) => (
        <Group key={at} align="flex-end" wrap="wrap">
          <Thumbnail attachmentId={signature.attachmentId} alt={`${label}: signature ${at + 1}`} />
          {(['x', 'y', 'width', 'height'] as const).map((field) => (
            <NumberInput
              key={field}
              label={`Signature ${at + 1}: ${field === 'x' ? 'from left' : field === 'y' ? 'from top' : field} (mm)`}
              w={150}
              min={field === 'width' || field === 'height' ? 5 : 0}
              max={field === 'x' || field === 'width' ? 297 : 210}
              value={signature[field]}
              error={errors[`${prefix}.signatures[${at}].${field}`] ?? (field === 'x' ? errors[`${prefix}.signatures[${at}].attachmentId`] : undefined)}
              disabled={!editable}
              onChange={(value) => setSignature(at, { [field]: number(value, signature[field]) })}
            />
          ))}
          {editable && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`${label}: remove signature ${at + 1}`}
              mb={4}
              onClick={() => onChange({ ...template, signatures: signatures.filter((_, i) => i !== at) })}
            >
              ×
            </ActionIcon>
          )}
        </Group>
      ))}
      {editable && signatures.length < 2 && (
        <FileInput
          label={`${label}: add a signature`}
          placeholder="PNG (transparent) or JPEG"
          accept={PICTURE_TYPES}
          disabled={uploading}
          error={errors[`${prefix}.signatures`]}
          value={null}
          w={280}
          onChange={async (file) => {
            const id = await upload(file);
            // Below the middle, where a signature line usually is; moved with the numbers.
            const place = signatures.length === 0 ? { x: 40, y: 160 } : { x: 197, y: 160 };
            if (id !== null) onChange({ ...template, signatures: [...signatures, { attachmentId: id, ...place, width: 60, height: 22 }] });
          }}
        />
      )}
    </Stack>
  );
}
