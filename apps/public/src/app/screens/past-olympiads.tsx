// Past Olympiads (public): /:projectName/past-olympiads, the project's olympiads of earlier years, each
// with its winners.
import { useParams } from 'react-router-dom';
import { Anchor, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { productSlug } from '@olympiad/shared/access/product';
import { AppLink } from '@olympiad/shared/router/app-link';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { CopyPage } from '../../features/pages/components/copy-page';

async function getProject(id: string) {
  return unwrap(await call(api.GET('/api/{product}-suite/project/{id}', { params: { path: { product: productSlug(), id } } })));
}

export default function PastOlympiadsScreen({ route }: ScreenComponentProps) {
  const { projectName = '' } = useParams();
  const project = useQuery({ queryKey: ['projects', 'detail', projectName], queryFn: () => getProject(projectName), retry: false });
  return (
    <CopyPage kind="project" pageKey="past-olympiads" title={route.title}>
      {project.isPending && <Skeleton height={120} role="status" aria-label="Loading" />}
      {project.data && project.data.pastOlympiads.length === 0 && <Text c="dimmed">No olympiad of an earlier year is on record yet.</Text>}
      {project.data && project.data.pastOlympiads.length > 0 && (
        <Stack gap="xs">
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Year</Table.Th>
                <Table.Th scope="col">Olympiad</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {project.data.pastOlympiads.map((olympiad) => (
                <Table.Tr key={olympiad.id}>
                  <Table.Td>{olympiad.year}</Table.Td>
                  <Table.Td>{olympiad.title}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group>
            <Anchor component={AppLink} to={`/${projectName}/past-winners`}>
              See the winners of past olympiads
            </Anchor>
          </Group>
        </Stack>
      )}
    </CopyPage>
  );
}
