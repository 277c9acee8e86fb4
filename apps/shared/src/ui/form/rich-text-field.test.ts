import { describe, expect, it } from 'vitest';
import { isBlankHtml } from './rich-text-field';

describe('rich text that looks empty', () => {
  it('is blank when only breaks, empty paragraphs and spaces remain', () => {
    expect(isBlankHtml('')).toBe(true);
    expect(isBlankHtml('<p><br></p>')).toBe(true);
    expect(isBlankHtml('<div>&nbsp; </div><br/>')).toBe(true);
    expect(isBlankHtml('<p>H<sub>2</sub>O</p>')).toBe(false);
    expect(isBlankHtml('<ul><li></li></ul>')).toBe(false);
  });
});
