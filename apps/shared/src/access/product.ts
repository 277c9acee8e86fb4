// `{product}` in the matrix's paths is the configured product slug (the server's PRODUCT_SLUG). The server
// may announce it in index.html as <meta name="product" content="…">; the API's suite endpoints use it too
// (`/api/{product}-suite/...`).
export const DEFAULT_PRODUCT_SLUG = 'olympiads';

export function productSlug(doc: Document | undefined = globalThis.document): string {
  const announced = doc?.querySelector('meta[name="product"]')?.getAttribute('content')?.trim();
  return announced && /^[a-z0-9-]+$/.test(announced) ? announced : DEFAULT_PRODUCT_SLUG;
}

export function withProduct(path: string, product: string): string {
  return path.replaceAll('{product}', product);
}
