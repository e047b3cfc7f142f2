// Signing in with the instance's OpenID provider (a club's accounts), on the login screen:
// the button (a link: the browser goes to the provider and back), what the way back ended
// in (`?oidc=`: signed in, a password asked to link an existing account, or why not), and
// the link form. Every text from elsewhere goes in as text, never as HTML.
import { api } from '../engine/api/paceline.js';
import { session } from '../engine/store/session.js';
import { h, field, describe } from '../ui.js';

/** What each `?oidc=` reason says (Sources/PacelineServer/OpenIDConnect/SignInFailure.swift). */
const FAILURES = {
  provider_unreachable: 'the provider could not be reached, or answered something unexpected. Try again in a moment.',
  provider_refused: 'the provider said no (the sign-in was cancelled, or this site is not allowed).',
  sign_in_expired: 'the sign-in was started in another browser, finished already, or took over 10 minutes. Try again.',
  invalid_token: 'the provider’s answer failed a check. Try again; if it keeps failing, tell the instance’s admins.',
  no_email: 'the provider gave no email, which an account here needs.',
  email_unverified: 'the provider does not vouch for your email. Verify it there first.',
  not_invited: 'accounts here are made only for invited emails. Ask the instance’s admins for an invitation.',
  suspended: 'this account was suspended by the instance’s admins.',
  too_many: 'too many accounts were made from your address. Try again in an hour.',
};

/** The "Sign in with NAME" button, a link to the server's start of the sign-in. */
export function providerButton(name) {
  return h('a', { class: 'button primary provider-sign-in', href: '/auth/oidc/start', 'data-provider': 'oidc' }, `Sign in with ${name}`);
}

/** Why signing in with `name` failed, as a card; null when `reason` is none of ours. */
export function providerFailure(name, reason) {
  const said = FAILURES[reason];
  return said ? h('p', { class: 'card error provider-failure', role: 'alert' }, `Sign-in with ${name} failed: ${said}`) : null;
}

/** After the provider's answer signed someone in: the session the cookie holds, kept for the app. */
export async function providerSignedIn(query) {
  const expires = Number(query.expires);
  const profile = await api.profile();
  session.start({ expiresAt: new Date((Number.isFinite(expires) ? expires : Date.now() / 1000 + 3600) * 1000).toISOString(), profile });
}

/** The form linking the provider's account to the account here with its email, once its password is given. */
export function linkForm(onLinked) {
  const intro = h('p', {}, 'Checking the sign-in…');
  const password = h('input', { type: 'password', name: 'password', autocomplete: 'current-password', required: true, maxlength: 256 });
  const message = h('p', { class: 'error', role: 'alert' });
  const submit = h('button', { class: 'primary', type: 'submit', name: 'link' }, 'Link and sign in');
  const form = h('form', {
    class: 'card provider-link',
    onsubmit: async (event) => {
      event.preventDefault();
      submit.disabled = true;
      message.textContent = '';
      try {
        session.start(await api.linkProvider(password.value));
        await onLinked();
      } catch (error) {
        message.textContent = error.code === 'wrong_password' ? 'That is not this account’s password.' : describe(error);
      } finally {
        submit.disabled = false;
      }
    },
  }, h('h2', {}, 'Link your accounts'), intro, field('Password of your account here', password), message, h('div', { class: 'row' }, submit));
  api.providerLink().then(({ email, provider }) => {
    intro.textContent = `An account with ${email} exists here. Enter its password once to sign in with ${provider} from now on.`;
  }, (error) => {
    intro.textContent = describe(error);
    form.querySelectorAll('input, button').forEach((element) => { element.disabled = true; });
  });
  return form;
}
