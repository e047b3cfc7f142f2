// This browser's Web Push subscription: whether notifications reach this phone when the
// app is closed, turning it on (asking the person, then subscribing with the server's
// key) and off. Where the browser has no Push API, `supported` is false and nothing is asked.
import { api } from '../api/paceline.js';

export const supported = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The key as the Push API takes it: base64url text to bytes. */
export function keyBytes(text) {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}

async function current() {
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

/** Whether this browser takes the user's notifications now. */
export async function isOn() {
  if (!supported || Notification.permission !== 'granted') return false;
  return (await current()) !== null;
}

/** Turns them on; throws with a person's reason when the permission is refused. */
export async function turnOn() {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('Notifications are blocked for this site: allow them in the browser\'s site settings.');
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.getSubscription()
    ?? await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes((await api.pushKey()).publicKey) });
  await api.subscribeToPush(subscription.toJSON());
}

/** Turns them off on this browser. */
export async function turnOff() {
  const subscription = await current();
  if (!subscription) return;
  await api.unsubscribeFromPush(subscription.endpoint);
  await subscription.unsubscribe();
}
