// Types of install.mjs for the TypeScript code that imports it (the bootstrap itself is plain JS).
export declare const INSTALL_ARGS: string[];
export declare const REQUIRED_BINS: string[];
export declare function ensureInstalled(root: string, log: (msg: string) => void): void;
