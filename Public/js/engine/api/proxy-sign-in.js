// Behind a sign-in page the instance trusts (`paceline serve --trusted-user-header`), whoever
// it signed in is signed in here without a form: an app starting with no session asks the
// server who this is, when the instance says a proxy may have signed people in.
import { api } from './paceline.js';
import { session } from '../store/session.js';

/** Keeps the session the proxy in front holds, if any; true when there was one. */
export async function signInByProxy() {
  if (session.loggedIn) return false;
  try {
    const { signIn } = await api.configuration();
    if (!signIn?.byProxy) return false;
    session.start({ expiresAt: null, profile: await api.profile() });
    return true;
  } catch {
    return false;
  }
}
