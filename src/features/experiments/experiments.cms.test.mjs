// Contract tests of experiments (decision 028): the model (an experiment block on a page, its
// variants each a section), what the site's read token, the preview token and the Public policy
// read of it, the seeded running experiment on /pricing, and the editors' one-action flows
// "Stop experiment" and "Promote a variant" (the site is told through the revalidation webhook).
// Own Directus on port 8240 with a fresh data dir, on SQLite or (CMS_TEST_DB=pg) PostgreSQL.
//   PATH=node_modules/.bin:$PATH node --test src/features/experiments/experiments.cms.test.mjs
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { CMS_DIR, DEFAULTS, createApi } from "../../../cms/scripts/lib.mjs";
import { PROMOTE_VARIANT_FLOW, STOP_EXPERIMENT_FLOW } from "./cms/flows.mjs";
import { graphqlClient, startFreshCms, startRevalidateCatcher } from "../../../cms/test/support.mjs";

const PG = process.env.CMS_TEST_DB === "pg";
const PORT = 8240 + Number(process.env.CMS_TEST_PORT_OFFSET ?? 0) + Number(process.env.TEST_PORT_OFFSET ?? 0);
const DATA_DIR = join(CMS_DIR, PG ? "data-experiments-test-pg" : "data-experiments-test");
const URL_ = `http://127.0.0.1:${PORT}`;
const ADMIN = process.env.DIRECTUS_ADMIN_TOKEN ?? DEFAULTS.DIRECTUS_ADMIN_TOKEN;
const PREVIEW = process.env.DIRECTUS_PREVIEW_TOKEN ?? DEFAULTS.DIRECTUS_PREVIEW_TOKEN;
const READ = process.env.DIRECTUS_READ_TOKEN ?? DEFAULTS.DIRECTUS_READ_TOKEN;

let cms;
let catcher;
const admin = createApi(URL_, ADMIN);
const gql = graphqlClient(URL_);
const stamp = Date.now().toString(36);

/** The page's experiment as the site's page query reads it (src/features/pages/blocks/experiment). */
const pageExperimentQuery = `query Page($path: String!) {
  pages(filter: { path: { _eq: $path } }, limit: 1) {
    path
    blocks(sort: ["sort"]) {
      collection
      item {
        ... on block_experiment {
          experiment {
            key status winner
            variants(sort: ["sort"]) { key weight is_control section { id blocks(sort: ["sort"]) { collection item { ... on block_hero { headline } } } } }
          }
        }
      }
    }
  }
}`;

async function pageExperiment(path, token = READ) {
  const answer = await gql(pageExperimentQuery, { token, variables: { path } });
  assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
  return answer.data.pages[0]?.blocks.find((block) => block.collection === "block_experiment")?.item?.experiment ?? null;
}

const heroVariant = (key, headline, extra = {}) => ({
  key,
  label: key,
  weight: 1,
  is_control: key === "control",
  section: {
    status: "published",
    name: `${key} ${stamp}`,
    blocks: [{ collection: "block_hero", item: { status: "published", headline } }],
  },
  ...extra,
});

/** A published page whose only block is an experiment of two hero variants. */
async function pageWithExperiment(slug, experiment) {
  const page = await admin("POST", "/items/pages", {
    status: "published",
    title: slug,
    slug,
    blocks: [
      {
        collection: "block_experiment",
        item: {
          status: "published",
          experiment: {
            key: slug,
            name: `Experiment ${slug}`,
            status: "running",
            variants: [heroVariant("control", `Control ${slug}`), heroVariant("b", `Variant ${slug}`)],
            ...experiment,
          },
        },
      },
    ],
  });
  const [experimentRow] = await admin("GET", `/items/experiments?filter[key][_eq]=${slug}&fields=id`);
  return { page, experimentId: experimentRow.id };
}

async function flowId(name) {
  const [flow] = await admin("GET", `/flows?filter[name][_eq]=${encodeURIComponent(name)}&fields=id`);
  assert.ok(flow, `flow "${name}" exists`);
  return flow.id;
}

/** Presses a flow's button on one experiment, as the Data Studio does. */
const press = async (name, id, fields = {}) =>
  admin("POST", `/flows/trigger/${await flowId(name)}`, { collection: "experiments", keys: [String(id)], ...fields });

before(async () => {
  catcher = await startRevalidateCatcher();
  cms = await startFreshCms({ dataDir: DATA_DIR, port: PORT, siteUrl: catcher.siteUrl });
});

after(async () => {
  await cms?.stop();
  catcher?.close();
});

