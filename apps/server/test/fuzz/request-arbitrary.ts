import fc from 'fast-check';
import {
  BAD_ENCODINGS,
  GENERIC_KEYS,
  hostileKey,
  hostileString,
  hostileValue,
  MEGABYTE,
  pct,
} from './hostile-values.ts';
import type { FuzzRoute } from './route-table.ts';

/**
 * fast-check generators of malformed requests for one route: path params, query, body, content type and
 * headers, from the route's Zod schema where it has one (its field names, sometimes a valid value so the
 * request gets past the first check) and from a generic pool of field names where it has none. Values are
 * hostile: wrong types, missing fields, 1 MB strings, control and bidi characters, NUL, lone surrogates, deep
 * nesting, huge/negative/NaN numbers, SQL-ish strings, `__proto__`/`constructor` keys, bad content types.
 */

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** Which credential the request carries (for the "anonymous gets 401" property). */
  credential: 'none' | 'valid' | 'garbage';
}

/** What the generators need from the world the fuzz runs in. */
export interface FuzzTargets {
  /** The host (no port) and valid credential headers for a route, by its URL. */
  hostFor(url: string): string;
  credentialFor(url: string): Record<string, string>;
  otherHost: string;
  /** Valid values for well-known field names (userId → the signed-in user's id, assetId → a real one). */
  knownValues: Record<string, unknown[]>;
}

/** The field names of a Zod object schema, through optional/default/pipe/refine wrappers. */
export function schemaKeys(schema: unknown): string[] {
  let current = schema as { _zod?: { def: Record<string, unknown> } } | undefined;
  for (let i = 0; i < 10 && current?._zod; i++) {
    const def = current._zod.def;
    if (def.type === 'object') return Object.keys(def.shape as object);
    current = (def.innerType ?? def.in ?? def.schema) as typeof current;
  }
  return [];
}

type Field = [string, unknown];
type SchemaPart = 'body' | 'querystring' | 'params' | 'headers';
const schemaPart = (route: FuzzRoute, part: SchemaPart) =>
  (route.schema as Record<string, unknown> | undefined)?.[part];

/** A set of fields: each known key omitted, valid, hostile or of the wrong type; sometimes extra keys. */
function fieldsArbitrary(keys: string[], targets: FuzzTargets): fc.Arbitrary<Field[]> {
  const perKey = keys.map((key) => {
    const valid = targets.knownValues[key];
    return fc
      .oneof(
        { weight: 2, arbitrary: fc.constant(undefined) },
        { weight: valid ? 3 : 0, arbitrary: valid ? fc.constantFrom(...valid) : fc.constant(undefined) },
        { weight: 4, arbitrary: hostileValue },
      )
      .map((value): Field | undefined => (value === undefined ? undefined : [key, value]));
  });
  const extra = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...GENERIC_KEYS), hostileKey), hostileValue), {
    maxLength: 4,
  });
  return fc
    .tuple(fc.tuple(...perKey), extra)
    .map(([own, more]) => [...(own.filter(Boolean) as Field[]), ...more]);
}

const asText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
/** A query string or form body: arrays repeat the key (a wrong type for a single-valued field). */
const formEncode = (fields: Field[]) =>
  fields
    .flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x] as Field) : [[k, v] as Field]))
    .map(([k, v]) => `${pct(k)}=${pct(asText(v))}`)
    .join('&');
/** JSON text of fields, keeping `__proto__` as an own key (what a client can really send). */
const jsonText = (fields: Field[]) =>
  `{${fields.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`;

