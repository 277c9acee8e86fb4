// Testimonials (overlord): what people said, per site.
export { TestimonialsScreen as default } from '../../features/content/components/testimonials-screen';
