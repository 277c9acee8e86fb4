// Page Not Found (public): every address no other page answers.
import { PublicNotFound } from '../../features/site/public-not-found';

export default function NotFound() {
  return <PublicNotFound />;
}
