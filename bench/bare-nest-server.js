'use strict';
// The framework reference: a minimal Nest app on the adapter in HTTP_ADAPTER with the two hot
// routes and the same encode function, nothing else (Nest's own body parser, no logging, no
// metrics). toolhub ÷ this is what toolhub's own features cost; this ÷ bare is the framework.
//   PORT=4000 HTTP_ADAPTER=fastify BENCH_TOOLS_BODY_FILE=.bench/tools-body.json node bench/bare-nest-server.js
require('reflect-metadata');
const fs = require('node:fs');
const { Body, Controller, Get, HttpCode, Module, Param, Post } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { FastifyAdapter } = require('@nestjs/platform-fastify');
const { encoderPath } = require('./bare-server');

const { encodePlantUmlText } = require(encoderPath());
const tools = JSON.parse(fs.readFileSync(process.env.BENCH_TOOLS_BODY_FILE, 'utf8'));
const svgBase = 'https://www.plantuml.com/plantuml/svg/';

class ToolsController {
  list() {
    return tools;
  }
  invoke(_name, body) {
    const encoded = encodePlantUmlText(body.plantumlCode);
    return { success: true, result: { url: svgBase + encoded, encoded, format: 'svg' } };
  }
}
const method = (name) => Object.getOwnPropertyDescriptor(ToolsController.prototype, name);
Reflect.decorate([Get()], ToolsController.prototype, 'list', method('list'));
Reflect.decorate(
  [Post(':toolName'), HttpCode(200)],
  ToolsController.prototype,
  'invoke',
  method('invoke'),
);
Reflect.decorate(
  [Param('toolName'), Body()].map((d, i) => (t, k) => d(t, k, i)),
  ToolsController.prototype,
  'invoke',
);
Reflect.decorate([Controller('api/tools')], ToolsController);

class HealthController {
  health() {
    return { status: 'ok' };
  }
}
Reflect.decorate(
  [Get()],
  HealthController.prototype,
  'health',
  Object.getOwnPropertyDescriptor(HealthController.prototype, 'health'),
);
Reflect.decorate([Controller('health')], HealthController);

class AppModule {}
Reflect.decorate([Module({ controllers: [ToolsController, HealthController] })], AppModule);

async function main() {
  const adapter = process.env.HTTP_ADAPTER === 'fastify' ? new FastifyAdapter() : undefined;
  const app = adapter
    ? await NestFactory.create(AppModule, adapter, { logger: false })
    : await NestFactory.create(AppModule, { logger: false });
  await app.listen(Number(process.env.PORT), '127.0.0.1');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
