import { TOKEN_SCOPES, type TokenScope } from '@shared/schemas';
import { API_TOKEN_COPY, API_TOKEN_TESTIDS } from './copy';

/** The new token's access, chosen before regenerating: two radios (arrow keys move between them). */
export function TokenScopeChoice({
  value,
  onChange,
  disabled,
}: {
  value: TokenScope;
  onChange: (scope: TokenScope) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset
      className="mt-3 grid gap-2"
      disabled={disabled}
      data-testid={API_TOKEN_TESTIDS.scopeChoice}
    >
      <legend className="mb-1 font-medium">{API_TOKEN_COPY.scopeLegend}</legend>
      {TOKEN_SCOPES.map((scope) => {
        const about = API_TOKEN_COPY.scopes[scope];
        const hintId = `token-scope-${scope}-hint`;
        return (
          <label
            key={scope}
            className="flex min-h-11 cursor-pointer items-start gap-2 rounded-md border border-border bg-background p-2 has-checked:border-primary md:min-h-0"
          >
            <input
              type="radio"
              name="token-scope"
              value={scope}
              checked={value === scope}
              onChange={() => onChange(scope)}
              aria-describedby={hintId}
              className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
            />
            <span className="grid gap-0.5">
              <span className="font-medium">{about.name}</span>
              <span id={hintId} className="text-xs text-muted-foreground">
                {about.hint}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
