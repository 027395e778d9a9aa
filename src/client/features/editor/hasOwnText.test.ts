import { describe, expect, it } from 'vitest';
import { BLANK_DIAGRAM, TEMPLATES } from '@shared/templates';
import { hasOwnText } from './hasOwnText';

describe('hasOwnText', () => {
  it('is false for the blank diagram, a template as chosen, or nothing', () => {
    expect(hasOwnText(BLANK_DIAGRAM.content)).toBe(false);
    for (const template of TEMPLATES) expect(hasOwnText(template.content)).toBe(false);
    expect(hasOwnText('  \n')).toBe(false);
  });

  it('is true once the text was changed', () => {
    expect(hasOwnText(`${BLANK_DIAGRAM.content}\n    User->>System: more`)).toBe(true);
    expect(hasOwnText('graph TD\nA-->B')).toBe(true);
  });
});
