// /overlord/file-attachments: every olympiad's files, with the olympiad each belongs to.
import { useProjects } from '@olympiad/shared/features/projects/api/get-projects';
import { GridScreen } from '@olympiad/shared/resource/grid-screen';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import type { Attachment } from '../api/get-attachments';
import { FilesGrid } from './files-grid';

export function OverlordFilesScreen({ route }: ScreenComponentProps) {
  const projects = useProjects(true);
  const olympiads = new Map((projects.data ?? []).flatMap((project) => project.olympiads.map((o) => [o.id, o.title] as const)));
  const olympiadOf = (file: Attachment) =>
    file.olympiadId == null ? 'No olympiad' : (olympiads.get(file.olympiadId) ?? `Olympiad #${file.olympiadId}`);
  return (
    <GridScreen title={route.title} description="The files of every olympiad. Each olympiad’s admin uploads and uses them in its File Manager.">
      <FilesGrid
        key={projects.dataUpdatedAt}
        olympiadId={null}
        usedBy={(file) =>
          file.usedBy.length === 0 ? [] : [{ label: `${file.usedBy.length} question${file.usedBy.length === 1 ? '' : 's'}`, href: null }]
        }
        extraColumns={[{ id: 'olympiad', header: 'Olympiad', value: olympiadOf, filter: { type: 'text' } }]}
      />
    </GridScreen>
  );
}
