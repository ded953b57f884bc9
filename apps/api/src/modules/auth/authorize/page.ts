import { LoginMessages, SUPPORT_PHONE_NUMBER } from '@sage/contract';

/** Parameters of the implicit flow, carried through the page's forms as hidden fields. */
export interface FlowParams {
  response_type: string;
  redirect_uri: string;
  state: string;
  nonce?: string | undefined;
  client_id?: string | undefined;
}

export const escapeHtml = (value: string): string =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const hidden = (params: FlowParams): string =>
  (['response_type', 'redirect_uri', 'state', 'nonce', 'client_id'] as const)
    .filter((name) => params[name] !== undefined)
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(String(params[name]))}">`)
    .join('');

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b2b26;background:#f4f7f5}
main{max-width:420px;margin:0 auto;padding:32px 20px}h1{font-size:1.6rem;margin:0 0 8px}p{line-height:1.45}
label{display:block;font-weight:600;margin:20px 0 6px}input[type=email],input[type=text]{width:100%;min-height:48px;font-size:1.1rem;padding:10px 12px;border:1px solid #9bb0a8;border-radius:8px}
button{width:100%;min-height:48px;margin-top:16px;font-size:1.05rem;font-weight:600;border:0;border-radius:8px;background:#1f7a5c;color:#fff}
button.link{background:none;color:#1f7a5c;text-decoration:underline;margin-top:8px}
.error{border-left:4px solid #c92a2a;background:#fff0f0;padding:10px 12px;border-radius:4px;margin:16px 0}
.error strong{display:block;margin-bottom:4px}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export interface PageError {
  title: string;
  text: string;
}

const errorBox = (error: PageError | undefined): string =>
  error
    ? `<div class="error" role="alert"><strong>${escapeHtml(error.title)}</strong>${escapeHtml(error.text)}</div>`
    : '';

export function emailPage(params: FlowParams, options: { email?: string; error?: PageError } = {}): string {
  return layout(
    'Log in with email',
    `<h1>Log in with email</h1><p>Enter the email address of your staff profile. We will email you a 6-digit code.</p>
${errorBox(options.error)}
<form method="post" action="/auth/authorize/email">${hidden(params)}
<label for="email">Email address</label><input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(options.email ?? '')}">
<button type="submit">Send Code</button></form>`,
  );
}

export function codePage(
  params: FlowParams,
  email: string,
  options: { error?: PageError; info?: string } = {},
): string {
  return layout(
    LoginMessages.verifyTitle,
    `<h1>${escapeHtml(LoginMessages.verifyTitle)}</h1><p>${escapeHtml(options.info ?? `We emailed a code to ${email}.`)}</p>
${errorBox(options.error)}
<form method="post" action="/auth/authorize/verify">${hidden(params)}<input type="hidden" name="email" value="${escapeHtml(email)}">
<label for="code">${escapeHtml(LoginMessages.enterCode)}</label><input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required>
<button type="submit">Continue</button></form>
<form method="post" action="/auth/authorize/email">${hidden(params)}<input type="hidden" name="email" value="${escapeHtml(email)}">
<button type="submit" class="link">${escapeHtml(LoginMessages.resendCode)}</button></form>`,
  );
}

export function problemPage(title: string, text: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1>${errorBox({ title, text })}`);
}

export const INVALID_CODE_ERROR: PageError = {
  title: LoginMessages.invalidCodeTitle,
  text: LoginMessages.invalidCodeText(SUPPORT_PHONE_NUMBER),
};
export const LOCKED_ERROR: PageError = {
  title: LoginMessages.tooManyAttemptsTitle,
  text: LoginMessages.tooManyAttemptsText,
};
