import { useQuery } from '@tanstack/react-query';
import { USAGE_INGEST_ROUTES } from '@portal/proto';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** Issue 13, slice A: operators' product signing keys for usage ingestion. */
export const useProductKeys = () => useQuery(routeQuery(USAGE_INGEST_ROUTES.productKeyList, {}));
export const useCreateProductKey = () => useRouteMutation(USAGE_INGEST_ROUTES.productKeyCreate, { quiet: true, invalidates: [USAGE_INGEST_ROUTES.productKeyList] });
