import { cn } from '@/lib/cn';

/** The product mark (two lifelines and their messages), same drawing as public/favicon.svg. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('h-7 w-7 shrink-0', className)} aria-hidden>
      <rect width="32" height="32" rx="7" fill="#4f46e5" />
      <path d="M10 6v20M22 6v20" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      <path
        d="M10 12h10m0 0-3-3m3 3-3 3M22 20H12m0 0 3-3m-3 3 3 3"
        stroke="#c7d2fe"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        fill="none"
      />
    </svg>
  );
}
