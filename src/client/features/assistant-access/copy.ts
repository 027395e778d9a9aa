import type { TokenScope } from '@shared/schemas';

export const CONSENT_COPY = {
  title: (name: string) => `Allow ${name} to use your diagrams?`,
  answersTo: 'After you answer, you go back to',
  nameNote:
    'An assistant chooses its own name. Allow it only if you started this from an assistant you trust and the address above is where it lives.',
  signedInAs: (who: string) => `Signed in as ${who}`,
  mayLabel: 'It will be able to',
  scopes: {
    read: ['Read and search your diagrams and their history', 'Draw your diagrams as images'],
    full: [
      'Read and search your diagrams and their history',
      'Draw your diagrams as images',
      'Create, change, share and delete your diagrams',
    ],
  } satisfies Record<TokenScope, string[]>,
  revokeNote: 'You can disconnect it at any time under API Token, Assistants.',
  allow: 'Allow',
  deny: 'Deny',
  leaving: (name: string) => `Going back to ${name}…`,
  gone: 'This request has expired or was already answered. Start connecting again from your assistant.',
  missing: 'This link does not name a request to connect an assistant.',
  failed: 'Your answer could not be sent. Please try again.',
  home: 'Back to your diagrams',
  signInTitle: 'Sign in to connect an assistant',
  signInBody:
    'An assistant asked to use your Lifeline diagrams. Sign in, and you will be asked to allow or deny it.',
  loading: 'Loading the request…',
} as const;

export const ASSISTANTS_COPY = {
  title: 'Assistants',
  description:
    'Assistants you connected by URL (OAuth). Each has its own access; disconnecting one stops it at once and leaves your API token as it is.',
  empty:
    'No assistants connected. An assistant connects when you add Lifeline’s /mcp address to it and allow it here.',
  connectedOn: (date: string) => `Connected ${date}`,
  lastUsed: (date: string) => `last used ${date}`,
  neverUsed: 'not used yet',
  answersTo: (target: string) => `Answers to ${target}`,
  revoke: 'Disconnect',
  revokeLabel: (name: string) => `Disconnect ${name}`,
  revoked: (name: string) => `${name} was disconnected.`,
  revokeFailed: 'The assistant could not be disconnected. Please try again.',
  loadFailed: 'Your assistants could not be loaded.',
  scopes: { read: 'Read-only', full: 'Read and change' } satisfies Record<TokenScope, string>,
} as const;

export const ASSISTANT_TESTIDS = {
  consent: 'assistant-consent',
  consentName: 'assistant-consent-name',
  consentTarget: 'assistant-consent-target',
  allow: 'assistant-consent-allow',
  deny: 'assistant-consent-deny',
  consentSignIn: 'assistant-consent-sign-in',
  list: 'assistants-list',
  item: 'assistants-item',
  revoke: 'assistants-revoke',
} as const;
