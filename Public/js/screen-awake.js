// Keeps the screen on while recording (the Screen Wake Lock API, where the browser has
// it), and takes the lock again whenever the page becomes visible: the browser releases
// it each time the page is hidden. Browsers stop a web page's GPS while the phone is
// locked, so a screen that stays on is what keeps a run recorded.
export class ScreenAwake {
  /** Whether this browser can keep the screen on. */
  static get supported() { return Boolean(globalThis.navigator?.wakeLock); }

  #lock = null;
  #wanted = false;
  #onVisible = () => { if (this.#wanted && document.visibilityState === 'visible') this.#request(); };

  /** Keeps the screen on until `stop`, across the page being hidden and shown again. */
  start() {
    if (this.#wanted) return;
    this.#wanted = true;
    document.addEventListener('visibilitychange', this.#onVisible);
    this.#request();
  }

  stop() {
    this.#wanted = false;
    document.removeEventListener('visibilitychange', this.#onVisible);
    this.#lock?.release().catch(() => {});
    this.#lock = null;
  }

  /** Whether the screen is held on now. */
  get held() { return Boolean(this.#lock && !this.#lock.released); }

  #request() {
    navigator.wakeLock?.request('screen').then((lock) => {
      if (this.#wanted) this.#lock = lock; else lock.release().catch(() => {});
    }, () => { /* refused (low battery, not visible): the note before the start said why it matters */ });
  }
}
