import { escapeHtml } from '../http/escape-html';
import type { SimulatedAccount } from './accounts';

export interface ConsentRequest {
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string;
  codeChallenge: string;
  codeChallengeMethod: string;
}

const styles = `
  body { font-family: system-ui, sans-serif; background: #f1f3f4; margin: 0; padding: 40px 16px; color: #202124; }
  main { max-width: 460px; margin: 0 auto; background: #fff; border-radius: 8px; padding: 32px; box-shadow: 0 1px 3px rgba(0,0,0,.2); }
  h1 { font-size: 22px; font-weight: 500; margin: 0 0 8px; }
  p { color: #5f6368; line-height: 1.5; }
  .badge { display: inline-block; font-size: 12px; background: #fef7e0; color: #7a4f01; padding: 2px 8px; border-radius: 10px; }
  ul.scopes { padding-left: 20px; color: #3c4043; font-size: 14px; }
  button { display: block; width: 100%; text-align: left; background: #fff; border: 1px solid #dadce0; border-radius: 6px;
    padding: 12px 14px; margin: 8px 0; font-size: 15px; cursor: pointer; }
  button:hover, button:focus-visible { background: #f8f9fa; outline: 2px solid #1a73e8; }
  button small { display: block; color: #5f6368; }
  .secondary { display: flex; gap: 8px; margin-top: 20px; }
  .secondary button { text-align: center; }
`;

/** The simulator's stand-in for Google's account chooser and consent screen. */
export function renderConsentPage(
  request: ConsentRequest,
  accounts: SimulatedAccount[],
  actionUrl: string,
): string {
  const hidden = Object.entries({
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    scope: request.scope,
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: request.codeChallengeMethod,
  })
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('\n');
  const accountButtons = accounts
    .map(
      (account) =>
        `<button type="submit" name="account" value="${escapeHtml(account.id)}">${escapeHtml(account.name)}` +
        `<small>${escapeHtml(account.email)} · channel “${escapeHtml(account.channelTitle)}”</small></button>`,
    )
    .join('\n');
  const scopes = request.scope
    .split(' ')
    .filter(Boolean)
    .map((scope) => `<li>${escapeHtml(scope)}</li>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with Google (simulated)</title><style>${styles}</style></head>
<body><main>
<span class="badge">YouTube simulator — no real Google account is used</span>
<h1>Choose an account</h1>
<p>to continue to <strong>Titlewise</strong>. Titlewise will be able to:</p>
<ul class="scopes">${scopes}</ul>
<form method="post" action="${escapeHtml(actionUrl)}">
${hidden}
<input type="hidden" name="decision" value="allow">
${accountButtons}
</form>
<form method="post" action="${escapeHtml(actionUrl)}" class="secondary">
${hidden}
<button type="submit" name="decision" value="deny">Cancel</button>
<button type="submit" name="decision" value="unverified">Not a test user</button>
</form>
</main></body></html>`;
}
