// Behind a sign-in page the instance trusts (`paceline serve --trusted-user-header`), whoever
// it signed in is signed in here without a form. At start, when the instance says a proxy may
// have signed people in, the app asks the server who this is, before it shows anything or
// sends what waits on the phone: the proxy's word is the current one, so a session kept for
// someone else (another member signed in at the proxy since) is ended first, its cached
// answers and lists with it, and nothing of theirs is sent as the new one.
import { api } from './paceline.js';
import { session } from '../store/session.js';

/** Keeps the session the proxy in front holds, if any, in place of another kept here. */
export async function signInByProxy() {
  let signIn;
  try {
    ({ signIn } = await api.configuration());
  } catch {
    return;
  }
  if (!signIn?.byProxy) return;
  let profile = null;
  try {
    profile = await api.profile();
  } catch (error) {
    if (error.isNetwork) return;  // offline: the session kept here stands until the proxy can be asked
  }
  if (session.profile?.id && session.profile.id !== profile?.id) session.end();
  if (profile && !session.loggedIn) session.start({ expiresAt: null, profile });
}
