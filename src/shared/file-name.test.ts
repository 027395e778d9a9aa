import { describe, expect, it } from 'vitest';
import { exportFileName } from './file-name.js';

describe('exportFileName', () => {
  it('keeps letters, digits, spaces and hyphens', () => {
    expect(exportFileName('Checkout flow: v2!', 'png')).toBe('Checkout flow v2.png');
    expect(exportFileName('***', 'svg')).toBe('diagram.svg');
  });

  it('drops bidirectional controls, so a name cannot pretend another extension', () => {
    const bidi = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C';
    expect(exportFileName(`invoice\u202Egnp.exe`, 'png')).toBe('invoicegnpexe.png');
    expect(exportFileName(`a${bidi}b`, 'svg')).toBe('ab.svg');
    expect(exportFileName(bidi, 'svg')).toBe('diagram.svg');
  });
});
