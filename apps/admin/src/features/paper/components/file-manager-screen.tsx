// /:olympiadName/admin/file-attachments: the olympiad's images and documents, where each is used.
import { useParams } from 'react-router-dom';
import { GridScreen } from '@olympiad/shared/resource/grid-screen';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { questionPlaces, usePaper } from '../api/get-paper';
import { useOlympiadId } from '../../olympiad/use-olympiad-id';
import { FilesGrid } from './files-grid';

export function FileManagerScreen({ route }: ScreenComponentProps) {
  const { olympiadName = '' } = useParams();
  const olympiadId = useOlympiadId();
  const paper = usePaper(olympiadId);
  const places = questionPlaces(paper.data);
  return (
    <GridScreen
      title={route.title}
      description="Images (PNG, JPEG, GIF, WebP) for questions and PDF documents. The type is judged from the file itself; a file that questions show cannot be deleted until they no longer do."
    >
      {olympiadId !== null && (
        <FilesGrid
          key={paper.dataUpdatedAt}
          olympiadId={olympiadId}
          usedBy={(file) =>
            file.usedBy.map((questionId) => {
              const place = places.get(questionId);
              return {
                label: place?.label ?? `Question #${questionId}`,
                href: place ? `/${olympiadName}/admin/edit/questions?module=${place.moduleId}&question=${questionId}` : null,
              };
            })
          }
        />
      )}
    </GridScreen>
  );
}
