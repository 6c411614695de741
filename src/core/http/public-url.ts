import { type Server } from 'node:http';
import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { AppConfig } from '../config';

/**
 * The base URL clients reach this server at, for what must name the server absolutely (OAuth
 * issuers and resources, agent cards, webhook URLs): `PUBLIC_URL`, or the local address it
 * listens on. Read per use, since a server started on port 0 learns its port only on listening.
 */
@Injectable()
export class PublicUrl {
  constructor(
    private readonly config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  /** No trailing slash: append paths that start with `/`. */
  base(): string {
    return this.config.http.publicUrl ?? `http://localhost:${this.listeningPort()}`;
  }

  /** The absolute URL of `path` (starting with `/`) on this server. */
  of(path: string): string {
    return `${this.base()}${path}`;
  }

  private listeningPort(): number {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    const address = server?.address();
    return typeof address === 'object' && address ? address.port : this.config.http.port;
  }
}
