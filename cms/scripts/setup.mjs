// Access model and automation that are not part of the schema snapshot: the Public policy's
// permissions, the Preview and Site roles/policies/users with static tokens, and the flow that
// tells the site to revalidate when content changes. Idempotent: managed rows are found by name
// (or e-mail) and their permissions are replaced on every run. Called by prepareCms().

/** Collections with a status field: anonymous readers only ever see status = published. */
export const STATUS_COLLECTIONS = ['posts', 'jobs', 'events', 'speakers', 'newsletter_topics', 'search_proposals', 'docs_sections', 'docs_pages'];
/** Collections anonymous readers see in full. */
export const OPEN_COLLECTIONS = ['authors', 'stock_quote', 'site_settings'];
/** Content the revalidation flow watches. */
export const CONTENT_COLLECTIONS = [...STATUS_COLLECTIONS, ...OPEN_COLLECTIONS, 'events_speakers'];
/** Fields a visitor may send when subscribing to the newsletter. */
export const SUBSCRIPTION_FIELDS = ['email', 'topics', 'agreed_at', 'source_page'];

const PUBLISHED = { status: { _eq: 'published' } };
const FLOW_NAME = 'Revalidate site on content change';

/** Read rules that hide drafts everywhere (lists, by id, aggregates and relations). */
function publishedReadRules() {
  return [
    ...STATUS_COLLECTIONS.map((collection) => ({ collection, action: 'read', permissions: PUBLISHED, fields: ['*'] })),
    ...OPEN_COLLECTIONS.map((collection) => ({ collection, action: 'read', permissions: {}, fields: ['*'] })),
    {
      collection: 'events_speakers',
      action: 'read',
      permissions: { _and: [{ events_id: PUBLISHED }, { speakers_id: PUBLISHED }] },
      fields: ['*'],
    },
    { collection: 'directus_files', action: 'read', permissions: {}, fields: ['*'] },
  ];
}

const subscribeRule = {
  collection: 'newsletter_subscriptions',
  action: 'create',
  permissions: {},
  validation: { _and: [{ email: { _nnull: true } }, { agreed_at: { _nnull: true } }, { topics: { _nnull: true } }] },
  fields: SUBSCRIPTION_FIELDS,
};

async function findOne(api, path, filter) {
  const qs = new URLSearchParams({ filter: JSON.stringify(filter), limit: '1' });
  const rows = await api('GET', `${path}?${qs}`);
  return rows?.[0] ?? null;
}

/** Replace the permissions a policy has on the given collections with `rules`. */
async function setPermissions(api, policy, rules, collections) {
  const qs = new URLSearchParams({
    filter: JSON.stringify({ policy: { _eq: policy }, collection: { _in: collections } }),
    fields: 'id',
    limit: '-1',
  });
  const existing = await api('GET', `/permissions?${qs}`);
  if (existing.length) await api('DELETE', '/permissions', existing.map((p) => p.id));
  if (rules.length) await api('POST', '/permissions', rules.map((r) => ({ policy, ...r })));
}

async function ensureRoleWithPolicy(api, { role: roleName, policy: policyName, description, icon }) {
  let role = await findOne(api, '/roles', { name: { _eq: roleName } });
  role ??= await api('POST', '/roles', { name: roleName, icon, description });
  let policy = await findOne(api, '/policies', { name: { _eq: policyName } });
  policy ??= await api('POST', '/policies', {
    name: policyName,
    icon,
    description,
    admin_access: false,
    app_access: false,
    enforce_tfa: false,
  });
  const link = await findOne(api, '/access', { role: { _eq: role.id }, policy: { _eq: policy.id } });
  if (!link) await api('POST', '/access', { role: role.id, policy: policy.id });
  return { role: role.id, policy: policy.id };
}

async function ensureTokenUser(api, { email, firstName, role, token }) {
  const existing = await findOne(api, '/users', { email: { _eq: email } });
  const body = { first_name: firstName, last_name: 'Token', email, role, token, status: 'active' };
  if (existing) await api('PATCH', `/users/${existing.id}`, body);
  else await api('POST', '/users', body);
}

