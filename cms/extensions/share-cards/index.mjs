// Directus hook: when a published item of a collection below is saved, its share card is drawn
// (draw.mjs) and stored as a file, linked from the item's `share_card` field (the form shows it
// as an image: the editors' preview). A save that changes none of the drawn fields keeps the
// card (an item without one gets it). Each drawing is a new file, so its URL changes and caches
// fetch it anew; the previous card is deleted, and so are a deleted item's cards. An editor's own
// `share_image` is left alone: the site prefers it. The API reference and each of its earlier
// versions get one card per operation when the document is saved.
import { Readable } from "node:stream";
import emitter from "@directus/api/emitter";
import { drawShareCard } from "./draw.mjs";

const changelogKinds = { new: "New", improved: "Improved", fixed: "Fixed", deprecated: "Deprecated" };

const authorName = (author) => [author?.first_name, author?.second_name].filter(Boolean).join(" ");
// A CMS page's kind is its top-level part of the site: /products/… are Products.
const pageKinds = { products: "Products", solutions: "Solutions", pricing: "Pricing", about: "Company" };
const pageKind = (path) => pageKinds[String(path ?? "").split("/")[1]] ?? "Page";

const eventDate = (value) =>
  value ? new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(value)) : "";

/** What each collection's card shows, from the item read with `fields`. */
const cardCollections = {
  events: {
    fields: ["title", "status", "share_card", "start_at", "online", "location"],
    drawnFields: ["title", "status", "start_at", "online", "location"],
    card: (item) => ({
      title: item.title,
      kind: "Event",
      detail: [eventDate(item.start_at), item.online ? "Online" : item.location].filter(Boolean).join(" · "),
    }),
  },
  jobs: {
    fields: ["role", "status", "share_card", "department", "location"],
    drawnFields: ["role", "status", "department", "location"],
    card: (item) => ({ title: item.role, kind: "Careers", detail: [item.department, item.location].filter(Boolean).join(" · ") }),
  },
  posts: {
    fields: ["title", "status", "share_card", "author.first_name", "author.second_name"],
    drawnFields: ["title", "status", "author"],
    card: (item) => ({ title: item.title, kind: "Blog", detail: authorName(item.author) }),
  },
  pages: {
    fields: ["title", "status", "share_card", "path"],
    drawnFields: ["title", "status", "path", "slug", "parent"],
    card: (item) => ({ title: item.title, kind: pageKind(item.path) }),
  },
  docs_pages: {
    fields: ["title", "status", "share_card", "section.title"],
    drawnFields: ["title", "status", "section"],
    card: (item) => ({ title: item.title, kind: "Docs", detail: item.section?.title ?? "" }),
  },
  changelog_entries: {
    fields: ["title", "status", "share_card", "kind", "products"],
    drawnFields: ["title", "status", "kind", "products"],
    card: (item) => ({
      title: item.title,
      kind: "Changelog",
      detail: [changelogKinds[item.kind], ...(Array.isArray(item.products) ? item.products : [])].filter(Boolean).join(" · "),
    }),
  },
};

/** How many cards one catching-up pass draws per collection, one after another. */
const catchUpBatch = 100;

/** The collections whose items hold a card per operation (`share_cards`), and what their cards are called. */
const apiCollections = {
  api_reference: { kind: () => "API reference", triggers: ["reference", "source"] },
  api_reference_versions: { kind: (item) => `API reference ${item.version}`, triggers: ["reference", "source", "status", "version"] },
};

