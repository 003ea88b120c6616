/** Tests' helpers of the releases feature (the browser and contract suites'): not part of the site. */

type Api = (method: string, path: string, body?: unknown) => Promise<unknown>;

/**
 * Adds to `release` a change of the item through its content version (the CMS makes the version
 * when the change is added) and saves `delta` in that version, as an author does in the admin.
 */
export async function changeInRelease(api: Api, release: number, collection: string, id: number | string, delta: Record<string, unknown>) {
  await api("POST", "/items/release_changes", { release, action: "version", content_collection: collection, item: String(id) });
  const [version] = (await api(
    "GET",
    `/versions?filter[key][_eq]=release-${release}&filter[collection][_eq]=${collection}&filter[item][_eq]=${id}&fields=id`,
  )) as { id: string }[];
  await api("POST", `/versions/${version!.id}/save`, delta);
}
