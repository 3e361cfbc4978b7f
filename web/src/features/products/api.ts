import { useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { IDENTITY_ROUTES, LICENCE_ROUTES, SESSION_ROUTES, productLoginPath, type TProductListItem } from '@portal/proto';
import { callRoute } from '../../lib/api-client';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** The services list (/product) and opening a product by single sign-on. */

export const useProductList = () => useQuery(routeQuery(LICENCE_ROUTES.productList, {}));

/**
 * The SSO call that opens a product: sso_login, or in a support session proxy_login, or
 * free_proxy_login for a product on its free licence. Proto's productLoginPath decides (the same
 * rule as the gateway's docs); the route object is looked up from it.
 */
function loginRoute(proxy: boolean, product: TProductListItem) {
  const path = productLoginPath({ proxy }, product.plan);
  const route = [IDENTITY_ROUTES.ssoLogin, IDENTITY_ROUTES.ssoProxyLogin, IDENTITY_ROUTES.ssoFreeProxyLogin].find((r) => r.path === path);
  if (!route) throw new Error(`no SSO route ${path}`);
  return route;
}

/**
 * A single-use product token and the URL to go to with it. It outlives the route (the page
 * navigates away with it); a refusal (40400, 40405) is shown on the product's card (quiet).
 */
export function useOpenProduct() {
  return useMutation({
    mutationFn: ({ product, proxy }: { product: TProductListItem; proxy: boolean }) =>
      callRoute(loginRoute(proxy, product), { product: product.id }, { quiet: true, outlivesRoute: true }),
  });
}

// Issue 10, slice A: the services list (Japan's newer page, the older one elsewhere), starting a
// trial or the free plan, and the operator catalogue.

/** Services in use and available: GET /product/new_list in Japan, GET /product elsewhere. */
export const useServiceList = (page: 'new' | 'old') =>
  useQuery(routeQuery(page === 'new' ? LICENCE_ROUTES.productNewList : LICENCE_ROUTES.productServices, {}));

/** Starting a trial or the free plan changes both lists, the products the account may open and the pickers. */
export const useStartService = () => useRouteMutation(LICENCE_ROUTES.productStart, {
  invalidates: [LICENCE_ROUTES.productNewList, LICENCE_ROUTES.productServices, LICENCE_ROUTES.productList, LICENCE_ROUTES.clientProducts, SESSION_ROUTES.userAuth],
  quiet: true,
});

/**
 * The owner's account is given a started product by identity a moment after the start (an event
 * through the outbox), so the account's list refetched at once may not have it yet. It is asked
 * again, a few times, until it has it (issue 22: the page updates without a reload); meanwhile the
 * trial's own card offers Open.
 */
export async function awaitOpenable(queryClient: QueryClient, product: string, tries = 8, delayMs = 400): Promise<boolean> {
  for (let i = 0; i < tries; i += 1) {
    const list = await queryClient.fetchQuery({ ...routeQuery(LICENCE_ROUTES.productList, {}), staleTime: 0 }).catch(() => null);
    if (list?.products.some((p) => p.id === product)) return true;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  return false;
}

export const useCatalogue = () => useQuery(routeQuery(LICENCE_ROUTES.operatorProducts, {}));
export const useUpdateCatalogueProduct = () => useRouteMutation(LICENCE_ROUTES.operatorProductUpdate, { invalidates: [LICENCE_ROUTES.operatorProducts], quiet: true });

/** Product link (issue 10 item 8): the company's domains, linking and unlinking. */
export const useDomains = () => useQuery(routeQuery(LICENCE_ROUTES.productDomains, {}));
export const useHeldProducts = () => useQuery(routeQuery(LICENCE_ROUTES.clientProducts, {}));
export const useLinkDomain = () => useRouteMutation(LICENCE_ROUTES.productLink, { invalidates: [LICENCE_ROUTES.productDomains], quiet: true });
/** Unlinking ends the licences not kept: every list of products changes. */
export const useUnlinkDomain = () => useRouteMutation(LICENCE_ROUTES.productUnlink, {
  invalidates: [LICENCE_ROUTES.productDomains, LICENCE_ROUTES.productNewList, LICENCE_ROUTES.productServices, LICENCE_ROUTES.productList, LICENCE_ROUTES.clientProducts],
  quiet: true,
});
