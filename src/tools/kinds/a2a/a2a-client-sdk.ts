/* eslint-disable @typescript-eslint/no-require-imports -- `require` on first use keeps the
   SDK's types while a start loads none of it: an import would load it with this file. */
import type * as A2aSdk from '@a2a-js/sdk';
import type * as A2aClientSdk from '@a2a-js/sdk/client';
import { onFirstUse } from '../../../core/on-first-use';

/*
 * The A2A SDK's protocol types and client, made by the first call of an `a2a` tool: a start
 * that calls no remote agent loads none of it.
 */

export const a2aProtocol = onFirstUse(() => require('@a2a-js/sdk') as typeof A2aSdk);

export const a2aClientSdk = onFirstUse(() => require('@a2a-js/sdk/client') as typeof A2aClientSdk);
