import type * as RefParser from '@apidevtools/json-schema-ref-parser';

export declare function loadRefParser(): Promise<typeof RefParser>;
