// Who is logged in: the profile and when the session ends, kept in localStorage so the app
// opens logged in, offline too. The session itself is the server's HttpOnly cookie
// (`paceline_session`): the app never sees its token, so no script can steal it.
const KEY = 'paceline.session';
const listeners = new Set();

function load() {
  let value;
  try { value = JSON.parse(localStorage.getItem(KEY)) ?? null; } catch { return null; }
  // A session kept before cookies held its bearer token here: forget it.
  if (value?.token) { localStorage.removeItem(KEY); return null; }
  return value;
}

export const session = {
  /** Whether someone is logged in on this device (and their session has not ended). */
  get loggedIn() {
    const value = load();
    if (!value?.profile) return false;
    return !(value.expiresAt && Date.parse(value.expiresAt) <= Date.now());
  },
  /** The user's profile as last seen: id, displayName, units, weightKilograms, defaultPrivacy. */
  get profile() { return load()?.profile ?? null; },
  get units() { return this.profile?.units ?? 'metric'; },

  /** Keeps what `POST /auth/login` or `/auth/register` answered for a cookie session: `{expiresAt, profile}`. */
  start({ expiresAt, profile }) {
    localStorage.setItem(KEY, JSON.stringify({ expiresAt, profile }));
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
  /** The server refused the session: log in again. */
  expired() { this.end(); },
  onChange(listener) { listeners.add(listener); return () => listeners.delete(listener); },
};

const whole = (key, fallback) => {
  const value = Number(localStorage.getItem(key));
  return localStorage.getItem(key) !== null && Number.isInteger(value) && value >= 0 ? value : fallback;
};

/**
 * The user's settings kept on this device only: the voice on or off; besides each
 * kilometre (or mile), the time, distance and pace every `voiceEveryMinutes` (0: never);
 * when following a pace, the gap said when it changes and again at least every
 * `gapEverySeconds`, or at every cue (about every 5 s) with `gapEveryCue`; vibration on
 * cues (`vibrate`, on unless turned off; haptics.js asks whether the browser can).
 */
export const deviceSettings = {
  get voice() { return localStorage.getItem('paceline.voice') !== 'off'; },
  set voice(on) { localStorage.setItem('paceline.voice', on ? 'on' : 'off'); },
  get voiceEveryMinutes() { return whole('paceline.voiceEveryMinutes', 0); },
  set voiceEveryMinutes(minutes) { localStorage.setItem('paceline.voiceEveryMinutes', String(minutes)); },
  get gapEverySeconds() { return Math.max(15, whole('paceline.gapEverySeconds', 30)); },
  set gapEverySeconds(seconds) { localStorage.setItem('paceline.gapEverySeconds', String(seconds)); },
  get gapEveryCue() { return localStorage.getItem('paceline.gapMode') === 'everyCue'; },
  set gapEveryCue(on) { localStorage.setItem('paceline.gapMode', on ? 'everyCue' : 'changes'); },
  get vibrate() { return localStorage.getItem('paceline.vibrate') !== 'off'; },
  set vibrate(on) { localStorage.setItem('paceline.vibrate', on ? 'on' : 'off'); },
  /** What RunTracker's voice needs. */
  get runVoice() { return { everyMinutes: this.voiceEveryMinutes, gapEverySeconds: this.gapEverySeconds, gapEveryCue: this.gapEveryCue }; },
};
