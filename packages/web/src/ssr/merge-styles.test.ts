import { describe, expect, it } from 'vitest';
import { mergeStyles } from './merge-styles';

describe('mergeStyles', () => {
  it("gathers emotion's sheets into one, first, and leaves global sheets and markup where they were", () => {
    const html =
      '<style data-emotion="css-global g1">body{margin:0}</style>' +
      '<div><style data-emotion="css a1">.css-a1{color:red}</style><p class="css-a1">x</p>' +
      '<style data-emotion="css b2 c3">.css-b2{}.css-c3{}</style><span class="css-b2">y</span></div>';
    expect(mergeStyles(html)).toBe(
      '<style data-emotion="css a1 b2 c3">.css-a1{color:red}.css-b2{}.css-c3{}</style>' +
        '<style data-emotion="css-global g1">body{margin:0}</style>' +
        '<div><p class="css-a1">x</p><span class="css-b2">y</span></div>',
    );
  });

  it('leaves markup without sheets alone', () => {
    expect(mergeStyles('<p>plain</p>')).toBe('<p>plain</p>');
  });
});
