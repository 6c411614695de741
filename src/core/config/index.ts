export * from './app-config';
export * from './config.module';
export * from './validate-environment';
export * from './feature-config.provider';
export * from './integer-variable.decorator';
export * from './boolean-variable.decorator';
