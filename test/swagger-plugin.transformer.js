// Runs the @nestjs/swagger CLI plugin inside ts-jest, so tests see the same OpenAPI
// document as `nest build` produces (ts-jest wants name/version/factory exports).
const transformer = require('@nestjs/swagger/plugin');

module.exports.name = 'nestjs-swagger-transformer';
module.exports.version = 1;
module.exports.factory = (compiler) =>
  transformer.before({ introspectComments: true, classValidatorShim: true }, compiler.program);
