import { OPENAPI_DOCUMENT } from "@/lib/api/openapi";
import { defineRoute } from "@/lib/http/route";

/** GET /api/v1/openapi.json: the OpenAPI 3.1 description of the API (public, static). */
export const GET = defineRoute(
  { name: "api-v1-openapi", auth: "public", cacheControl: "public, max-age=3600" },
  async () => OPENAPI_DOCUMENT,
);
