import * as z from "zod/mini";
import { chooseVariant } from "../../../experiments";
import { defineBlock } from "../define";
import { collection } from "./cms.mjs";
import { idSchema, text } from "../parts";
import { shownNow } from "../shown-now";

const variantSchema = z.object({
  key: z.string().check(z.minLength(1)),
  weight: z.nullish(z.number()),
  is_control: z.nullish(z.boolean()),
  section: z.nullish(z.object({ id: idSchema, blocks: z.nullish(z.array(z.unknown())) })),
});

const schema = z.object({
  id: idSchema,
  experiment: z.object({
    key: z.string().check(z.minLength(1)),
    status: text,
    start_at: text,
    stop_at: text,
    winner: text,
    variants: z.array(variantSchema),
  }),
});

/** Never rendered: `expand` puts the chosen variant's blocks in the experiment's place. */
const NeverRendered = () => null;

/**
 * An experiment where it stands on a page (decision 028): it stands for the blocks of one
 * variant's section, the one this visitor sees (`chooseVariant`), chosen where the page's data is
 * prepared, on the server for its HTML and in the browser on a client navigation, so the page is
 * never swapped after it shows. Its variants' blocks are selected with `innerBlocks` (every other
 * block type's fragment: an experiment inside a variant is not read).
 */
export const experimentBlock = (innerBlocks: string) =>
  defineBlock({
    collection,
    fields: `id experiment { key status start_at stop_at winner variants(sort: ["sort"]) { key weight is_control section { id blocks(filter: ${shownNow}, sort: ["sort"]) { id collection anchor item { ${innerBlocks} } } } } }`,
    schema,
    expand(raw, context) {
      const { experiment } = raw;
      const visitor = context.visitor ?? { id: null, preview: false, now: Date.now() };
      const key = chooseVariant(experiment, visitor, context.url);
      const section = experiment.variants.find((variant) => variant.key === key)?.section;
      return { key: key ?? "", placements: (section?.blocks ?? []) as never, experiment: experiment.key };
    },
    View: NeverRendered,
  });
