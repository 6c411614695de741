/**
 * Decodes OTLP/HTTP protobuf export requests (traces and metrics) into the shape of their OTLP
 * JSON encoding, so one reader serves both protocols. Only the fields the tests read are named;
 * the others are skipped, as any protobuf reader skips unknown fields.
 */

type Scalar = 'string' | 'hex' | 'varint' | 'bool' | 'double' | 'fixed64' | 'sfixed64';

/** A message: its fields by number, each with its OTLP JSON name and type. */
interface MessageSchema {
  [field: number]: { name: string; type: Scalar | (() => MessageSchema); repeated?: boolean };
}

const ANY_VALUE: MessageSchema = {
  1: { name: 'stringValue', type: 'string' },
  2: { name: 'boolValue', type: 'bool' },
  3: { name: 'intValue', type: 'varint' },
  4: { name: 'doubleValue', type: 'double' },
  5: {
    name: 'arrayValue',
    type: () => ({ 1: { name: 'values', type: () => ANY_VALUE, repeated: true } }),
  },
  6: {
    name: 'kvlistValue',
    type: () => ({ 1: { name: 'values', type: () => KEY_VALUE, repeated: true } }),
  },
};

const KEY_VALUE: MessageSchema = {
  1: { name: 'key', type: 'string' },
  2: { name: 'value', type: () => ANY_VALUE },
};

const ATTRIBUTES = { name: 'attributes', type: () => KEY_VALUE, repeated: true } as const;

const RESOURCE: MessageSchema = { 1: ATTRIBUTES };

const SCOPE: MessageSchema = {
  1: { name: 'name', type: 'string' },
  2: { name: 'version', type: 'string' },
};

const SPAN: MessageSchema = {
  1: { name: 'traceId', type: 'hex' },
  2: { name: 'spanId', type: 'hex' },
  4: { name: 'parentSpanId', type: 'hex' },
  5: { name: 'name', type: 'string' },
  6: { name: 'kind', type: 'varint' },
  9: ATTRIBUTES,
  15: {
    name: 'status',
    type: () => ({ 2: { name: 'message', type: 'string' }, 3: { name: 'code', type: 'varint' } }),
  },
};

const TRACES_REQUEST: MessageSchema = {
  1: {
    name: 'resourceSpans',
    repeated: true,
    type: () => ({
      1: { name: 'resource', type: () => RESOURCE },
      2: {
        name: 'scopeSpans',
        repeated: true,
        type: () => ({
          1: { name: 'scope', type: () => SCOPE },
          2: { name: 'spans', type: () => SPAN, repeated: true },
        }),
      },
    }),
  },
};

const NUMBER_POINT: MessageSchema = {
  7: ATTRIBUTES,
  4: { name: 'asDouble', type: 'double' },
  6: { name: 'asInt', type: 'sfixed64' },
};

/** Histogram and exponential histogram points: attributes are field 9, resp. 1. */
const histogramPoint = (attributesField: number): MessageSchema => ({
  [attributesField]: ATTRIBUTES,
  4: { name: 'count', type: 'fixed64' },
  5: { name: 'sum', type: 'double' },
});

const points = (point: MessageSchema) => ({
  1: { name: 'dataPoints', type: () => point, repeated: true },
});

const METRIC: MessageSchema = {
  1: { name: 'name', type: 'string' },
  5: { name: 'gauge', type: () => points(NUMBER_POINT) },
  7: { name: 'sum', type: () => points(NUMBER_POINT) },
  9: { name: 'histogram', type: () => points(histogramPoint(9)) },
  10: { name: 'exponentialHistogram', type: () => points(histogramPoint(1)) },
};

const METRICS_REQUEST: MessageSchema = {
  1: {
    name: 'resourceMetrics',
    repeated: true,
    type: () => ({
      1: { name: 'resource', type: () => RESOURCE },
      2: {
        name: 'scopeMetrics',
        repeated: true,
        type: () => ({
          1: { name: 'scope', type: () => SCOPE },
          2: { name: 'metrics', type: () => METRIC, repeated: true },
        }),
      },
    }),
  },
};

