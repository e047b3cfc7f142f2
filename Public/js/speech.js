// Spoken cues through the Web Speech API: works offline (the voices are the device's).
import { deviceSettings } from './engine/store/session.js';

let muted = false;

export const speech = {
  get muted() { return muted || !deviceSettings.voice; },
  set muted(value) { muted = value; if (value) window.speechSynthesis?.cancel(); },

  /** Says `text` unless muted, after what is being said (cues are short and 5 s apart). */
  say(text) {
    if (!text || this.muted || !window.speechSynthesis) return;
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = document.documentElement.lang || 'en';
    utterance.rate = 1.05;
    window.speechSynthesis.speak(utterance);
  },
};
