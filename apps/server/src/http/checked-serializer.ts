import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * A serializer for routes whose answers must keep the field order they were built in (Okta's answers: the
 * SDK's fixtures and our tests compare them as written): each answer is checked against the route's Zod
 * response schema, as the default compiler does (a mismatch is a 500), then written as built rather than
 * re-ordered to the schema's order.
 */
export const checkedSerializerCompiler: FastifySerializerCompiler<ZodType> =
  ({ schema, method, url }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(data);
  };
