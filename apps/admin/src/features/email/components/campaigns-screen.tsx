// Campaigns (overlord): named groups of mass mails with their totals; a mass mail joins one in Mass Mails.
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import type { GridColumn } from '@olympiad/shared/ui/data-grid/grid-types';
import { emptyValues, fieldColumn } from '@olympiad/shared/resource/declared-fields';
import { FieldControl } from '@olympiad/shared/resource/field-control';
import { ResourceGrid } from '@olympiad/shared/resource/resource-grid';
import { useResourceEditor } from '@olympiad/shared/resource/use-resource-editor';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import { deleteAction } from '@olympiad/shared/resource/row-actions';
import { campaignFields, campaignSchema, campaignsQuery, useCreateCampaign, useDeleteCampaign, type Campaign } from '../api/email-api';

const columns: GridColumn<Campaign>[] = [
  fieldColumn(campaignFields, 'name'),
  fieldColumn(campaignFields, 'notes'),
  { id: 'massMails', header: 'Mass mails', value: (c) => c.massMails, searchable: false, width: 110 },
  { id: 'sent', header: 'Sent', value: (c) => c.progress.sent, searchable: false, width: 90 },
  { id: 'failed', header: 'Failed', value: (c) => c.progress.failed, searchable: false, width: 90 },
  { id: 'bounced', header: 'Bounced', value: (c) => c.progress.bounced, searchable: false, width: 90 },
  { id: 'held', header: 'Waiting', value: (c) => c.progress.held, searchable: false, width: 90 },
];

const noCampaign = emptyValues(campaignFields);

export function CampaignsScreen({ route }: ScreenComponentProps) {
  const grid = useWholeListGrid(campaignsQuery(), columns);
  const [create, remove] = [useCreateCampaign(), useDeleteCampaign()];
  // Campaigns are made here, never edited: the editor only opens empty.
  const editor = useResourceEditor({ schema: campaignSchema, empty: noCampaign, valuesOf: (_campaign: Campaign) => noCampaign, save: (values) => create.mutateAsync(values) });
  const rowActions = [
    deleteAction<Campaign>({ confirm: (c) => ({ title: `Delete the campaign “${c.name}”?`, message: 'Its mass mails stay, in no campaign.' }), change: (c) => remove.mutateAsync(c.id) }),
  ];
  return (
    <ResourceGrid
      title={route.title}
      description="Groups of mass mails, with what they did together."
      label="Campaigns"
      {...grid}
      columns={columns}
      rowActions={rowActions}
      initialSort={[{ id: 'name', desc: false }]}
      editor={editor}
      create={{ label: 'New campaign', operation: 'POST /api/campaign' }}
      submitLabel="Create"
    >
      <FieldControl control={editor.form.control} fields={campaignFields} name="name" />
      <FieldControl control={editor.form.control} fields={campaignFields} name="notes" />
    </ResourceGrid>
  );
}
