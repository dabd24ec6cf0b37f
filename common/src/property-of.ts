/**
 * One property of a value of unknown shape (a socket's handshake auth, a client's request, a job's
 * data), read without trusting a type for it: undefined when the value is no object. The caller
 * then checks the property itself (`typeof x === 'number'`), so no `as { k?: unknown }`.
 */
export function propertyOf(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}
