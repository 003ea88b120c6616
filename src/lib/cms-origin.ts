/** The Directus origin editors use (admin, Live Preview): `CMS_PUBLIC_URL`, else `API_BASE_URL`. */
export function cmsOrigin(env: { API_BASE_URL: string; CMS_PUBLIC_URL?: string }): string {
  const url = env.CMS_PUBLIC_URL?.trim() || env.API_BASE_URL;
  try {
    return new URL(url).origin;
  } catch {
    return url.replace(/\/+$/, "");
  }
}
