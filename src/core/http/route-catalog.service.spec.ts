import { type IncomingMessage } from 'node:http';
import { All, Controller, Delete, Get, type INestApplication, Post, Put } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import {
  type DomainError,
  MethodNotAllowedError,
  MissingPathParameterError,
  RouteNotFoundError,
} from '../errors';
import { CorsPolicy } from './cors';
import { RouteCatalog } from './route-catalog.service';

@Controller('api/items')
class ItemsController {
  @Get()
  list(): string[] {
    return [];
  }

  @Post(':itemId')
  update(): void {}

  @Delete(':itemId')
  remove(): void {}

  /** A literal route that `:itemId` also matches. */
  @Put('featured')
  feature(): void {}
}

@Controller()
class AnyController {
  @All('any')
  any(): void {}

  @Get('file.json')
  file(): void {}
}

@Controller(['alpha', 'beta'])
class MultiPathController {
  @Get(['one', 'two'])
  both(): void {}
}

/** A parameter route with nothing served at its parent path. */
@Controller('orders')
class OrdersController {
  @Post(':orderId')
  place(): void {}
}

/** Not a route handler: a plain method must not be catalogued. */
@Controller('plain')
class PlainController {
  helper(): void {}
}

describe('RouteCatalog', () => {
  let app: INestApplication;
  let routes: RouteCatalog;
  const cors = new CorsPolicy();
  // A feature's CORS rule, so the catalog's methods can be seen in its preflight headers.
  cors.allow('/api/items', {});

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [DiscoveryModule],
      controllers: [
        ItemsController,
        AnyController,
        MultiPathController,
        OrdersController,
        PlainController,
      ],
      providers: [RouteCatalog, { provide: CorsPolicy, useValue: cors }],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    routes = app.get(RouteCatalog);
  });

  afterAll(async () => {
    await app.close();
  });

  function expectMethodNotAllowed(
    error: DomainError,
    message: string,
    allow: string,
  ): asserts error is MethodNotAllowedError {
    expect(error).toBeInstanceOf(MethodNotAllowedError);
    expect(error.code).toBe('METHOD_NOT_ALLOWED');
    expect(error.status).toBe(405);
    expect(error.message).toBe(message);
    expect(error.headers()).toEqual({ Allow: allow });
  }

  describe('explainUnmatched: wrong method on a known path', () => {
    it('answers 405 naming the only method of a GET route, with HEAD and OPTIONS in Allow', () => {
      expectMethodNotAllowed(
        routes.explainUnmatched('PUT', '/api/items'),
        'Only GET method is allowed',
        'GET, HEAD, OPTIONS',
      );
    });

    it('answers 405 listing several methods in display order, without HEAD when there is no GET', () => {
      expectMethodNotAllowed(
        routes.explainUnmatched('GET', '/api/items/42'),
        'Only POST, DELETE methods are allowed',
        'POST, DELETE, OPTIONS',
      );
    });

    it('answers 405 for PATCH and HEAD on a parameter route', () => {
      for (const method of ['PATCH', 'HEAD', 'PUT']) {
        expectMethodNotAllowed(
          routes.explainUnmatched(method, '/api/items/abc'),
          'Only POST, DELETE methods are allowed',
          'POST, DELETE, OPTIONS',
        );
      }
    });

    it('catalogues every prefix × path combination of a controller', () => {
      for (const path of ['/alpha/one', '/alpha/two', '/beta/one', '/beta/two']) {
        expectMethodNotAllowed(
          routes.explainUnmatched('POST', path),
          'Only GET method is allowed',
          'GET, HEAD, OPTIONS',
        );
      }
    });

    it('treats an @All route as allowing every method, so nothing is 405 there', () => {
      for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
        const error = routes.explainUnmatched(method, '/any');
        expect(error).toBeInstanceOf(RouteNotFoundError);
      }
    });
  });

  describe('explainUnmatched: missing last path parameter', () => {
    it('answers POST /api/items/ with ITEM_ID_REQUIRED (400) naming the route', () => {
      const error = routes.explainUnmatched('POST', '/api/items/');
      expect(error).toBeInstanceOf(MissingPathParameterError);
      expect(error.code).toBe('ITEM_ID_REQUIRED');
      expect(error.status).toBe(400);
      expect(error.message).toBe('itemId is required in the path: POST /api/items/:itemId');
      expect(error.headers()).toEqual({});
    });

    it('names the route of the method used', () => {
      const error = routes.explainUnmatched('DELETE', '/api/items/');
      expect(error.code).toBe('ITEM_ID_REQUIRED');
      expect(error.message).toBe('itemId is required in the path: DELETE /api/items/:itemId');
    });

    it('is not claimed without the trailing slash when the path is a route of its own', () => {
      // `POST /api/tools` is 405 "Only GET method is allowed", not TOOL_NAME_REQUIRED.
      for (const method of ['POST', 'DELETE']) {
        expectMethodNotAllowed(
          routes.explainUnmatched(method, '/api/items'),
          'Only GET method is allowed',
          'GET, HEAD, OPTIONS',
        );
      }
    });

    it('is claimed without the trailing slash when nothing is served at the path itself', () => {
      expect(routes.explainUnmatched('POST', '/orders').code).toBe('ORDER_ID_REQUIRED');
    });

    it('is not claimed for a method the parameter route does not have', () => {
      // PUT exists only on /api/items/featured, so PUT /api/items is a wrong method, not a missing id.
      expect(routes.explainUnmatched('PUT', '/api/items')).toBeInstanceOf(MethodNotAllowedError);
    });
  });

  describe('explainUnmatched: unknown path', () => {
    it('answers 404 NOT_FOUND with the method and path', () => {
      const error = routes.explainUnmatched('GET', '/x');
      expect(error).toBeInstanceOf(RouteNotFoundError);
      expect(error.code).toBe('NOT_FOUND');
      expect(error.status).toBe(404);
      expect(error.message).toBe('Route GET /x not found');
      expect(error.headers()).toEqual({});
    });

    it('answers 404 for a path deeper than any route', () => {
      expect(routes.explainUnmatched('POST', '/api/items/1/extra').code).toBe('NOT_FOUND');
    });

    it('answers 404 for a prefix of a route that has no parameter to be missing', () => {
      expect(routes.explainUnmatched('GET', '/alpha').code).toBe('NOT_FOUND');
      expect(routes.explainUnmatched('GET', '/api').code).toBe('NOT_FOUND');
    });

    it('does not catalogue controller methods without a route decorator', () => {
      expect(routes.explainUnmatched('GET', '/plain').code).toBe('NOT_FOUND');
      expect(routes.explainUnmatched('GET', '/plain/helper').code).toBe('NOT_FOUND');
      expect(routes.patternOf('/plain')).toBeUndefined();
    });

    it('matches path segments literally, not as regular expressions', () => {
      expect(routes.patternOf('/api/itemsX')).toBeUndefined();
      expect(routes.patternOf('/api-items')).toBeUndefined();
      expect(routes.patternOf('/file.json')).toBe('/file.json');
      expect(routes.patternOf('/fileXjson')).toBeUndefined();
      expect(routes.explainUnmatched('PUT', '/fileXjson').code).toBe('NOT_FOUND');
    });
  });

  describe('path normalisation', () => {
    it('ignores a trailing slash', () => {
      expectMethodNotAllowed(
        routes.explainUnmatched('PUT', '/api/items/'),
        'Only GET method is allowed',
        'GET, HEAD, OPTIONS',
      );
      expect(routes.explainUnmatched('POST', '/api/items/').code).toBe('ITEM_ID_REQUIRED');
      expect(routes.patternOf('/api/items/42/')).toBe('/api/items/:itemId');
    });

    it('collapses repeated slashes', () => {
      expectMethodNotAllowed(
        routes.explainUnmatched('PUT', '//api//items'),
        'Only GET method is allowed',
        'GET, HEAD, OPTIONS',
      );
      expect(routes.explainUnmatched('POST', '/api//items//').code).toBe('ITEM_ID_REQUIRED');
      expect(routes.patternOf('//api///items//42')).toBe('/api/items/:itemId');
    });

    it('accepts a path without its leading slash', () => {
      expect(routes.patternOf('api/items')).toBe('/api/items');
    });

    it('keeps the path as sent in the 404 message', () => {
      expect(routes.explainUnmatched('GET', '/x/').message).toBe('Route GET /x/ not found');
    });
  });

  describe('endpoints', () => {
    it('lists every method and pattern served, without HEAD', () => {
      expect(routes.endpoints().sort()).toEqual(
        [
          'GET /api/items',
          'POST /api/items/:itemId',
          'DELETE /api/items/:itemId',
          'PUT /api/items/featured',
          ...['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].map((m) => `${m} /any`),
          'GET /file.json',
          ...['/alpha/one', '/alpha/two', '/beta/one', '/beta/two'].map((p) => `GET ${p}`),
          'POST /orders/:orderId',
        ].sort(),
      );
    });
  });

  describe('patternOf', () => {
    it.each([
      ['/api/items', '/api/items'],
      ['/api/items/42', '/api/items/:itemId'],
      ['/api/items/some-item_id.v2', '/api/items/:itemId'],
      ['/any', '/any'],
      ['/beta/two', '/beta/two'],
      ['/', undefined],
      ['/unknown', undefined],
      ['/api/items/1/2', undefined],
    ])('maps %j to %j', (path, pattern) => {
      expect(routes.patternOf(path)).toBe(pattern);
    });

    it('answers the same, asked again, after more distinct paths than it remembers', () => {
      const paths = Array.from({ length: 2500 }, (_, i) => `/api/items/${i}`);
      for (const path of [...paths, ...paths]) {
        expect(routes.patternOf(path)).toBe('/api/items/:itemId');
      }
      expect(routes.patternOf('/unknown')).toBeUndefined();
      expect(routes.patternOf('/unknown')).toBeUndefined();
      expect(routes.patternOf('/api/items')).toBe('/api/items');
    });
  });

  describe('serves', () => {
    it.each([
      ['GET', '/api/items', true],
      ['HEAD', '/api/items/', true],
      ['POST', '/api/items/7', true],
      ['PUT', '/api/items', false],
      ['GET', '/api/items/7', false],
      ['GET', '/unknown', false],
    ])('%s %s → %s', (method, path, expected) => {
      expect(routes.serves(method, path)).toBe(expected);
    });
  });

  describe('patternServing', () => {
    it.each([
      ['GET', '/api/items', '/api/items'],
      ['HEAD', '/api/items/', '/api/items'],
      ['PUT', '/api/items/featured', '/api/items/featured'],
      // The literal route has no POST: the parameter route serves it.
      ['POST', '/api/items/featured', '/api/items/:itemId'],
      ['GET', '/api/items/7', undefined],
      ['GET', '/unknown', undefined],
    ])('%s %s → %j', (method, path, pattern) => {
      expect(routes.patternServing(method, path)).toBe(pattern);
    });
  });

  describe('a literal route and a parameter route that both match', () => {
    it('labels the path with the literal route', () => {
      expect(routes.patternOf('/api/items/featured')).toBe('/api/items/featured');
    });

    it("explains a wrong method with the literal route's methods", () => {
      expectMethodNotAllowed(
        routes.explainUnmatched('GET', '/api/items/featured'),
        'Only PUT method is allowed',
        'PUT, OPTIONS',
      );
    });
  });

  describe('CORS', () => {
    const methodsAt = (url: string) =>
      cors.responseHeaders({ url, headers: {} } as IncomingMessage)['Access-Control-Allow-Methods'];

    it("advertises every method of a feature's routes on its preflight, without HEAD", () => {
      expect(methodsAt('/api/items/7')).toBe('GET, POST, PUT, DELETE, OPTIONS');
    });

    it("leaves paths without a feature's rule at the base methods", () => {
      expect(methodsAt('/any')).toBe('GET, POST, OPTIONS');
    });
  });
});
