/** The public id of a display entity (spec: hashid, min length 10). `alphabet` is config.hashidAlphabet. */
export declare const encodeDisplayId: (entityId: number, alphabet?: string) => string;
export declare const decodeDisplayId: (displayId: string, alphabet?: string) => number | null;
/** The public id of an asset (min length 20). */
export declare const encodeAssetId: (assetId: number, alphabet?: string) => string;
export declare const decodeAssetId: (hash: string, alphabet?: string) => number | null;
