// The one place the apps put HTML into a page. Every rich text (question stems and options, module
// instructions, the olympiad's instructions and declaration) passes the server's one sanitiser when
// it is stored and again when it is read, so only formatting and the olympiad's own pictures should
// reach here. The browser still does not trust it: a stored text is shown to thousands of learners
// and to staff signed in with the power to change the paper, so one script slipping through (a
// sanitiser's bug, a row restored from an old backup, a proxy that rewrites a response) would run
// as each of them. `cleanHtml` therefore keeps the same short list of tags again, in a document that
// loads and runs nothing, before any HTML touches the page. A lint rule keeps
// `dangerouslySetInnerHTML` and `innerHTML =` out of every other file, so no screen can show text
// that did not come this way.
import { useMemo } from 'react';

/** The server's allow-list: formatting, lists, tables and pictures. */
const TAGS = new Set([
  'p', 'br', 'b', 'strong', 'i', 'em', 'u', 'sub', 'sup', 'ul', 'ol', 'li',
  'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img', 'span', 'h3', 'h4', 'blockquote',
]);
const IMAGE_ATTRIBUTES = new Set(['src', 'alt', 'width', 'height']);
/** Pictures of this olympiad's own files only: an outside one would tell a third party who is writing. */
const OWN_FILES = '/api/attachment/';
/** Dropped with everything inside; any other unknown tag is unwrapped and its text kept. */
const DROPPED = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'textarea', 'title']);
const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

function cleanChildren(parent: Element) {
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) continue;
    if (node.nodeType !== Node.ELEMENT_NODE) {
      node.remove(); // comments and the like
      continue;
    }
    const element = node as Element;
    const name = element.localName;
    const html = element.namespaceURI === HTML_NAMESPACE;
    if (html && DROPPED.has(name)) {
      element.remove();
      continue;
    }
    cleanChildren(element);
    if (!html || !TAGS.has(name)) {
      element.replaceWith(...Array.from(element.childNodes));
      continue;
    }
    for (const attribute of Array.from(element.attributes)) {
      const kept =
        name === 'img' &&
        IMAGE_ATTRIBUTES.has(attribute.name) &&
        (attribute.name !== 'src' || attribute.value.startsWith(OWN_FILES));
      if (!kept) element.removeAttribute(attribute.name);
    }
  }
}

/**
 * The HTML with only the allowed tags and attributes. It is parsed by `DOMParser`, whose document
 * loads no picture and runs no script or handler, so nothing happens until the clean result is shown.
 */
export function cleanHtml(html: string): string {
  if (!html) return '';
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  cleanChildren(body);
  return body.innerHTML;
}

/** Fills an element (the rich-text editor's writing area) with the cleaned HTML. */
export function putRichHtml(element: HTMLElement, html: string) {
  element.innerHTML = cleanHtml(html);
}

export type RichTextProps = {
  /** Sanitised HTML from the server. */
  html: string;
  /** The element that holds it; a `span` inside a label. */
  as?: 'div' | 'span';
  className?: string;
  id?: string;
};

export function RichText({ html, as = 'div', className, id }: RichTextProps) {
  const clean = useMemo(() => cleanHtml(html), [html]);
  const Tag = as;
  return <Tag className={className} id={id} dangerouslySetInnerHTML={{ __html: clean }} />;
}
