// GET /api/attachment/{id}: a question's picture, which needs the session's token, as an object URL.
// Kept for the page's life: a paper has few pictures and a learner goes back and forth between them;
// and kept on the device, for a page opened again without a network.
import { fetchWithSession } from '@olympiad/shared/api/file-url';

const pictures = new Map<string, Promise<string>>();

const PICTURE_CACHE = 'olympiad-pictures';

async function pictureCache(): Promise<Cache | null> {
  return 'caches' in window ? caches.open(PICTURE_CACHE).catch(() => null) : null;
}

async function fetchPicture(path: string): Promise<Response> {
  try {
    const response = await fetchWithSession(path);
    if (response.ok) await (await pictureCache())?.put(path, response.clone()).catch(() => undefined);
    return response;
  } catch (error) {
    const copy = await (await pictureCache())?.match(path);
    if (copy) return copy;
    throw error;
  }
}

export function pictureUrl(imageUrl: string): Promise<string> {
  let picture = pictures.get(imageUrl);
  if (!picture) {
    picture = fetchPicture(imageUrl).then(async (response) => {
      if (!response.ok) throw new Error(`picture ${imageUrl}: ${response.status}`);
      return URL.createObjectURL(await response.blob());
    });
    // A failed load may be tried again (the network came back).
    picture.catch(() => pictures.delete(imageUrl));
    pictures.set(imageUrl, picture);
  }
  return picture;
}
