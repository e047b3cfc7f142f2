// Log in or register: one form, a switch between the two. Signed in, the activities a
// visitor kept on this phone are the account's if it came to keep them (`?keep=`, from
// "Keep it: make an account"); any others, it is asked about (views/visitor/).
import { api } from '../engine/api/paceline.js';
import { session } from '../engine/store/session.js';
import { outbox } from '../engine/api/outbox.js';
import { h, mount, field, describe } from '../ui.js';
import { keptQuestion } from './visitor/kept-activities.js';
import { keptSequences } from './visitor/keep-address.js';
import { providerButton, providerFailure, providerSignedIn, linkForm } from './provider-sign-in.js';

/** `next` when it is one of the app's own screens (`#/…`), never another page or a `javascript:` address. */
function appAddress(next) {
  return typeof next === 'string' && /^#\/[\w\-/?=&%.]*$/.test(next) ? next : null;
}

/** Why the login was asked for (`?why=`, from `signInFirst`): said above the form. */
const REASONS = {
  keep: 'To keep what you recorded, create an account or log in: it is uploaded to your account, nothing lost.',
  favourite: 'To keep favourites, log in or create an account. You come straight back.',
  like: 'To like a route, log in or create an account. You come straight back.',
  kudos: 'To give kudos, create an account or log in. You come straight back to the activity.',
  comment: 'To comment, create an account or log in. You come straight back to the activity.',
  planner: 'To plan a route on the map, log in or create an account: your planned routes are kept in it. You come straight back.',
  mission: 'To start a mission, create an account or log in: your runs and walks then move you along it. You come straight back.',
};

export async function render(_, query) {
  if (query.oidc === 'signed-in') {
    await providerSignedIn(query);
    await afterSigningIn(query);
    return;
  }
  const { signIn } = await api.configuration().catch(() => ({ signIn: { passwords: true } }));
  const passwords = signIn?.passwords !== false;
  const provider = signIn?.provider ?? null;
  let registering = query.register === '1';
  const email = h('input', { type: 'email', name: 'email', autocomplete: 'email', required: true });
  const password = h('input', { type: 'password', name: 'password', autocomplete: 'current-password', required: true, maxlength: 256 });
  const passwordLabel = h('span', {});
  const displayName = h('input', { type: 'text', name: 'displayName', autocomplete: 'nickname', maxlength: 100 });
  const nameField = field('Your name, as friends will see it', displayName);
  const message = h('p', { class: 'error', role: 'alert' });
  const submit = h('button', { class: 'primary', type: 'submit', name: 'submit' });
  const switcher = h('button', { type: 'button', class: 'ghost', name: 'switch', onclick: () => { registering = !registering; update(); } });

  function update() {
    nameField.hidden = !registering;
    displayName.required = registering;
    password.autocomplete = registering ? 'new-password' : 'current-password';
    // Only a new password needs 10 characters: older accounts may have shorter ones.
    password.minLength = registering ? 10 : 0;
    passwordLabel.textContent = registering ? 'Password (10 to 256 characters)' : 'Password';
    submit.textContent = registering ? 'Create account' : 'Log in';
    switcher.textContent = registering ? 'I have an account' : 'New here? Create an account';
    message.textContent = '';
  }

  const form = h('form', {
    class: 'card',
    onsubmit: async (event) => {
      event.preventDefault();
      submit.disabled = true;
      message.textContent = '';
      try {
        const answer = registering
          ? await api.register(email.value.trim(), password.value, displayName.value.trim())
          : await api.logIn(email.value.trim(), password.value);
        session.start(answer);
        await afterSigningIn(query);
      } catch (error) {
        message.textContent = error.isNetwork ? 'No connection: logging in needs the network once.' : describe(error);
      } finally {
        submit.disabled = false;
      }
    },
  }, field('Email', email), h('label', { class: 'field' }, passwordLabel, password), nameField, message,
  h('div', { class: 'row' }, submit, switcher));

  update();
  const linking = provider && query.oidc === 'link';
  mount(h('section', { class: 'page' },
    h('h1', {}, 'Paceline'),
    h('p', { class: 'muted' }, 'Record your runs and walks, follow someone’s pace on their route, and run with friends.'),
    REASONS[query.why] ? h('p', { class: 'card sign-in-reason', role: 'status' }, REASONS[query.why]) : null,
    provider ? providerFailure(provider, query.oidc) : null,
    linking ? linkForm(() => afterSigningIn(query)) : null,
    provider && !linking ? h('div', { class: 'card provider-sign-in-card' }, providerButton(provider)) : null,
    passwords && !linking ? form : null,
    h('p', {}, h('a', { href: '#/activity' }, 'Browse public routes without an account'))));
}

/**
 * Goes on to `next`, once the activities kept on this phone are settled: those the login
 * was opened to keep are the account's; about any others, the account is asked first.
 */
async function afterSigningIn(query) {
  const next = appAddress(query.next) ?? '#/home';
  const keep = keptSequences(query.keep);
  if (query.why === 'keep' && keep.length) await outbox.claim(session.profile.id, keep);
  const question = await keptQuestion(() => location.replace(next));
  if (!question) { location.replace(next); return; }
  mount(h('section', { class: 'page' }, h('h1', {}, `Welcome, ${session.profile.displayName ?? 'runner'}`), question));
}
