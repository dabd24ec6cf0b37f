import { insertAsset, pngForm } from './asset-upload';
import type { MatrixRow } from './authorization-matrix';

/** Asset routes read or change an object of the tenant: every role holds read and moderate_content. */
const ASSET_OBJECT = {
  own: '401 200 200 200 200 404',
  other: '401 200 404 404 404 200',
  missing: '401 404 404 404 404 404',
};
const cropBody = () => ({ page: 1, offsetX: 0, offsetY: 0, scale: 1 });
const PUBLIC = '200 200 200 200 200 200';

/** Rows of the authorization matrix for `/api/assets` and `/api/templates`. */
export const assetMatrixRows: MatrixRow[] = [
  {
    route: 'POST /api/assets/upload',
    object: (c) => c.tenant.org,
    raw: (ref) => pngForm({ entity: String(ref.id) }),
    expect: {
      own: '401 201 201 201 201 404',
      other: '401 201 404 404 404 201',
      missing: '401 404 404 404 404 404',
    },
  },
  // The <img> cookie session of the console (issue 14 item 6): any signed-in user; sign-out clears it.
  { route: 'POST /api/assets/session', expect: { none: '401 200 200 200 200 200' } },
  { route: 'DELETE /api/assets/session', expect: { none: PUBLIC } },
  {
    route: 'GET /api/assets/:id',
    object: (c) => insertAsset(c.api.deps, c.tenant.group.id),
    expect: ASSET_OBJECT,
  },
  {
    route: 'GET /api/assets/:id/original',
    object: (c) => insertAsset(c.api.deps, c.tenant.org.id),
    expect: ASSET_OBJECT,
  },
  {
    route: 'GET /api/assets/:id/cropped',
    object: (c) => insertAsset(c.api.deps, c.tenant.org.id),
    expect: ASSET_OBJECT,
  },
  {
    route: 'PUT /api/assets/:id',
    object: (c) => insertAsset(c.api.deps, c.tenant.org.id),
    body: cropBody,
    expect: ASSET_OBJECT,
  },
  {
    route: 'PUT /api/assets/:id/cropped',
    object: (c) => insertAsset(c.api.deps, c.tenant.display.id),
    raw: () => pngForm(),
    expect: ASSET_OBJECT,
  },
  // Built-in template artwork is the product's own static files: public, displays draw it in <img>.
  { route: 'GET /api/templates', expect: { none: PUBLIC } },
  {
    route: 'GET /api/templates/:templateId/image',
    object: () => ({ id: 0, templateId: 'bunny' }),
    missing: () => ({ id: 0, templateId: 'no-such-template' }),
    expect: { own: PUBLIC, other: PUBLIC, missing: '404 404 404 404 404 404' },
  },
];
