import { afterEach, describe, expect, it } from 'vitest';
import { currentToasts, dismissToast, setToastsQuiet, toast } from './toast-store';

const titles = () => currentToasts().map((item) => item.title);

describe('quiet toasts (present mode)', () => {
  afterEach(() => {
    setToastsQuiet(false);
    for (const item of currentToasts()) dismissToast(item.id);
  });

  it('going quiet takes news off the screen and keeps a problem on it', () => {
    toast({ title: 'Auto-saved' });
    expect(titles()).toEqual(['Auto-saved']);
    setToastsQuiet(true);
    expect(titles()).toEqual([]);
    setToastsQuiet(false);
    toast({ title: 'Error', variant: 'destructive' });
    setToastsQuiet(true);
    expect(titles()).toEqual(['Error']);
  });

  it('while quiet, news is dropped and a problem is shown; afterwards news shows again', () => {
    setToastsQuiet(true);
    toast({ title: 'Diagram saved' });
    expect(titles()).toEqual([]);
    toast({ title: 'Failed to save', variant: 'destructive' });
    expect(titles()).toEqual(['Failed to save']);
    setToastsQuiet(false);
    toast({ title: 'Auto-saved' });
    expect(titles()[0]).toBe('Auto-saved');
  });
});
