// Home (public): /{product}/home, the product's own home: its copy (Website Copy), every project with
// its site, and what teachers and learners said.
import { Anchor, Blockquote, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { productSlug } from '@olympiad/shared/access/product';
import { AppLink } from '@olympiad/shared/router/app-link';
import { useProjects } from '@olympiad/shared/features/projects/api/get-projects';
import { useSiteTestimonials } from '@olympiad/shared/features/content/api/get-testimonials';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { CopyPage } from '../../features/pages/components/copy-page';

export default function ProductHomeScreen(_props: ScreenComponentProps) {
  const projects = useProjects();
  const testimonials = useSiteTestimonials(productSlug());
  return (
    <CopyPage kind="product" pageKey="home" title="School olympiads for South African learners">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {(projects.data ?? []).map((project) => (
          <Card key={project.id} withBorder radius="md" padding="lg">
            <Stack gap="xs">
              <Title order={2} size="h4">
                <Anchor component={AppLink} to={`/${project.slug}`}>
                  {project.name}
                </Anchor>
              </Title>
              <Text size="sm" c="dimmed">
                {project.description}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {testimonials.data && testimonials.data.length > 0 && (
        <Stack gap="sm">
          <Title order={2} size="h3">
            What they say
          </Title>
          {testimonials.data.map((testimonial) => (
            <Blockquote key={testimonial.id} cite={`— ${testimonial.author}${testimonial.affiliation ? `, ${testimonial.affiliation}` : ''}`}>
              {testimonial.quote}
            </Blockquote>
          ))}
        </Stack>
      )}
    </CopyPage>
  );
}
