import { type TestApp } from './test-app';
import { bearerFor } from './api-key';

/** Lets the clock pass a millisecond, the resolution of the timestamps the API shows. */
export const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/**
 * Authenticated requests to the registry of a suite's shared app, and unique names (names are
 * unique per app, and the app is shared by the tests of a suite). Call in a describe body.
 */
export function registryClient(testApp: () => TestApp) {
  let auth = '';
  let counter = 0;
  beforeAll(async () => {
    auth = await bearerFor(testApp().app);
  });
  return {
    unique: (base: string) => `${base}_${++counter}`,
    get: (path: string) => testApp().http.get(path).set('Authorization', auth),
    del: (path: string) => testApp().http.delete(path).set('Authorization', auth),
    post: (path: string, body: object) =>
      testApp().http.post(path).set('Authorization', auth).send(body),
    put: (path: string, body: object) =>
      testApp().http.put(path).set('Authorization', auth).send(body),
  };
}
