/** Escapes text for HTML. */
function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

/** What the page after a SAML login shows. */
export interface LoginCodePage {
  readonly baseUrl: string;
  readonly email: string;
  readonly organization: string;
  readonly code: string;
  readonly expiresAt: string;
}

/**
 * The page a browser lands on after a SAML login: the one-time code, and the command that turns
 * it into a token for the CLI. No script, nothing loaded from elsewhere.
 */
export function renderLoginCodePage(page: LoginCodePage): string {
  const command = `docsync login --url ${page.baseUrl} --sso ${page.code}`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Signed in to docsync</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto">
<h1>Signed in</h1>
<p>You are signed in to ${escapeHtml(page.organization)} as ${escapeHtml(page.email)}.</p>
<p>Your one-time code (it works once, until ${escapeHtml(page.expiresAt)}):</p>
<pre id="code">${escapeHtml(page.code)}</pre>
<p>Keep an API token for the docsync command with:</p>
<pre id="command">${escapeHtml(command)}</pre>
</body>
</html>
`;
}
