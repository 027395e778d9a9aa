export const API_TOKEN_COPY = {
  title: 'API Token',
  description:
    'Use this token to create diagrams and turn diagram text into images from scripts. Keep it secret: it acts as you.',
  copy: 'Copy token',
  copied: 'Copied',
  regenerate: 'Regenerate',
  cancel: 'Cancel',
  confirmTitle: 'Regenerate API token?',
  docsTitle: 'Public API',
  loading: 'Loading your token…',
  readOnlyNote:
    'A read-only token may list, read, compare and draw (convert); every call that changes something answers 403.',
  scopeLegend: 'Access of the new token',
  scopes: {
    full: {
      name: 'Full access',
      hint: 'Read, create, change, share and delete your diagrams.',
    },
    read: {
      name: 'Read-only',
      hint: 'Read, search and draw your diagrams; every change is refused.',
    },
  },
} as const;

export const API_TOKEN_TESTIDS = {
  dialog: 'api-token-dialog',
  token: 'api-token-value',
  copy: 'api-token-copy',
  regenerate: 'api-token-regenerate',
  confirm: 'api-token-confirm',
  curl: 'api-token-curl',
  scope: 'api-token-scope',
  scopeChoice: 'api-token-scope-choice',
} as const;