/** Raw bodies no serializer would make: invalid JSON, NaN, deep nesting, prototype pollution, 1 MB. */
const RAW_BODIES = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":NaN}',
    '{"a":Infinity}',
    '{"a":1,"a":"dup"}',
    'null',
    '[]',
    '"string"',
    '12345678901234567890123456789',
    '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":1}}}',
    '{"events":[{"__proto__":{"kind":"x"}}]}',
    '\u0000',
    '\uFEFF{}',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
  ),
  fc.integer({ min: 1, max: 200_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  fc.integer({ min: 1, max: 50_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
  fc.constant(`{"a":"${MEGABYTE}"}`),
);

const CONTENT_TYPES = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  { weight: 3, arbitrary: fc.constant('application/x-www-form-urlencoded') },
  { weight: 1, arbitrary: fc.constant(undefined) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
      'application/xml',
      'application/x-www-form-urlencoded; charset=utf-7',
      'application/json\u0000',
      '*/*',
      'garbage',
    ),
  },
);

const EXTRA_HEADERS = fc.dictionary(
  fc.constantFrom(
    'x-api-key',
    'accept',
    'accept-language',
    'cookie',
    'x-forwarded-host',
    'origin',
    'referer',
    'x-okta-user-agent-extended',
  ),
  fc.oneof(
    hostileString.filter((s) => s.length < 4096),
    fc.constantFrom('application/json; okta-version=9.9.9', 'text/html', 'DT=\u0000; sid=x'),
  ),
  { maxKeys: 2 },
);

/** For a wildcard route: some real paths under it and some made-up ones. */
function wildcardTails(url: string): fc.Arbitrary<string> {
  const known = url.startsWith('/oauth2/')
    ? [
        'default/v1/token',
        'default/v1/authorize',
        'default/v1/keys',
        'default/v1/logout',
        'default/v1/revoke',
        'default/v1/introspect',
        'default/.well-known/openid-configuration',
        'default/.well-known/oauth-authorization-server',
        'default/v1/device/authorize',
        'other/v1/token',
      ]
    : ['index.html', 'main.js', 'en/translation.json', 'signin', 'account/profile', 'a/b/c'];
  return fc.oneof(
    fc.constantFrom(...known),
    fc
      .array(hostileString.filter((s) => s.length < 200).map(pct), { minLength: 1, maxLength: 3 })
      .map((p) => p.join('/')),
    fc.constantFrom(...BAD_ENCODINGS),
  );
}

export function requestArbitrary(route: FuzzRoute, targets: FuzzTargets): fc.Arbitrary<FuzzRequest> {
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const paramValue = (name: string) =>
    fc.oneof(
      {
        weight: 3,
        arbitrary: targets.knownValues[name]
          ? fc.constantFrom(...targets.knownValues[name].map(asText)).map(pct)
          : fc.constant('1'),
      },
      { weight: 5, arbitrary: hostileString.filter((s) => s.length < 300).map(pct) },
      { weight: 1, arbitrary: fc.constantFrom(...BAD_ENCODINGS) },
    );
  const path = fc
    .tuple(
      fc.tuple(...paramNames.map(paramValue)),
      route.url.includes('*') ? wildcardTails(route.url) : fc.constant(''),
    )
    .map(([values, tail]) => {
      let i = 0;
      return route.url.replace(/:(\w+)/g, () => values[i++] ?? '').replace('*', tail);
    });

  const queryKeys = schemaKeys(schemaPart(route, 'querystring'));
  const bodyKeys = schemaKeys(schemaPart(route, 'body'));
  const query = fc.oneof(
    { weight: 1, arbitrary: fc.constant('') },
    { weight: 6, arbitrary: fieldsArbitrary(queryKeys, targets).map(formEncode) },
    { weight: 1, arbitrary: fc.constantFrom(...BAD_ENCODINGS).map((b) => `${queryKeys[0] ?? 'q'}=${b}`) },
  );
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  const bodyFields = fieldsArbitrary(bodyKeys, targets);
  const body = fc
    .tuple(
      CONTENT_TYPES,
      fc.oneof({ weight: 5, arbitrary: bodyFields }, { weight: 2, arbitrary: RAW_BODIES }),
    )
    .map(([contentType, content]): { contentType?: string; payload?: string } => {
      if (typeof content === 'string') return { contentType, payload: content };
      const form = contentType?.startsWith('application/x-www-form-urlencoded');
      return { contentType, payload: form ? formEncode(content) : jsonText(content) };
    });
  const credential = fc.constantFrom<'none' | 'valid' | 'garbage'>('valid', 'valid', 'none', 'garbage');

  return fc
    .record({
      path,
      query,
      body: hasBody
        ? body
        : fc.oneof({ weight: 9, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: body }),
      credential,
      otherHost: fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
      extra: fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: EXTRA_HEADERS }),
    })
    .map(({ path, query, body, credential, otherHost, extra }) => {
      const headers: Record<string, string> = {
        host: otherHost ? targets.otherHost : targets.hostFor(route.url),
        ...extra,
      };
      if (credential === 'valid') Object.assign(headers, targets.credentialFor(route.url));
      if (credential === 'garbage') headers.authorization = 'Bearer eyJhbGciOiJub25lIn0.e30.';
      const b = body as { contentType?: string; payload?: string };
      if (b.contentType) headers['content-type'] = b.contentType;
      return {
        method: route.method,
        url: query ? `${path}?${query}` : path,
        headers,
        ...(b.payload !== undefined ? { payload: b.payload } : {}),
        credential,
      };
    });
}
