// GET /api/attachment/{id}: a question's picture, which needs the session's token, as an object URL.
// Kept for the page's life: a paper has few pictures and a learner goes back and forth between them.
import { API_BASE } from '@olympiad/shared/api/client';
import { accessToken } from '@olympiad/shared/session/stored-user';

const pictures = new Map<string, Promise<string>>();

export function pictureUrl(imageUrl: string): Promise<string> {
  let picture = pictures.get(imageUrl);
  if (!picture) {
    picture = fetch(`${API_BASE}${imageUrl}`, { headers: { Authorization: `Bearer ${accessToken() ?? ''}` }, credentials: 'same-origin' }).then(async (response) => {
      if (!response.ok) throw new Error(`picture ${imageUrl}: ${response.status}`);
      return URL.createObjectURL(await response.blob());
    });
    // A failed load may be tried again (the network came back).
    picture.catch(() => pictures.delete(imageUrl));
    pictures.set(imageUrl, picture);
  }
  return picture;
}
