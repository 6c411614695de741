// Compiles the TypeScript that Jest loads. Only DTOs and controllers need the type checker: the
// @nestjs/swagger CLI plugin reads their types to describe the API, as `nest build` does. Every
// other file is transpiled alone (`isolatedModules`), which is about twice as fast on a cold
// cache; types are checked by `npm run check`, not here.
const { TsJestTransformer } = require('ts-jest');

const PLUGIN_FILES = /\.(dto|controller|entity)\.ts$/u;

const typed = new TsJestTransformer({
  tsconfig: 'tsconfig.json',
  diagnostics: false,
  astTransformers: { before: ['<rootDir>/test/swagger-plugin.transformer.js'] },
});
const transpiled = new TsJestTransformer({ tsconfig: 'tsconfig.transpile.json' });

// ts-jest keeps one compiler per Jest config object, whichever transformer asks first, so each
// of the two sees its own copy of the config (made once, so its lookup stays an identity check).
const copies = new WeakMap();
function withOwnConfig(options, variant) {
  let byVariant = copies.get(options.config);
  if (!byVariant) copies.set(options.config, (byVariant = {}));
  byVariant[variant] ??= { ...options.config, id: `${options.config.id}:${variant}` };
  return { ...options, config: byVariant[variant] };
}

function pick(path, options) {
  return PLUGIN_FILES.test(path)
    ? [typed, withOwnConfig(options, 'typed')]
    : [transpiled, withOwnConfig(options, 'transpiled')];
}

module.exports = {
  process(source, path, options) {
    const [transformer, own] = pick(path, options);
    return transformer.process(source, path, own);
  },
  getCacheKey(source, path, options) {
    const [transformer, own] = pick(path, options);
    return transformer.getCacheKey(source, path, own);
  },
};
