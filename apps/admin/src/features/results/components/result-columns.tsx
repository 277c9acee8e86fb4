// The columns of a results grid, shared by Results moderation and View results.
import { Badge } from '@mantine/core';
import { provinceOptions } from '@olympiad/shared/lib/south-africa';
import type { GridColumn } from '@olympiad/shared/ui/data-grid/grid-types';
import type { ResultRow } from '../api/get-results';

const awards = ['gold', 'silver', 'bronze', 'merit', 'participation'] as const;
const awardColour: Record<(typeof awards)[number], string> = { gold: 'yellow', silver: 'gray', bronze: 'orange', merit: 'blue', participation: 'teal' };

export function awardLabel(award: string | null | undefined): string {
  return award ? award.charAt(0).toUpperCase() + award.slice(1) : '';
}

const grades = [8, 9, 10, 11, 12].map((g) => ({ value: String(g), label: `Grade ${g}` }));

export const resultColumns: GridColumn<ResultRow>[] = [
  { id: 'rank', header: 'Rank', value: (r) => (r.disqualified ? null : r.rank), width: 80 },
  { id: 'name', header: 'Learner', value: (r) => `${r.firstName} ${r.lastName}` },
  { id: 'grade', header: 'Grade', value: (r) => r.grade, width: 90, filter: { type: 'select', options: grades } },
  { id: 'school', header: 'School', value: (r) => r.schoolName },
  { id: 'province', header: 'Province', value: (r) => r.province, filter: { type: 'select', options: provinceOptions } },
  { id: 'score', header: 'Score', value: (r) => r.score, width: 90 },
  { id: 'percentile', header: 'Percentile', value: (r) => r.percentile, sortable: false, width: 110 },
  {
    id: 'award',
    header: 'Award',
    value: (r) => (r.disqualified ? 'disqualified' : (r.award ?? '')),
    cell: (r) =>
      r.disqualified ? (
        <Badge color="red" variant="light">
          disqualified
        </Badge>
      ) : r.award ? (
        <Badge color={awardColour[r.award]} variant="light">
          {awardLabel(r.award)}
        </Badge>
      ) : null,
    sortable: false,
    filter: { type: 'select', options: awards.map((a) => ({ value: a, label: awardLabel(a) })) },
  },
  { id: 'adjusted', header: 'Moderated', value: (r) => (r.adjusted ? `from ${r.markedScore}` : ''), sortable: false, searchable: false },
  {
    id: 'onPaper',
    header: 'Written',
    value: (r) => (r.onPaper ? 'on paper' : 'online'),
    cell: (r) =>
      r.onPaper ? (
        <Badge color="grape" variant="light">
          on paper
        </Badge>
      ) : (
        'online'
      ),
    sortable: false,
    searchable: false,
    filter: {
      type: 'select',
      options: [
        { value: 'true', label: 'On paper' },
        { value: 'false', label: 'Online' },
      ],
    },
  },
];
