// Who is logged in: the token and profile, kept in localStorage so the app opens logged
// in, offline too.
const KEY = 'paceline.session';
const listeners = new Set();

function load() {
  try { return JSON.parse(localStorage.getItem(KEY)) ?? null; } catch { return null; }
}

export const session = {
  /** The bearer token, or null when logged out (or expired). */
  get token() {
    const value = load();
    if (!value) return null;
    if (value.expiresAt && Date.parse(value.expiresAt) <= Date.now()) return null;
    return value.token;
  },
  /** The user's profile as last seen: id, displayName, units, weightKilograms, defaultPrivacy. */
  get profile() { return load()?.profile ?? null; },
  get units() { return this.profile?.units ?? 'metric'; },

  /** Stores what `POST /auth/login` or `/auth/register` answered. */
  start(answer) {
    localStorage.setItem(KEY, JSON.stringify(answer));
    listeners.forEach((listener) => listener());
  },
  updateProfile(profile) {
    const value = load();
    if (!value) return;
    value.profile = profile;
    localStorage.setItem(KEY, JSON.stringify(value));
    listeners.forEach((listener) => listener());
  },
  end() {
    localStorage.removeItem(KEY);
    listeners.forEach((listener) => listener());
  },
  /** The server refused the token: log in again. */
  expired() { this.end(); },
  onChange(listener) { listeners.add(listener); return () => listeners.delete(listener); },
};

/** The user's settings kept on this device only: voice on/off. */
export const deviceSettings = {
  get voice() { return localStorage.getItem('paceline.voice') !== 'off'; },
  set voice(on) { localStorage.setItem('paceline.voice', on ? 'on' : 'off'); },
};
