/** Landing-page wording that is ours (the spec's own strings live in @shared/messages). */
import { Download, LayoutTemplate, RefreshCw, ShieldCheck, type LucideIcon } from 'lucide-react';

export const LANDING_COPY = {
  eyebrow: 'Diagrams as text, drawn as you type',
  tryEditor: 'Try the editor',
  terms: 'By signing in, you agree to our Terms of Service and Privacy Policy.',
  featuresHeading: 'Everything a sequence diagram needs',
  featuresIntro: 'Write plain Mermaid text on the left, watch the diagram take shape on the right.',
  footer: 'Lifeline, sequence diagrams from plain text.',
  /** Spec §2's editor-header wording, so the two never sit side by side in two spellings. */
  signInShort: 'Sign In',
} as const;

export interface Feature {
  title: string;
  body: string;
  Icon: LucideIcon;
}

/** Spec §2: four blurbs — export options, sharing and privacy, templates, auto-save. */
export const FEATURES: readonly Feature[] = [
  {
    title: 'Export options',
    body: 'Download any diagram as a crisp SVG for docs or a PNG for slides and chat.',
    Icon: Download,
  },
  {
    title: 'Sharing and privacy',
    body: 'Diagrams are private until you choose to share them with a public, read-only link.',
    Icon: ShieldCheck,
  },
  {
    title: 'Templates',
    body: 'Start from ready-made sequence, flowchart and class diagrams instead of a blank page.',
    Icon: LayoutTemplate,
  },
  {
    title: 'Auto-save',
    body: 'Signed in, every change is saved for you a moment after you stop typing.',
    Icon: RefreshCw,
  },
];
