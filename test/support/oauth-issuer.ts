import { type Server, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import {
  type CryptoKey,
  type JWK,
  type JWTPayload,
  SignJWT,
  exportJWK,
  generateKeyPair,
} from 'jose';

/** Where the test issuer lives under its origin, as a Keycloak realm does. */
const REALM_PATH = '/realms/toolhub';

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/**
 * An external identity provider in the test process: it publishes OpenID Connect discovery
 * metadata (only that, so toolhub must fall back to it) and the public half of its current key,
 * and signs access tokens with `jose`. `rotate()` replaces the key, as an issuer's rotation does.
 */
export class TestIssuer {
  private key!: SigningKey;
  private keyCount = 0;
  /** How many times the key set was fetched. */
  keyFetches = 0;
  /** How many requests reached the issuer at all. */
  requests = 0;

  private constructor(
    private readonly server: Server,
    readonly issuer: string,
  ) {}

  static async start(): Promise<TestIssuer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const issuer = new TestIssuer(server, `http://127.0.0.1:${port}${REALM_PATH}`);
    await issuer.rotate();
    server.on('request', (request, response) => {
      issuer.requests++;
      const body = issuer.answer(request.url ?? '/');
      response.writeHead(body ? 200 : 404, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body ?? { error: 'not_found' }));
    });
    return issuer;
  }

  /** A new signing key with a new `kid`; the key set publishes it alone from now on. */
  async rotate(): Promise<void> {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const kid = `key-${++this.keyCount}`;
    this.key = {
      kid,
      privateKey,
      publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256' },
    };
  }

  /** An access token signed with the current key: `claims` over sensible defaults. */
  sign(claims: JWTPayload, { expiresIn = '5m', kid = this.key.kid } = {}): Promise<string> {
    return new SignJWT({ iss: this.issuer, azp: 'e2e-connector', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'at+jwt' })
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(this.key.privateKey);
  }

  /** Stops answering, open connections included, as an issuer that is down. */
  close(): Promise<void> {
    if (!this.server.listening) return Promise.resolve();
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    return closed;
  }

  private answer(path: string): unknown {
    if (path === `${REALM_PATH}/.well-known/openid-configuration`) {
      return { issuer: this.issuer, jwks_uri: `${this.issuer}/certs` };
    }
    if (path === `${REALM_PATH}/certs`) {
      this.keyFetches++;
      return { keys: [this.key.publicJwk] };
    }
    return undefined;
  }
}
