import * as z from "zod/mini";
import { chooseVariant } from "../../../experiments";
import { defineBlock } from "../define";
import { collection, fields } from "./cms.mjs";
import { fromCms } from "../derive";
import { shownNow } from "../shown-now";

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
    ...fromCms(collection, fields, {
      given: {
        // A variant's section's blocks in their display window, each checked by its own block type when expanded.
        placements: { filter: shownNow, select: `id collection anchor item { ${innerBlocks} }`, schema: z.unknown() },
      },
    }),
    expand(raw, context) {
      const { experiment } = raw;
      const visitor = context.visitor ?? { id: null, preview: false, now: Date.now() };
      const key = chooseVariant(experiment, visitor, context.url);
      const section = experiment.variants.find((variant) => variant.key === key)?.section;
      return { key: key ?? "", placements: (section?.blocks ?? []) as never, experiment: experiment.key };
    },
    View: NeverRendered,
  });
