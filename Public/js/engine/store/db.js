// A small promise wrapper over IndexedDB: one database, a few object stores.
const NAME = 'paceline';
const VERSION = 1;
let opening = null;

/** Opens the database, creating its stores the first time. */
export function database() {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(NAME, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      // The run being recorded: one record under key "current".
      db.createObjectStore('ongoing');
      // Its fixes, one record each (appending is O(1) however long the run).
      db.createObjectStore('ongoingFixes', { autoIncrement: true });
      // The outbox: uploads and favourite changes waiting to be sent, in order.
      db.createObjectStore('outbox', { keyPath: 'sequence', autoIncrement: true });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return opening;
}

function settle(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Runs `work(store)` in a transaction on `storeName`; resolves when it has committed. */
export async function transact(storeName, mode, work) {
  const db = await database();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(storeName, mode);
    let result;
    Promise.resolve(work(transaction.objectStore(storeName), settle)).then((value) => { result = value; }, reject);
    transaction.oncomplete = () => resolve(result);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

export const get = (storeName, key) => transact(storeName, 'readonly', (store) => settle(store.get(key)));
export const put = (storeName, value, key) => transact(storeName, 'readwrite', (store) => settle(store.put(value, key)));
export const remove = (storeName, key) => transact(storeName, 'readwrite', (store) => settle(store.delete(key)));
export const all = (storeName) => transact(storeName, 'readonly', (store) => settle(store.getAll()));
export const add = (storeName, value) => transact(storeName, 'readwrite', (store) => settle(store.add(value)));
export const clear = (storeName) => transact(storeName, 'readwrite', (store) => settle(store.clear()));