export const decodeTracesProtobuf = (bytes: Uint8Array) => decodeMessage(bytes, TRACES_REQUEST);
export const decodeMetricsProtobuf = (bytes: Uint8Array) => decodeMessage(bytes, METRICS_REQUEST);

const WIRE_VARINT = 0;
const WIRE_FIXED64 = 1;
const WIRE_LENGTH = 2;
const WIRE_FIXED32 = 5;

function decodeMessage(bytes: Uint8Array, schema: MessageSchema): Record<string, unknown> {
  const reader = new WireReader(bytes);
  const message: Record<string, unknown> = {};
  while (!reader.atEnd()) {
    const tag = Number(reader.varint());
    const field = schema[tag >>> 3];
    const wireType = tag & 7;
    if (!field) {
      reader.skip(wireType);
      continue;
    }
    const values =
      typeof field.type === 'function'
        ? [decodeMessage(reader.lengthDelimited(), field.type())]
        : readScalar(reader, field.type, wireType);
    if (field.repeated) {
      message[field.name] = [...((message[field.name] as unknown[]) ?? []), ...values];
    } else {
      message[field.name] = values.at(-1);
    }
  }
  return message;
}

/** One value, or several when a repeated number field comes packed into one length. */
function readScalar(reader: WireReader, type: Scalar, wireType: number): unknown[] {
  switch (type) {
    case 'string':
      return [new TextDecoder().decode(reader.lengthDelimited())];
    case 'hex':
      return [Buffer.from(reader.lengthDelimited()).toString('hex')];
    case 'varint':
    case 'bool':
    case 'double':
    case 'fixed64':
    case 'sfixed64': {
      if (wireType !== WIRE_LENGTH) return [readNumber(reader, type)];
      const packed = new WireReader(reader.lengthDelimited());
      const numbers: unknown[] = [];
      while (!packed.atEnd()) numbers.push(readNumber(packed, type));
      return numbers;
    }
  }
}

function readNumber(reader: WireReader, type: Exclude<Scalar, 'string' | 'hex'>): unknown {
  switch (type) {
    case 'varint':
      return Number(BigInt.asIntN(64, reader.varint()));
    case 'bool':
      return reader.varint() !== 0n;
    case 'double':
      return reader.fixed64().getFloat64(0, true);
    case 'fixed64':
      return Number(reader.fixed64().getBigUint64(0, true));
    case 'sfixed64':
      return Number(reader.fixed64().getBigInt64(0, true));
  }
}

/** The protobuf wire format: varints, fixed widths and length-delimited runs of bytes. */
class WireReader {
  private position = 0;

  constructor(private readonly bytes: Uint8Array) {}

  atEnd(): boolean {
    return this.position >= this.bytes.length;
  }

  varint(): bigint {
    let value = 0n;
    for (let shift = 0n; ; shift += 7n) {
      const byte = this.take(1)[0];
      value |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return value;
    }
  }

  fixed64(): DataView {
    const bytes = this.take(8);
    return new DataView(bytes.buffer, bytes.byteOffset, 8);
  }

  lengthDelimited(): Uint8Array {
    return this.take(Number(this.varint()));
  }

  skip(wireType: number): void {
    switch (wireType) {
      case WIRE_VARINT:
        this.varint();
        return;
      case WIRE_FIXED64:
        this.take(8);
        return;
      case WIRE_LENGTH:
        this.lengthDelimited();
        return;
      case WIRE_FIXED32:
        this.take(4);
        return;
      default:
        throw new Error(`protobuf wire type ${wireType} is not used by OTLP`);
    }
  }

  private take(length: number): Uint8Array {
    if (this.position + length > this.bytes.length) throw new Error('truncated protobuf');
    const slice = this.bytes.subarray(this.position, this.position + length);
    this.position += length;
    return slice;
  }
}
