// Home (public): /{product}/home, the product's own home: its copy (Website Copy), every project with
// its site, and what teachers and learners said.
import { productSlug } from '@olympiad/shared/access/product';
import { AppLink } from '@olympiad/shared/router/app-link';
import { useProjects } from '@olympiad/shared/features/projects/api/get-projects';
import { useSiteTestimonials } from '@olympiad/shared/features/content/api/get-testimonials';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { CopyPage } from '../../features/pages/copy-page';

export default function ProductHomeScreen(_props: ScreenComponentProps) {
  const projects = useProjects();
  const testimonials = useSiteTestimonials(productSlug());
  return (
    <CopyPage kind="product" pageKey="home" title="School olympiads for South African learners">
      <ul className="public-cards public-list" aria-label="The olympiads">
        {(projects.data ?? []).map((project) => (
          <li key={project.id} className="public-card">
            <h2>
              <AppLink to={`/${project.slug}`}>{project.name}</AppLink>
            </h2>
            {project.description && <p className="public-dim">{project.description}</p>}
          </li>
        ))}
      </ul>
      {testimonials.data && testimonials.data.length > 0 && (
        <section className="public-stack" aria-labelledby="testimonials">
          <h2 id="testimonials">What they say</h2>
          {testimonials.data.map((testimonial) => (
            <figure key={testimonial.id} className="public-quote">
              <blockquote>
                <p>{testimonial.quote}</p>
              </blockquote>
              <figcaption>
                — {testimonial.author}
                {testimonial.affiliation ? `, ${testimonial.affiliation}` : ''}
              </figcaption>
            </figure>
          ))}
        </section>
      )}
    </CopyPage>
  );
}
