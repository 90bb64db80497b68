/** The catalog could not be read: offline, or the server did not answer with it. */
export class CatalogFetchError extends Error {
  readonly code = 'catalog-fetch';
  constructor(cause: unknown) {
    super('GET /api/catalog failed', { cause });
    this.name = 'CatalogFetchError';
  }
}

export const isCatalogFetchError = (error: unknown): error is CatalogFetchError =>
  error instanceof Error && (error as Partial<CatalogFetchError>).code === 'catalog-fetch';