export default ({ action, filter, schedule: onSchedule }, { services, database, getSchema, env, logger }) => {
  const { FilesService, ItemsService } = services;
  const storage = String(env.STORAGE_LOCATIONS ?? "local").split(",")[0].trim();
  const brand = env.SITE_NAME || undefined;
  // One drawing at a time per item, so two quick saves cannot interleave their uploads.
  const pending = new Map();

  /**
   * Stores a drawn card on its item through Directus (with its events: the site's revalidation
   * flow sees the new card), then puts back the item's `date_updated`: a card drawn is no edit,
   * and readers see that time as "Updated …" and search engines as the sitemap's lastmod.
   */
  async function storeOnItem(schema, collection, key, payload) {
    const primary = schema.collections[collection]?.primary ?? "id";
    const dated = Boolean(schema.collections[collection]?.fields?.date_updated);
    const before = dated ? await database(collection).select("date_updated").where(primary, key).first() : null;
    await new ItemsService(collection, { schema }).updateOne(key, payload);
    if (before) await database(collection).update({ date_updated: before.date_updated }).where(primary, key);
  }

  /** `always`: the save changed a drawn field; otherwise only an item without a card gets one. */
  async function drawFor(collection, key, always) {
    const described = cardCollections[collection];
    const schema = await getSchema();
    const items = new ItemsService(collection, { schema });
    const item = await items.readOne(key, { fields: described.fields });
    if (!item || item.status !== "published" || (!always && item.share_card)) return;
    const card = described.card(item);
    if (!card.title) return;
    const png = await drawShareCard({ ...card, brand });
    const files = new FilesService({ schema });
    const file = await storeCard(files, png, `${collection}-${key}`, card.title);
    if (!always) {
      // Catching up: every instance of a cluster does it, so the first to claim the empty field
      // keeps its card and the others delete theirs (a conditional update is atomic in both databases).
      const primary = schema.collections[collection]?.primary ?? "id";
      const claimed = await database(collection).update({ share_card: file }).where(primary, key).whereNull("share_card");
      if (!claimed) {
        await files.deleteOne(file);
        logger.info(`share card: ${collection} ${key} was drawn by another instance`);
        return;
      }
    }
    // This hook's own update handler leaves it alone (share_card is no drawn field, and the item has a card).
    await storeOnItem(schema, collection, key, { share_card: file });
    const previous = typeof item.share_card === "object" ? item.share_card?.id : item.share_card;
    if (previous && previous !== file) await files.deleteOne(previous);
    logger.info(`share card: drew ${collection} ${key}`);
  }

  const schedule = (collection, key, always) => {
    const id = `${collection}:${key}`;
    const next = (pending.get(id) ?? Promise.resolve())
      .then(() => drawFor(collection, key, always))
      .catch((error) => logger.error(`share card: ${collection} ${key} failed: ${error?.message ?? error}`))
      .finally(() => {
        if (pending.get(id) === next) pending.delete(id);
      });
    pending.set(id, next);
  };

  /** A new file holding a card, titled for the file library. */
  async function storeCard(files, png, name, title) {
    return files.uploadOne(Readable.from([png]), { storage, type: "image/png", filename_download: `share-card-${name}.png`, title: `Share card: ${title}` });
  }

  /**
   * The API reference's operations each get a card, kept in `share_cards` as operationId →
   * { file, drawn } (`drawn`: what it shows, so a save redraws only the operations it changed);
   * an earlier version's too, once published. Cards of operations that changed or left the
   * document are deleted.
   */
  async function drawApiCards(collection, key) {
    const schema = await getSchema();
    const items = new ItemsService(collection, { schema });
    const versioned = collection === "api_reference_versions";
    const item = await items.readOne(key, { fields: ["reference", "share_cards", ...(versioned ? ["version", "status"] : [])] });
    if (!item || (versioned && item.status !== "published")) return;
    const operations = Array.isArray(item.reference?.operations) ? item.reference.operations : [];
    const previous = item.share_cards && typeof item.share_cards === "object" ? item.share_cards : {};
    const kind = apiCollections[collection].kind(item);
    const files = new FilesService({ schema });
    const next = {};
    const drawnNow = [];
    for (const operation of operations) {
      if (!operation?.id || !operation.summary) continue;
      const method = String(operation.method ?? "").toUpperCase();
      const drawn = `${versioned ? `${item.version} ` : ""}${method} ${operation.path} ${operation.summary}`;
      if (previous[operation.id]?.drawn === drawn) {
        next[operation.id] = previous[operation.id];
        continue;
      }
      const png = await drawShareCard({ title: operation.summary, kind, detail: `${method} ${operation.path}`, brand });
      const name = `api-${versioned ? `${item.version}-` : ""}${operation.id}`;
      next[operation.id] = { file: await storeCard(files, png, name, operation.summary), drawn };
      drawnNow.push(next[operation.id].file);
    }
    // Another instance of a cluster may have stored cards while these were drawn: theirs stay.
    const current = await items.readOne(key, { fields: ["share_cards"] });
    if (JSON.stringify(current?.share_cards ?? null) !== JSON.stringify(item.share_cards ?? null)) {
      if (drawnNow.length) await files.deleteMany(drawnNow);
      logger.info(`share card: ${collection} ${key} was drawn by another instance`);
      return;
    }
    const kept = new Set(Object.values(next).map((entry) => entry.file));
    const stale = Object.values(previous)
      .map((entry) => entry?.file)
      .filter((file) => file && !kept.has(file));
    if (JSON.stringify(next) !== JSON.stringify(previous)) await storeOnItem(schema, collection, key, { share_cards: next });
    if (stale.length) await files.deleteMany(stale);
    logger.info(`share card: ${kind} (${collection} ${key}) has ${Object.keys(next).length} operation cards (${stale.length} replaced or removed)`);
  }

  const scheduleApi = (collection, key) => {
    const id = `${collection}:${key}`;
    const next = (pending.get(id) ?? Promise.resolve())
      .then(() => drawApiCards(collection, key))
      .catch((error) => logger.error(`share card: ${collection} ${key} failed: ${error?.message ?? error}`))
      .finally(() => {
        if (pending.get(id) === next) pending.delete(id);
      });
    pending.set(id, next);
    return next;
  };

  /**
   * Published items without a card get one: those published before this hook, or whose drawing
   * failed or whose card file was deleted. One at a time, so a large backlog never draws in
   * parallel. Each instance of a cluster runs it: the first to store a card keeps it, and the
   * others delete what they drew (drawFor, drawApiCards).
   */
  async function catchUp() {
    const schema = await getSchema();
    for (const collection of Object.keys(cardCollections)) {
      const items = new ItemsService(collection, { schema });
      const missing = await items.readByQuery({
        filter: { status: { _eq: "published" }, share_card: { _null: true } },
        fields: ["id"],
        limit: catchUpBatch,
      });
      for (const { id } of missing) {
        schedule(collection, id, false);
        await pending.get(`${collection}:${id}`);
      }
    }
    const references = await new ItemsService("api_reference", { schema }).readByQuery({ fields: ["id"], limit: 1 });
    for (const { id } of references) await scheduleApi("api_reference", id);
    const versions = await new ItemsService("api_reference_versions", { schema }).readByQuery({
      filter: { status: { _eq: "published" } },
      fields: ["id"],
      limit: catchUpBatch,
    });
    for (const { id } of versions) await scheduleApi("api_reference_versions", id);
  }
  const runCatchUp = () => catchUp().catch((error) => logger.error(`share card: catching up failed: ${error?.message ?? error}`));
  action("server.start", runCatchUp);
  onSchedule("*/15 * * * *", runCatchUp);

  // The api-reference hook writes `reference` when `source` is saved; this runs after it.
  for (const [collection, { triggers }] of Object.entries(apiCollections)) {
    const onSave = ({ key, keys, payload }) => {
      if (!payload || !triggers.some((field) => field in payload)) return;
      for (const id of keys ?? [key]) scheduleApi(collection, id);
    };
    action(`${collection}.items.create`, onSave);
    action(`${collection}.items.update`, onSave);
  }

  // A deleted item's cards go with it: read before the delete (its files), deleted after it.
  const cardsOfDeleted = new Map();
  const cardFiles = (row) => {
    if (row.share_card) return [row.share_card];
    const cards = typeof row.share_cards === "string" ? JSON.parse(row.share_cards) : row.share_cards;
    return cards && typeof cards === "object" ? Object.values(cards).flatMap((entry) => (entry?.file ? [entry.file] : [])) : [];
  };
  for (const collection of [...Object.keys(cardCollections), ...Object.keys(apiCollections)]) {
    const field = collection in apiCollections ? "share_cards" : "share_card";
    filter(`${collection}.items.delete`, async (keys) => {
      const schema = await getSchema();
      const primary = schema.collections[collection]?.primary ?? "id";
      const rows = await database(collection).select(primary, field).whereIn(primary, keys);
      for (const row of rows) cardsOfDeleted.set(`${collection}:${row[primary]}`, cardFiles(row));
      return keys;
    });
    action(`${collection}.items.delete`, async ({ keys }) => {
      const files = keys.flatMap((key) => cardsOfDeleted.get(`${collection}:${key}`) ?? []);
      for (const key of keys) cardsOfDeleted.delete(`${collection}:${key}`);
      if (!files.length) return;
      try {
        await new FilesService({ schema: await getSchema() }).deleteMany(files);
        logger.info(`share card: deleted ${files.length} card(s) of deleted ${collection} ${keys.join(", ")}`);
      } catch (error) {
        logger.error(`share card: the cards of deleted ${collection} ${keys.join(", ")} could not be deleted: ${error?.message ?? error}`);
      }
    });
  }

  for (const [collection, described] of Object.entries(cardCollections)) {
    action(`${collection}.items.create`, ({ key }) => schedule(collection, key, true));
    action(`${collection}.items.update`, ({ keys, payload }) => {
      const changesDrawnField = described.drawnFields.some((field) => payload && field in payload);
      for (const key of keys) {
        schedule(collection, key, changesDrawnField);
        // Whoever waits for this item's card (a release, before it tells the site it is live)
        // hears when it is drawn or kept.
        pending.get(`${collection}:${key}`)?.finally(() => emitter.emitAction("share_cards.settled", { collection, key: String(key) }, {}));
      }
    });
  }
};
