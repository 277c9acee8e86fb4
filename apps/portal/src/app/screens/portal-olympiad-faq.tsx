// FAQ (teacher): /portal/:olympiadName/faq, the questions of the olympiad's project, then the portal's.
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton, Stack, Title } from '@mantine/core';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { FaqList } from '@olympiad/shared/features/content/components/faq-list';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';

async function getOlympiad(name: string) {
  return unwrap(await call(api.GET('/api/website/olympiad/{id}', { params: { path: { id: name } } })));
}

export default function PortalOlympiadFaqScreen({ route }: ScreenComponentProps) {
  const { olympiadName = '' } = useParams();
  const olympiad = useQuery({ queryKey: ['website-olympiad', olympiadName], queryFn: () => getOlympiad(olympiadName), retry: false });
  return (
    <Stack gap="lg" maw={860}>
      <Title order={1}>
        {route.title}
        {olympiad.data ? `: ${olympiad.data.title}` : ''}
      </Title>
      {olympiad.isPending && <Skeleton height={120} role="status" aria-label="Loading" />}
      {olympiad.isError && <Alert color="red">{olympiad.error.message}</Alert>}
      {olympiad.data && <FaqList site={olympiad.data.projectSlug} />}
      <Title order={2} size="h3">
        About the portal
      </Title>
      <FaqList site="portal" />
    </Stack>
  );
}
