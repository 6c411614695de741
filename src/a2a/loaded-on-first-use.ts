/* eslint-disable @typescript-eslint/no-require-imports -- `require` on first use keeps the
   SDK's types while a start loads none of it: an import would load it with this file. */
import type * as A2aSdk from '@a2a-js/sdk';
import type * as A2aErrors from '@a2a-js/sdk/errors';
import type * as A2aServerSdk from '@a2a-js/sdk/server';
import type * as A2aLegacyServerSdk from '@a2a-js/sdk/compat/v0_3/server';
import { onFirstUse } from '../core/on-first-use';

/*
 * The A2A SDK (its protocol types and codecs, request handler, transport handlers and v0.3
 * layer), made by the first request to /a2a: a start that serves no A2A client loads none of it.
 */

export const a2aSdk = onFirstUse(() => require('@a2a-js/sdk') as typeof A2aSdk);

export const a2aErrors = onFirstUse(() => require('@a2a-js/sdk/errors') as typeof A2aErrors);

export const a2aServerSdk = onFirstUse(() => require('@a2a-js/sdk/server') as typeof A2aServerSdk);

export const a2aLegacyServerSdk = onFirstUse(
  () => require('@a2a-js/sdk/compat/v0_3/server') as typeof A2aLegacyServerSdk,
);
