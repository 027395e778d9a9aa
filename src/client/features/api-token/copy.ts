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
} as const;

export const API_TOKEN_TESTIDS = {
  dialog: 'api-token-dialog',
  token: 'api-token-value',
  copy: 'api-token-copy',
  regenerate: 'api-token-regenerate',
  confirm: 'api-token-confirm',
  curl: 'api-token-curl',
} as const;