async function setupRevalidateFlow(api) {
  const old = await findOne(api, '/flows', { name: { _eq: FLOW_NAME } });
  if (old) await api('DELETE', `/flows/${old.id}`);
  const flow = await api('POST', '/flows', {
    name: FLOW_NAME,
    icon: 'sync',
    color: '#3B4FD8',
    description: 'POSTs {collection, keys} to ${SITE_URL}/api/revalidate with the X-Revalidate-Secret header.',
    status: 'active',
    trigger: 'event',
    accountability: 'all',
    options: {
      type: 'action',
      scope: ['items.create', 'items.update', 'items.delete'],
      collections: CONTENT_COLLECTIONS,
    },
  });
  // items.create carries `key`, update/delete carry `keys`: normalise to {collection, keys: string[]}.
  const normalize = await api('POST', '/operations', {
    flow: flow.id,
    key: 'normalize',
    name: 'Build payload',
    type: 'exec',
    position_x: 19,
    position_y: 1,
    options: {
      code: [
        'module.exports = async function (data) {',
        '  const t = data.$trigger;',
        '  const keys = Array.isArray(t.keys) ? t.keys : t.key !== undefined ? [t.key] : [];',
        '  return { collection: t.collection, keys: keys.map(String) };',
        '};',
      ].join('\n'),
    },
  });
  const request = await api('POST', '/operations', {
    flow: flow.id,
    key: 'revalidate',
    name: 'POST /api/revalidate',
    type: 'request',
    position_x: 37,
    position_y: 1,
    options: {
      method: 'POST',
      url: '{{$env.SITE_URL}}/api/revalidate',
      headers: [
        { header: 'Content-Type', value: 'application/json' },
        { header: 'X-Revalidate-Secret', value: '{{$env.REVALIDATE_SECRET}}' },
      ],
      body: '{{normalize}}',
    },
  });
  await api('PATCH', `/operations/${normalize.id}`, { resolve: request.id });
  await api('PATCH', `/flows/${flow.id}`, { operation: normalize.id });
  return flow.id;
}

/**
 * @param {ReturnType<import('./lib.mjs').createApi>} api admin-token client
 * @param {ReturnType<import('./lib.mjs').cmsConfig>} config
 * @param {(msg: string) => void} log
 */
export async function setupAccess(api, config, log = () => {}) {
  const managed = [...CONTENT_COLLECTIONS, 'directus_files', 'newsletter_subscriptions'];

  // Public (anonymous) policy: the row in directus_access with neither role nor user.
  const publicAccess = await findOne(api, '/access', { role: { _null: true }, user: { _null: true } });
  if (!publicAccess) throw new Error('Public policy not found');
  await setPermissions(api, publicAccess.policy, [...publishedReadRules(), subscribeRule], managed);
  log('cms:   public policy: published-only reads, newsletter sign-up (create only)');

  // Preview: read-only, sees drafts. Used by the site for draft previews.
  const preview = await ensureRoleWithPolicy(api, {
    role: 'Preview',
    policy: 'Preview: read all content',
    icon: 'visibility',
    description: 'Read-only access to all content including drafts (site preview mode).',
  });
  await setPermissions(
    api,
    preview.policy,
    [...CONTENT_COLLECTIONS, 'directus_files'].map((collection) => ({ collection, action: 'read', permissions: {}, fields: ['*'] })),
    managed,
  );
  await ensureTokenUser(api, { email: 'preview@example.com', firstName: 'Preview', role: preview.role, token: config.previewToken });
  log('cms:   Preview role + user with static token (DIRECTUS_PREVIEW_TOKEN)');

  // Site: what the site worker may do with a server-side token (published reads + sign-ups).
  const site = await ensureRoleWithPolicy(api, {
    role: 'Site',
    policy: 'Site: published content and newsletter sign-up',
    icon: 'public',
    description: 'Server-side token of the site worker: published content, creates newsletter subscriptions.',
  });
  await setPermissions(api, site.policy, [...publishedReadRules(), subscribeRule], managed);
  await ensureTokenUser(api, { email: 'site@example.com', firstName: 'Site', role: site.role, token: config.siteToken });
  log('cms:   Site role + user with static token (DIRECTUS_SITE_TOKEN)');

  await setupRevalidateFlow(api);
  log('cms:   flow "Revalidate site on content change" -> {{$env.SITE_URL}}/api/revalidate');
}
