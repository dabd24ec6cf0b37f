import type { RouteDefinition } from '@oppslag/common';
import type { ZodOpenApiOperationObject } from 'zod-openapi';
/** `get` + `/content/{entityId}/note` → `getContentEntityIdNote`. */
export declare function operationId(method: string, path: string): string;
/** The OpenAPI operation of a route contract; error answers are grouped by status with their codes. */
export declare function contractOperation(route: RouteDefinition): ZodOpenApiOperationObject;
