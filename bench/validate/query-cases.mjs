// The contenders for one query string, through Hono and app.request: honest's
// GET /query (Query<QueryFilter>) against hand-written Hono routes reading
// new URL(c.req.url).searchParams and checking with zod's z.coerce schema, or
// not checking. Every case answers how many faults it found (0: accepted).

export const UNCHECKED_QUERY = "unchecked (URLSearchParams only)";

/** `search`: the query string, with its `?`. */
export function queryCases(honestApp, honoApp, search) {
  const get = (app, url) => async () => {
    const response = await app.request(url);
    const answer = await response.text();
    if (response.status === 204) return 0;
    if (response.status !== 400) throw new Error(`${url}: status ${response.status}: ${answer}`);
    return JSON.parse(answer).errors.length;
  };
  return {
    honest: get(honestApp, `/query${search}`),
    zod: get(honoApp, `/zod/query${search}`),
    [UNCHECKED_QUERY]: get(honoApp, `/unchecked/query${search}`),
  };
}

/** Each query string, and the faults it holds. */
export const queries = [
  { name: "valid, small", search: "?tag=spare&limit=20&offset=40", faults: 0 },
  {
    name: "valid, 6 repeated ids",
    search: "?limit=50&ids=1&ids=42&ids=9007199254740993&ids=7&ids=123456789012345678&ids=-3",
    faults: 0,
  },
  // limit below its Minimum<1>, offset not a number.
  { name: "invalid (2 faults)", search: "?tag=spare&limit=0&offset=ten", faults: 2 },
];
