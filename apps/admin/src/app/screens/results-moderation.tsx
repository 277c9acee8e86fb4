// Results moderation (admin): /:olympiadName/admin/results/moderation.
export { ResultsModerationScreen as default } from '../../features/results/components/results-moderation-screen';
