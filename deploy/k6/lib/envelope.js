// What a GET /v1/maintenance/status answer must look like (DESIGN §3): HTTP 200 with access_status
// 20000 and `maintenance: false`, or, while an operator has maintenance on, HTTP 503 with 50001 and
// `maintenance: true`. Plain ES module: k6 imports it, and a unit test (envelope.spec.ts) runs it
// under node.

/** The HTTP statuses a maintenance-status call may answer with (k6's expectedStatuses). */
export const EXPECTED_STATUSES = [200, 503];

/**
 * @param {number} status
 * @param {unknown} body the parsed JSON body (null when it was not JSON)
 * @returns {{ statusMatchesCode: boolean, envelope: boolean, maintenanceFlag: boolean }}
 */
export function maintenanceStatusVerdict(status, body) {
  const result = body && typeof body === 'object' ? /** @type {any} */ (body).result : undefined;
  const code = result && result.access_status ? result.access_status.code : undefined;
  const envelope = code === 20000 || code === 50001;
  return {
    // The status follows the code: 20000 -> 200, 50001 -> 503 (httpStatusFor).
    statusMatchesCode: (status === 200 && code === 20000) || (status === 503 && code === 50001),
    envelope,
    maintenanceFlag: envelope && typeof result.maintenance === 'boolean' && result.maintenance === (code === 50001),
  };
}
