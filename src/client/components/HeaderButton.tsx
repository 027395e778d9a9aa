import type { LucideIcon } from 'lucide-react';
import { HEADER_LABEL } from './headerLabel';
import { Button, type ButtonProps } from './ui/button';

/**
 * An editor header action: its icon, and its word from 1280 px (narrower, the word stays its
 * accessible name and its hover title).
 */
export function HeaderButton({
  icon: Icon,
  label,
  ...props
}: ButtonProps & { icon: LucideIcon; label: string }) {
  return (
    <Button variant="outline" size="sm" title={label} {...props}>
      <Icon className="h-4 w-4" aria-hidden />
      <span className={HEADER_LABEL}>{label}</span>
    </Button>
  );
}
