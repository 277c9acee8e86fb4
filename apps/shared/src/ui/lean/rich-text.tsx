// The one place the apps put HTML into a page. Every rich text (question stems and options, module
// instructions, the olympiad's instructions and declaration) passes the server's one sanitiser when
// it is stored and again when it is read, so only formatting and the olympiad's own pictures reach
// here. A lint rule keeps `dangerouslySetInnerHTML` out of every other file, so no screen can show
// text that did not come this way.

export type RichTextProps = {
  /** Sanitised HTML from the server. */
  html: string;
  /** The element that holds it; a `span` inside a label. */
  as?: 'div' | 'span';
  className?: string;
  id?: string;
};

export function RichText({ html, as = 'div', className, id }: RichTextProps) {
  const Tag = as;
  return <Tag className={className} id={id} dangerouslySetInnerHTML={{ __html: html }} />;
}
