/**
 * Asset files kept in PostgreSQL (ASSET_STORAGE=database): every API and worker replica reads the
 * same files without a shared volume. Keys are the storage keys of api/src/lib/storage.ts.
 */
export declare const assetFiles: import('drizzle-orm/pg-core').PgTableWithColumns<{
  name: 'asset_files';
  schema: undefined;
  columns: {
    key: import('drizzle-orm/pg-core').PgColumn<
      {
        name: 'key';
        tableName: 'asset_files';
        dataType: 'string';
        columnType: 'PgText';
        data: string;
        driverParam: string;
        notNull: true;
        hasDefault: false;
        isPrimaryKey: true;
        isAutoincrement: false;
        hasRuntimeDefault: false;
        enumValues: [string, ...string[]];
        baseColumn: never;
        identity: undefined;
        generated: undefined;
      },
      {},
      {}
    >;
    data: import('drizzle-orm/pg-core').PgColumn<
      {
        name: 'data';
        tableName: 'asset_files';
        dataType: 'custom';
        columnType: 'PgCustomColumn';
        data: Buffer<ArrayBufferLike>;
        driverParam: Buffer<ArrayBufferLike> | Uint8Array<ArrayBufferLike>;
        notNull: true;
        hasDefault: false;
        isPrimaryKey: false;
        isAutoincrement: false;
        hasRuntimeDefault: false;
        enumValues: undefined;
        baseColumn: never;
        identity: undefined;
        generated: undefined;
      },
      {},
      {
        pgColumnBuilderBrand: 'PgCustomColumnBuilderBrand';
      }
    >;
    bytes: import('drizzle-orm/pg-core').PgColumn<
      {
        name: 'bytes';
        tableName: 'asset_files';
        dataType: 'number';
        columnType: 'PgInteger';
        data: number;
        driverParam: string | number;
        notNull: true;
        hasDefault: false;
        isPrimaryKey: false;
        isAutoincrement: false;
        hasRuntimeDefault: false;
        enumValues: undefined;
        baseColumn: never;
        identity: undefined;
        generated: undefined;
      },
      {},
      {}
    >;
    createdAt: import('drizzle-orm/pg-core').PgColumn<
      {
        name: 'created_at';
        tableName: 'asset_files';
        dataType: 'date';
        columnType: 'PgTimestamp';
        data: Date;
        driverParam: string;
        notNull: true;
        hasDefault: true;
        isPrimaryKey: false;
        isAutoincrement: false;
        hasRuntimeDefault: false;
        enumValues: undefined;
        baseColumn: never;
        identity: undefined;
        generated: undefined;
      },
      {},
      {}
    >;
  };
  dialect: 'pg';
}>;