describe("experiments in the CMS", () => {
  test("the seed runs an experiment on /pricing's hero: two variants of 50, the control the hero the page had", async () => {
    const experiment = await pageExperiment("/pricing");
    assert.ok(experiment, "the pricing page places an experiment");
    assert.equal(experiment.key, "pricing-hero");
    assert.equal(experiment.status, "running");
    assert.deepEqual(
      experiment.variants.map((variant) => [variant.key, variant.weight, variant.is_control]),
      [
        ["control", 50, true],
        ["lowest-price", 50, false],
      ],
    );
    const headline = (variant) => variant.section.blocks[0].item.headline;
    assert.equal(headline(experiment.variants[0]), "Prices per GPU-hour, billed by the second");
    assert.notEqual(headline(experiment.variants[1]), headline(experiment.variants[0]));
  });

  test("the site's read token reads running and stopped experiments with their variants' sections; a draft, nobody but editors; the Public policy, none", async () => {
    const running = `exp-running-${stamp}`;
    const draft = `exp-draft-${stamp}`;
    await pageWithExperiment(running);
    await pageWithExperiment(draft, { status: "draft" });
    const read = await pageExperiment(`/${running}`);
    assert.deepEqual(
      read.variants.map((variant) => variant.section.blocks[0].item.headline),
      [`Control ${running}`, `Variant ${running}`],
    );
    assert.equal(await pageExperiment(`/${draft}`), null, "a draft experiment is not read by the site");
    assert.equal((await pageExperiment(`/${draft}`, PREVIEW))?.key, draft, "an editor's preview reads it");
    // Anonymous: no experiment at all (the collections are the site's, like the blocks).
    const anonymous = await gql(`{ experiments { key } }`);
    assert.ok(anonymous.errors?.length || !anonymous.data?.experiments?.length, JSON.stringify(anonymous));
    const rest = await fetch(`${URL_}/items/experiment_variants`);
    assert.equal(rest.status, 403);
  });

  test("Stop experiment: one action stops it, and the site is told", async () => {
    const key = `exp-stop-${stamp}`;
    const { experimentId } = await pageWithExperiment(key);
    await press(STOP_EXPERIMENT_FLOW, experimentId);
    const [row] = await admin("GET", `/items/experiments?filter[id][_eq]=${experimentId}&fields=status,winner`);
    assert.deepEqual(row, { status: "stopped", winner: null });
    await catcher.waitFor((call) => call.body?.collection === "experiments" && call.body.keys.includes(String(experimentId)));
    assert.equal((await pageExperiment(`/${key}`)).status, "stopped", "the site still reads it, to show the control");
  });

  test("Promote a variant: one action makes it the winner and stops the experiment; a key that is no variant changes nothing", async () => {
    const key = `exp-promote-${stamp}`;
    const { experimentId } = await pageWithExperiment(key);
    // A key that is no variant of this experiment changes nothing, and the button answers why (the editor sees it).
    await assert.rejects(press(PROMOTE_VARIANT_FLOW, experimentId, { variant: "nope" }), (error) => {
      assert.equal(error.status, 400);
      assert.match(error.message, /"nope" is not a variant of this experiment; its variants are: control, b/);
      return true;
    });
    const [unchanged] = await admin("GET", `/items/experiments?filter[id][_eq]=${experimentId}&fields=status,winner`);
    assert.deepEqual(unchanged, { status: "running", winner: null });
    await press(PROMOTE_VARIANT_FLOW, experimentId, { variant: "b" });
    const [row] = await admin("GET", `/items/experiments?filter[id][_eq]=${experimentId}&fields=status,winner`);
    assert.deepEqual(row, { status: "stopped", winner: "b" });
    await catcher.waitFor((call) => call.body?.collection === "experiments" && call.body.keys.includes(String(experimentId)));
    assert.equal((await pageExperiment(`/${key}`)).winner, "b");
  });

  test("an experiment's key must be short and lower case: the CMS refuses another", async () => {
    await assert.rejects(admin("POST", "/items/experiments", { key: "Not A Key!", name: "Bad key", status: "draft" }), (error) => {
      assert.equal(error.status, 400);
      return true;
    });
  });

  test("a variant's section has content versions of its own: the preview token reads a version, the site the main content", async () => {
    const key = `exp-version-${stamp}`;
    await pageWithExperiment(key);
    const experiment = await pageExperiment(`/${key}`);
    const sectionId = experiment.variants[1].section.id;
    const version = await admin("POST", "/versions", {
      key: `draft-${stamp}`,
      name: "New headline",
      collection: "sections",
      item: String(sectionId),
    });
    const [placement] = await admin("GET", `/items/sections_blocks?filter[sections_id][_eq]=${sectionId}&fields=id,item`);
    await admin("POST", `/versions/${version.id}/save`, {
      blocks: { update: [{ id: placement.id, collection: "block_hero", item: { id: placement.item, headline: `Versioned ${key}` } }] },
    });
    const query = `query($id: ID!, $version: String) { sections_by_id(id: $id, version: $version) { blocks { item { ... on block_hero { headline } } } } }`;
    const versioned = await gql(query, { token: PREVIEW, variables: { id: String(sectionId), version: `draft-${stamp}` } });
    assert.equal(versioned.errors, undefined, JSON.stringify(versioned.errors));
    assert.equal(versioned.data.sections_by_id.blocks[0].item.headline, `Versioned ${key}`);
    const main = await pageExperiment(`/${key}`);
    assert.equal(main.variants[1].section.blocks[0].item.headline, `Variant ${key}`);
    // The site's preview finds the variant's page from its section (src/features/pages/queries.ts, VariantPlacements).
    const placements = await gql(
      `query VariantPlacements($section: GraphQLStringOrFloat) {
        experiment_variants(filter: { section: { id: { _eq: $section } } }, limit: 10) { key experiment { key } }
        pages_blocks(filter: { collection: { _eq: "block_experiment" } }, sort: ["pages_id"], limit: 500) { pages_id { path } item { ... on block_experiment { experiment { key } } } }
      }`,
      { token: PREVIEW, variables: { section: String(sectionId) } },
    );
    assert.equal(placements.errors, undefined, JSON.stringify(placements.errors));
    assert.deepEqual(placements.data.experiment_variants, [{ key: "b", experiment: { key } }]);
    assert.ok(placements.data.pages_blocks.some((row) => row.pages_id.path === `/${key}` && row.item.experiment.key === key));
  });
});
