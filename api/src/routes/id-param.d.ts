/**
 * A numeric path id. Ids are positive 32-bit integers; anything else (negative, huge, not a number)
 * names an object that cannot exist, so it answers 404 like any other missing object.
 */
export declare function idParam(value: string | undefined, what: string): number;
